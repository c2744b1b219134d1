/**
 * The Seeder's MCP tools: per resource a read-only `preview-<base>` and a `generate-<base>`, whose
 * input schema is the endpoint's parameter schema (generators/schema.ts) and whose calls go to the
 * same controllers as REST and the CLI. Which tools exist is decided from the site's MCP settings
 * each time the list is asked for: a withdrawn tool is not in the list and cannot be called.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { RESOURCES, type ResourceName } from '../generators/resources.ts';
import { endpointSchema } from '../controllers/params.ts';
import { inputLimits } from '../controllers/endpoints.ts';
import { isPanelError, registerErrorCodes } from '../panel/errors.ts';
import type { Site } from '../panel/site.ts';
import { generate, preview } from '../controllers/generate.ts';
import type { SeederRequest } from '../controllers/request.ts';
import { effectiveMcpSettings, type McpSettings } from '../controllers/settings.ts';
import { type McpAbilityDefinition, seederHooks } from '../controllers/hooks.ts';
import { PREVIEW_RESULT_SCHEMA } from '../controllers/preview-schema.ts';

/** The most records one request may ask for, as the endpoint table declares it. */
const MAX_COUNT_PER_REQUEST = inputLimits('generate', 'count').maximum!;

export type ToolMode = 'preview' | 'generate';

/**
 * A preview tool's structured answer: the preview (the REST document's PreviewResult, one schema in
 * controllers/preview-schema.ts), or, with `isError`, the error envelope `{ error: { code, message, details? } }`.
 */
export const PREVIEW_OUTPUT_SCHEMA = {
  type: 'object',
  anyOf: [
    PREVIEW_RESULT_SCHEMA,
    {
      type: 'object',
      properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'object' } }, required: ['code', 'message'] } },
      required: ['error'],
    },
  ],
} as const;

/** MCP off for the site: the HTTP endpoint is 404 and the stdio server does not start. */
export const MCP_ERROR_CODES = { 'mcp.disabled': 404 } as const;
registerErrorCodes(MCP_ERROR_CODES);

export interface SeederTool {
  /** The definition as listed to clients, after `seeder_mcp_ability_definition`. */
  definition: Tool;
  resource: ResourceName;
  mode: ToolMode;
}

/** MCP tool names: letters, digits, `_`, `-`, `.`, 1 to 128 characters. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

type AnyResource = (typeof RESOURCES)[number];

/** The tool's input schema: the endpoint's parameter schema on the site, without its internal `$id` and title. */
export function toolInputSchema(site: Site, resource: ResourceName): McpAbilityDefinition['inputSchema'] {
  const { $id: _id, title: _title, ...schema } = endpointSchema(site, resource) as Record<string, unknown>;
  return { ...schema, type: 'object' };
}

