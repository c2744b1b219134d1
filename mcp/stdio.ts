/**
 * The Seeder's MCP server over stdio, for `panel seeder mcp --site=<id> --user=<email|id>`: the CLI
 * resolves the operator into an Actor; this refuses to start when that actor may not use the Seeder
 * or MCP is off for the site (a PanelError with a message for the terminal), then serves until the
 * client closes stdin (or the transport closes otherwise).
 *
 * When stdin ends, requests already received are answered before the server closes, so
 * `printf '<requests>' | panel seeder mcp ...` gets every response (the SDK would drop them).
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Actor } from '../panel/actor.ts';
import type { Site } from '../panel/site.ts';
import { createSeederMcpServer, type SeederMcpOptions } from './server.ts';

export interface StdioOptions extends SeederMcpOptions {
  stdin?: Readable;
  stdout?: Writable;
}

const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: RequestId; method: string } => 'method' in m && 'id' in m;
const isResponse = (m: JSONRPCMessage): m is JSONRPCMessage & { id: RequestId } => !('method' in m) && 'id' in m;

export async function serveStdio(site: Site, actor: Actor, options: StdioOptions = {}): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const server = await createSeederMcpServer(site, actor, options);
  const transport = new StdioServerTransport(stdin, stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);

  // Requests received and not yet answered; the end of stdin waits for them.
  const pending = new Set<RequestId>();
  let whenDrained: (() => void) | undefined;
  const receive = transport.onmessage!;
  transport.onmessage = (message: JSONRPCMessage) => {
    if (isRequest(message)) pending.add(message.id);
    receive(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if (isResponse(message) && pending.delete(message.id) && pending.size === 0) whenDrained?.();
  };

  // The SDK's stdio transport does not notice the end of its input on its own.
  let ending = false;
  const end = () => {
    if (ending) return;
    ending = true;
    if (pending.size === 0) void server.close();
    else whenDrained = () => void server.close();
  };
  stdin.once('end', end);
  stdin.once('close', end);
  // A client that goes away closes our stdout: that is the end of the session, not a crash.
  const gone = (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    pending.clear();
    end();
  };
  stdout.on('error', gone);
  try {
    await closed;
  } finally {
    stdin.off('end', end);
    stdin.off('close', end);
    stdout.off('error', gone);
  }
}
