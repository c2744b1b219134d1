/**
 * The Seeder's MCP server over Streamable HTTP at `/sites/{site_id}/rest/seeder/v1/mcp`, stateless:
 * each POST gets a fresh server and transport (no session id), so the site's MCP settings and the
 * `seeder_mcp_ability_definition` filters are applied to every request, and any instance can answer.
 * Responses are plain JSON (no SSE stream): a tool call has nothing to stream.
 *
 * Authentication: a bearer API token only. The host's identify middleware has already resolved
 * `req.actor` (a bad token is 401 there). A panel session cookie is refused: MCP clients are
 * programs holding a token, not browsers, and accepting the cookie would let any page a signed-in
 * operator visits drive `generate-*` tools on their behalf, guarded only by the CSRF layer; there is
 * no use for it. Refusals are the host's error envelope: 401 without a token, 403 without the Seeder
 * capability, 404 `mcp.disabled` when MCP is off for the site, 405 for anything but POST.
 */
import type { Request, Response, Router } from 'express';
import type { Actor } from '../panel/actor.ts';
import { PanelError } from '../panel/errors.ts';
import type { Site } from '../panel/site.ts';
import { createSeederMcpServer, type SeederMcpOptions } from './server.ts';

// The SDK's transport is loaded on the first MCP request, like the rest of the SDK (server.ts).
let transportModule: Promise<typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js')> | undefined;
const loadTransport = () => (transportModule ??= import('@modelcontextprotocol/sdk/server/streamableHttp.js'));

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="seeder-mcp"' };

function tokenActor(req: Request): Actor {
  const actor = req.actor;
  if (!actor) {
    throw new PanelError('auth.unauthenticated', 'The Seeder MCP endpoint needs an API token: send Authorization: Bearer <token>.', undefined, CHALLENGE);
  }
  if (actor.via !== 'token') {
    throw new PanelError(
      'auth.unauthenticated',
      'The Seeder MCP endpoint takes an API token (Authorization: Bearer <token>), not a panel session cookie.',
      { presented: actor.via },
      CHALLENGE,
    );
  }
  return actor;
}

export async function handleMcpPost(site: Site, req: Request, res: Response, options: SeederMcpOptions = {}): Promise<void> {
  const actor = tokenActor(req);
  // The site middleware read the counters for this request: the server takes them rather than reading again.
  const server = await createSeederMcpServer(site, actor, { ...options, counters: req.siteCounters });
  const { StreamableHTTPServerTransport } = await loadTransport();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
}

/** Mounts the endpoint at `path` of the Seeder's router (its entry in controllers/endpoints.ts; the plugin hands this to rest/routes.ts). */
export function mountMcpHttp(router: Router, site: Site, path: string, options: SeederMcpOptions = {}): void {
  router.post(path, async (req, res) => {
    await handleMcpPost(site, req, res, options);
  });
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE). Clients accept 405 for both.
  router.all(path, (req) => {
    tokenActor(req);
    throw new PanelError('route.method_not_allowed', `The Seeder MCP endpoint answers POST only, not ${req.method}.`, { method: req.method, allowed: ['POST'] }, { Allow: 'POST' });
  });
}
