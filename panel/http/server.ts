import http from 'node:http';
import type { Express } from 'express';

/** Listens on the port (0 picks a free one) and resolves with the server and its address. */
export function listen(app: Express, port: number, host = '127.0.0.1'): Promise<{ server: http.Server; url: string }> {
  return new Promise((resolve, reject) => {
    // An idle kept-alive connection stays open longer than a client or a load balancer keeps it (60 s is
    // common): the server closing one just as the client reuses it fails that request ("other side closed").
    const server = http.createServer(app);
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      const addr = server.address();
      const actual = typeof addr === 'object' && addr ? addr.port : port;
      resolve({ server, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${actual}` });
    });
  });
}
