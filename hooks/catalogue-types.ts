/**
 * Placeholder value and argument types of the hooks. The Seeder's own data types do not exist yet;
 * these are deliberately loose (an index signature of `unknown`, never `any`) and will be narrowed
 * or replaced by imports once generators/, drivers/ and recipes/ define the real ones.
 */

/** What a writer produced for one generate request (the `seeder_<resource>_generation_result` value). */
export type { GenerateResult as GenerationResult } from '../controllers/generate.ts';

import type { RecipeManifestInput } from '../recipes/types.ts';

/** The request a generation result belongs to. */
export type GenerationContext = {
  resource: string;
  platform: string;
  params: Record<string, unknown>;
} & Record<string, unknown>;

/** A canonical entity as a generator builds it, before a driver maps it to a store's spelling. */
export type CanonicalEntity = Record<string, unknown>;

/** Which row of which request an entity is. */
export type EntityContext = {
  resource: string;
  /** Row index within the request (randomness is seeded per row). */
  index: number;
  params: Record<string, unknown>;
} & Record<string, unknown>;

/** Parameters of a preview or generate request after synonyms are mapped, before validation. */
export type RestParams = Record<string, unknown>;

export type RestParamsContext = {
  resource: string;
  action: 'preview' | 'generate';
} & Record<string, unknown>;

/**
 * A recipe manifest as another plugin registers it through `seeder_recipes` (and as manifest files
 * hold it): id, name, locales, price band, plan, optional inline words (`RecipeManifestInput` in
 * recipes/types.ts; format in recipes/README.md). Every manifest is validated when loaded and a broken
 * one is dropped with a logged reason, so only `id` is required at the type level.
 */
export type RecipeManifest = Pick<RecipeManifestInput, 'id'> & Partial<Omit<RecipeManifestInput, 'id'>>;

/** A platform driver registration (the driver contract of drivers/contract.ts). */
export type { SeederDriver as PlatformRegistration } from '../drivers/contract.ts';

/**
 * An MCP tool definition offered for one resource (mcp/tools.ts), as listed to MCP clients: a filter
 * may change the description, title, annotations or input schema, or rename the tool.
 */
export type McpAbilityDefinition = {
  /** `preview-<base>` or `generate-<base>`. */
  name: string;
  title?: string;
  description: string;
  /** JSON Schema (draft 2020-12) of the arguments, derived from the endpoint's parameter schema. */
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] } & Record<string, unknown>;
  /** MCP tool annotations (hints to clients). */
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
} & Record<string, unknown>;

export type McpAbilityContext = {
  /** Canonical resource name (`product_category`). */
  resource: string;
  mode: 'preview' | 'generate';
} & Record<string, unknown>;

/** The data the admin screen boots with (the shape is documented in admin/payload.ts). */
export type { SeederAdminPayload as AdminPayload } from '../admin/payload.ts';

/** The smallest view of a site that lifecycle actions pass (the host's Site satisfies it). */
export interface SiteRef {
  readonly id: string;
  readonly name: string;
}

/** What `seeder_loaded` passes. */
export type SeederInfo = { version: string } & Record<string, unknown>;
