/** The SDK's real MCP client against the Seeder, over Streamable HTTP on a real listening server. */
import type { AddressInfo } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import type { Express } from 'express';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface Listening {
  origin: string;
  close(): Promise<void>;
}

export async function listen(app: Express): Promise<Listening> {
  const server: HttpServer = await new Promise((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function mcpUrl(origin: string, siteId = 'shop'): URL {
  return new URL(`${origin}/sites/${siteId}/rest/seeder/v1/mcp`);
}

/** A connected client; `close()` ends it. */
export async function connectHttp(origin: string, token: string, siteId = 'shop'): Promise<Client> {
  const client = new Client({ name: 'seeder-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(mcpUrl(origin, siteId), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** The first text content of a tool result. */
export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  const first = content.find((c) => c.type === 'text');
  if (!first || first.type !== 'text') throw new Error(`no text content in ${JSON.stringify(result)}`);
  return first.text;
}

/** The JSON a successful tool call returned, read from its text content. */
export function jsonOf(result: unknown): any { // eslint-disable-line @typescript-eslint/no-explicit-any -- test convenience
  const r = result as CallToolResult;
  if (r.isError) throw new Error(`tool error: ${textOf(r)}`);
  return JSON.parse(textOf(r));
}