/** The definition of one tool before the filter. */
export function baseDefinition(site: Site, r: AnyResource, mode: ToolMode): McpAbilityDefinition {
  const plural = r.label.toLowerCase();
  if (mode === 'preview') {
    const title = `Preview ${plural}`;
    return {
      name: `preview-${r.base}`,
      title,
      description:
        `${title}: returns the rows that generate-${r.base} would write for the same parameters, without writing anything. ` +
        `The same seed gives the same rows; without a seed a fresh one is chosen and reported. count is 1 to ${MAX_COUNT_PER_REQUEST}.`,
      inputSchema: toolInputSchema(site, r.name),
      outputSchema: PREVIEW_OUTPUT_SCHEMA,
      annotations: { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    };
  }
  const title = `Generate ${plural}`;
  return {
    name: `generate-${r.base}`,
    title,
    description:
      `${title}: creates 1 to ${MAX_COUNT_PER_REQUEST} ${plural} in the site's store (the platform given, else the site's target) and records them ` +
      "in the Seeder's ledger, so they can be removed later. Returns the created ids, the run id and any failures. " +
      `Try preview-${r.base} first to see the rows.`,
    inputSchema: toolInputSchema(site, r.name),
    annotations: { title, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  };
}

function checkDefinition(def: unknown, original: string): asserts def is McpAbilityDefinition {
  const d = def as Partial<McpAbilityDefinition> | null;
  const problem =
    !d || typeof d !== 'object'
      ? 'is not an object'
      : typeof d.name !== 'string' || !TOOL_NAME.test(d.name)
        ? 'has no valid name (letters, digits, _, -, ., at most 128 characters)'
        : typeof d.description !== 'string'
          ? 'has no description'
          : !d.inputSchema || typeof d.inputSchema !== 'object' || d.inputSchema.type !== 'object'
            ? 'has no object inputSchema'
            : undefined;
  if (problem) throw new Error(`The seeder_mcp_ability_definition filter returned a definition for "${original}" that ${problem}.`);
}

/** Which modes the settings offer (none when MCP is off). */
export function offeredModes(settings: McpSettings): ToolMode[] {
  if (!settings.enabled) return [];
  return [...(settings.preview_tools ? (['preview'] as const) : []), ...(settings.generate_tools ? (['generate'] as const) : [])];
}

/**
 * The tools the site offers now: settings read afresh, every definition passed through
 * `seeder_mcp_ability_definition`. Resource order, previews first.
 */
export async function seederTools(site: Site): Promise<SeederTool[]> {
  const modes = offeredModes(await effectiveMcpSettings(site));
  const offered = modes.flatMap((mode) => RESOURCES.map((r) => ({ name: `${mode}-${r.base}`, resource: r.name, mode })));
  // `seeder_mcp_abilities` decides the list (remove one to withdraw it, or reorder); each entry must
  // still name a resource and a mode, and only modes the settings offer.
  const abilities: unknown = seederHooks(site).applyFilters('seeder_mcp_abilities', offered);
  if (!Array.isArray(abilities)) throw new Error('The seeder_mcp_abilities filter returned something other than a list.');
  const tools: SeederTool[] = [];
  const names = new Set<string>();
  for (const ability of abilities as Array<{ name?: unknown; resource?: unknown; mode?: unknown }>) {
    const r = RESOURCES.find((x) => x.name === ability?.resource);
    const mode = ability?.mode as ToolMode;
    if (!r || !modes.includes(mode) || typeof ability.name !== 'string' || !TOOL_NAME.test(ability.name)) {
      throw new Error(`The seeder_mcp_abilities filter returned an entry that is not an offered tool: ${JSON.stringify(ability)}.`);
    }
    const base = { ...baseDefinition(site, r, mode), name: ability.name };
    const filtered: unknown = seederHooks(site).applyFilters('seeder_mcp_ability_definition', base, { resource: r.name, mode });
    checkDefinition(filtered, base.name);
    if (names.has(filtered.name)) throw new Error(`Two Seeder MCP tools are named "${filtered.name}" (check the seeder_mcp_ability_definition filters).`);
    names.add(filtered.name);
    tools.push({ definition: filtered as Tool, resource: r.name, mode });
  }
  return tools;
}

/** Runs one tool through the shared controller; a PanelError becomes a tool error result. */
export async function callSeederTool(
  req: SeederRequest,
  tool: Pick<SeederTool, 'resource' | 'mode'>,
  args: Record<string, unknown> | undefined,
  log: (line: string) => void = (line) => console.error(line),
): Promise<CallToolResult> {
  try {
    const run = tool.mode === 'preview' ? preview : generate;
    const result = (await run(req, tool.resource, args ?? {})) as unknown as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
  } catch (e) {
    if (isPanelError(e)) return toolError(e.code, e.message, e.details);
    log(`Seeder MCP ${tool.mode}-${tool.resource}: ${(e as Error)?.stack ?? String(e)}`);
    return toolError('server.internal', 'An unexpected error occurred; the server log has the details.');
  }
}

export function toolError(code: string, message: string, details?: Record<string, unknown>): CallToolResult {
  const error = { code, message, ...(details ? { details } : {}) };
  const text = details ? `${code}: ${message}\n${JSON.stringify({ error })}` : `${code}: ${message}`;
  return { isError: true, content: [{ type: 'text', text }], structuredContent: { error } };
}
