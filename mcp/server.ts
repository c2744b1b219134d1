/**
 * The Seeder's MCP server for one actor on one site, transport-agnostic (stdio.ts and http.ts
 * connect it). Built on the SDK's low-level `Server`: our input schemas are JSON Schema already,
 * which `McpServer.registerTool` (zod shapes) would make us declare a second time.
 *
 * The tool list is computed on every `tools/list` and `tools/call` from the site's current settings,
 * so a long-lived stdio server follows a settings change at once: a withdrawn tool disappears from
 * the list and calling it is the protocol's unknown-tool error, exactly as if it never existed. Each
 * of those first brings the site up to date (`Site.current`), so a store activated by another process
 * while the session is open is a platform of its next call, as over HTTP.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Actor } from '../panel/actor.ts';
import type { CounterValues } from '../panel/counters.ts';
import { PanelError } from '../panel/errors.ts';
import type { Site } from '../panel/site.ts';
import { assertCanUseSeeder } from '../controllers/access.ts';
import { effectiveMcpSettings } from '../controllers/settings.ts';
import { SEEDER_VERSION } from '../controllers/version.ts';
import { inputLimits } from '../controllers/endpoints.ts';
import { callSeederTool, seederTools } from './tools.ts';

/** The most records one request may ask for, as the endpoint table declares it. */
const MAX_COUNT_PER_REQUEST = inputLimits('generate', 'count').maximum!;

export interface SeederMcpOptions {
  /** Where unexpected tool failures are logged (never stdout: that is the stdio protocol stream). */
  log?: (line: string) => void;
  /**
   * The site's change counters as the HTTP request carrying this server's one message already read them
   * (the site middleware's `Site.look`). Without them (a long-lived stdio session), each message reads them.
   */
  counters?: CounterValues;
}

export const SERVER_NAME = 'seeder';

/**
 * Refuses (PanelError) when the actor may not use the Seeder (`auth.unauthenticated`,
 * `auth.forbidden`) or MCP is off for the site (`mcp.disabled`, 404).
 */
export async function assertMcpAvailable(site: Site, actor: Actor | undefined): Promise<Actor> {
  const who = await assertCanUseSeeder(site, actor);
  if (!(await effectiveMcpSettings(site)).enabled) {
    throw new PanelError('mcp.disabled', `The Seeder's MCP server is turned off for site "${site.id}". Turn it on in the Seeder's MCP settings.`, {
      site: site.id,
    });
  }
  return who;
}

// The SDK is loaded on the first MCP server: it is about a sixth of the start-up time of every `panel`
// command, and only the MCP endpoint and `panel seeder mcp` need it.
let sdk: Promise<[typeof import('@modelcontextprotocol/sdk/server/index.js'), typeof import('@modelcontextprotocol/sdk/types.js')]> | undefined;
const loadSdk = () => (sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/index.js'), import('@modelcontextprotocol/sdk/types.js')]));

export async function createSeederMcpServer(site: Site, actor: Actor, options: SeederMcpOptions = {}): Promise<Server> {
  const [{ Server }, { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError }] = await loadSdk();
  await assertMcpAvailable(site, actor);
  const server = new Server(
    { name: SERVER_NAME, title: 'Seeder', version: SEEDER_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        `Seeder for site "${site.id}": realistic, reproducible store test data. preview-<resource> shows rows without writing; ` +
        `generate-<resource> writes up to ${MAX_COUNT_PER_REQUEST} per call and records them so they can be removed. Resources build on earlier ones ` +
        '(categories and products before orders); pass the same seed to get the same data.',
    },
  );

  // What other processes changed (plugins, options, writes) is taken in once per message.
  const look = () => options.counters ?? site.look();

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    await look();
    return { tools: (await seederTools(site)).map((t) => t.definition) };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const counters = await look();
    const tool = (await seederTools(site)).find((t) => t.definition.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callSeederTool({ site, actor, counters }, tool, request.params.arguments, options.log);
  });

  return server;
}
