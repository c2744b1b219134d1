/**
 * The Seeder's site settings: which roles may use it (besides the capability holders) and which MCP
 * tools are offered. Stored as site options; read on every request so changes take effect at once.
 */
import { isRole, ROLES, type Role } from '../panel/roles.ts';
import { PanelError } from '../panel/errors.ts';
import type { Site } from '../panel/site.ts';
import { refuseUnknown, unknownProblem } from './unknown-params.ts';
import { ALLOWED_ROLES_OPTION, allowedRoles, seederCapability } from './access.ts';
import { seederHooks } from './hooks.ts';

export const MCP_SETTINGS_OPTION = 'seeder_mcp_settings';

export interface McpSettings {
  /** The MCP server at all. */
  enabled: boolean;
  /** The read-only preview-<base> tools. */
  preview_tools: boolean;
  /** The generate-<base> tools. */
  generate_tools: boolean;
}

export const DEFAULT_MCP_SETTINGS: McpSettings = { enabled: true, preview_tools: true, generate_tools: true };

export async function mcpSettings(site: Site): Promise<McpSettings> {
  const stored = await site.options.get<Partial<McpSettings>>(MCP_SETTINGS_OPTION, {});
  return { ...DEFAULT_MCP_SETTINGS, ...stored };
}

/**
 * The MCP switches in effect: the stored settings through `seeder_mcp_settings` (a plugin may turn a
 * switch on or off whatever is stored). The MCP server and its tool list follow these, and so do
 * `GET mcp-settings` and the settings screen (`mcpSettingsView`), which show what is stored beside them.
 */
export async function effectiveMcpSettings(site: Site): Promise<McpSettings> {
  const stored = await mcpSettings(site);
  const filtered: unknown = seederHooks(site).applyFilters('seeder_mcp_settings', { ...stored });
  const out = { ...stored };
  if (typeof filtered === 'object' && filtered !== null) {
    for (const key of Object.keys(DEFAULT_MCP_SETTINGS) as (keyof McpSettings)[]) {
      const v = (filtered as Record<string, unknown>)[key];
      if (typeof v !== 'boolean') throw new Error(`The seeder_mcp_settings filter returned a non-boolean "${key}".`);
      out[key] = v;
    }
  } else {
    throw new Error('The seeder_mcp_settings filter returned something other than an object.');
  }
  return out;
}

/**
 * What `GET mcp-settings`, the answer of `POST mcp-settings` and the settings screen show: the switches in
 * effect (after `seeder_mcp_settings`) at the top level, what an administrator stored under `stored`,
 * and which switches a plugin holds at another value than the stored one under `decided_by_plugins`.
 */
export interface McpSettingsView extends McpSettings {
  stored: McpSettings;
  decided_by_plugins: (keyof McpSettings)[];
}

export async function mcpSettingsView(site: Site): Promise<McpSettingsView> {
  const [stored, effective] = [await mcpSettings(site), await effectiveMcpSettings(site)];
  const keys = Object.keys(DEFAULT_MCP_SETTINGS) as (keyof McpSettings)[];
  return { ...effective, stored, decided_by_plugins: keys.filter((k) => stored[k] !== effective[k]) };
}

export async function updateMcpSettings(site: Site, body: unknown): Promise<McpSettingsView> {
  const input = body as Record<string, unknown> | null;
  const problems: Record<string, string> = {};
  if (!input || typeof input !== 'object' || Array.isArray(input)) problems.settings = 'must be an object';
  const next = await mcpSettings(site);
  for (const [k, v] of Object.entries(input ?? {})) {
    if (!(k in DEFAULT_MCP_SETTINGS)) problems[k] = unknownProblem(k, Object.keys(DEFAULT_MCP_SETTINGS));
    else if (typeof v !== 'boolean') problems[k] = 'must be a boolean';
    else next[k as keyof McpSettings] = v;
  }
  if (Object.keys(problems).length) {
    throw new PanelError('validation.invalid', `Invalid parameter(s): ${Object.keys(problems).sort().join(', ')}`, { params: problems });
  }
  await site.options.set(MCP_SETTINGS_OPTION, next);
  return mcpSettingsView(site);
}

export interface AccessSettings {
  capability: string;
  allowed_roles: Role[];
  roles: readonly Role[];
}

export async function accessSettings(site: Site): Promise<AccessSettings> {
  return { capability: seederCapability(site), allowed_roles: await allowedRoles(site), roles: ROLES };
}

export async function updateAccess(site: Site, body: unknown): Promise<AccessSettings> {
  if (body && typeof body === 'object' && !Array.isArray(body)) refuseUnknown(body as Record<string, unknown>, ['allowed_roles']);
  const roles = (body as { allowed_roles?: unknown } | null)?.allowed_roles;
  if (!Array.isArray(roles) || !roles.every(isRole)) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): allowed_roles', {
      params: { allowed_roles: `must be a list of roles (${ROLES.join(', ')})` },
    });
  }
  await site.options.set(ALLOWED_ROLES_OPTION, [...new Set(roles)]);
  return accessSettings(site);
}
