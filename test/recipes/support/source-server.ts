/**
 * A local HTTP server on 127.0.0.1 standing in for the public source: tests put archives and sample
 * data at paths, or a handler (to cut a download short), and read back every request it received.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Route = Buffer | string | ((req: http.IncomingMessage, res: http.ServerResponse) => void);

export interface SourceServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  requests: ReceivedRequest[];
  set(path: string, route: Route): void;
  close(): Promise<void>;
}

export async function startSourceServer(): Promise<SourceServer> {
  const routes = new Map<string, Route>();
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const route = routes.get((req.url ?? '').split('?')[0]);
      if (route === undefined) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      } else if (typeof route === 'function') {
        route(req, res);
      } else {
        const data = Buffer.from(route);
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length }).end(data);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    set: (path, route) => routes.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A handler that announces `data.length` bytes, sends half, then drops the connection. */
export function cutShort(data: Buffer): Route {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': data.length });
    res.write(data.subarray(0, Math.floor(data.length / 2)), () => res.destroy());
  };
}
