/**
 * The JSON the Seeder's admin screen boots with. Every part comes from the controller REST calls for
 * the same data, called with the signed-in operator (`{ site, actor }`), so the screen starts from
 * exactly what `GET platforms`, `GET recipes`, `GET sample-data`, `GET generated`, `GET mcp-settings`
 * and `GET access` would answer and then talks to those routes itself. The resource schemas are
 * `endpointSchema()`: the one declaration REST validation, the CLI flags, the MCP tools and the
 * OpenAPI document derive from.
 *
 * The result goes through `seeder_admin_payload` in admin/page.ts, not here.
 */
import { declaredFields } from '../drivers/platform-fields.ts';
import { activeDrivers } from '../drivers/registry.ts';
import { dependentResources } from '../generators/registry.ts';
import { RESOURCES, type ResourceName } from '../generators/resources.ts';
import type { JSONSchema } from '../generators/json-schema.ts';
import { inputLimits } from '../controllers/endpoints.ts';
import type { Actor } from '../panel/actor.ts';
import { actorCan } from '../panel/actor.ts';
import { roleOnSite } from '../panel/membership.ts';
import { roleHasCapability, type Role } from '../panel/roles.ts';
import type { Site } from '../panel/site.ts';
import { listRecipes, sampleDataStatus, type RecipesResult, type SampleDataStatus } from '../controllers/recipes.ts';
import { ledgerSummary, type LedgerSummary } from '../controllers/cleanup.ts';
import { endpointSchema } from '../controllers/params.ts';
import { platforms, type PlatformsResult } from '../controllers/platforms.ts';
import type { SeederRequest } from '../controllers/request.ts';
import { siteLocales } from '../controllers/locales.ts';
import { accessSettings, mcpSettingsView, type AccessSettings, type McpSettingsView } from '../controllers/settings.ts';
import { SEEDER_VERSION } from '../controllers/version.ts';
import { MAX_TOTAL } from '../generators/schema.ts';

/** The most records one request may ask for, as the endpoint table declares it. */
const MAX_COUNT_PER_REQUEST = inputLimits('generate', 'count').maximum!;

/** One generated resource as the screen offers it. */
export interface AdminResource {
  /** Canonical name (`product_category`). */
  name: ResourceName;
  /** REST segment: `POST {rest_base}/{base}/preview` and `.../generate`. */
  base: string;
  /** Human label, plural. */
  label: string;
  /** Human label, singular. */
  singular: string;
  /**
   * The resources whose generated records may refer to this one's (orders to customers, variations to
   * products), from the generators' declared needs: removing this resource warns about them.
   */
  dependents: ResourceName[];
  /**
   * The parameter schema of the resource's preview and generate (JSON Schema 2020-12), with the
   * platform fields of the site's active stores (their descriptions start with "<Store> only").
   */
  schema: JSONSchema;
  /** Which of the schema's properties are platform fields: name to the id of the one store that honours it. */
  platform_fields: Record<string, string>;
}

/** What `seeder_admin_payload` filters and the page embeds as `#admin-payload`. */
export interface SeederAdminPayload {
  site: { id: string; name: string };
  /** The Seeder REST root of the site, `/sites/{id}/rest/seeder/v1` (no trailing slash). */
  rest_base: string;
  /** The Seeder's version (Semantic Versioning). */
  version: string;
  /**
   * Who the page is for. `can_manage_options`: whether they may decide sample-data consent, who may use
   * the Seeder and which MCP tools are offered (the screen shows the last two read-only otherwise).
   */
  operator: { email: string; role: Role; can_manage_options: boolean };
  /** The generated resources the screen offers, in dependency order (a filter may remove some). */
  resources: AdminResource[];
  /** `GET platforms`: drivers, their matrices and extensions, and the site-wide target. */
  platforms: PlatformsResult;
  /** The site's locale list (`seeder_locales` applied). */
  locales: Array<{ code: string; label: string }>;
  /** `GET recipes` at the default size and locale, annotated against the resolved target. */
  recipes: RecipesResult;
  /** `GET sample-data`: the consent (state, by whom, when) and the downloaded files. */
  sample_data: SampleDataStatus;
  /** `GET generated`: the ledger summary by resource and by run. */
  ledger: LedgerSummary;
  /** `GET mcp-settings`: whether the MCP server, the preview tools and the generate tools are offered. */
  mcp_settings: McpSettingsView;
  /** How many tools each kind offers (one preview-<base> and one generate-<base> per generated resource). */
  mcp_tools_per_kind: number;
  /** The most records one preview or generate request (or MCP tool call) may ask for: the schema's `count` maximum. */
  count_per_request: number;
  /** The most records one bulk run may ask for (`--total`'s maximum, controllers/runs.ts), made in requests of `count_per_request`. */
  max_total: number;
  /** `GET access`: the capability in force (after `seeder_capability`), the roles allowed besides it, every role. */
  access: AccessSettings;
  /** The roles that hold `access.capability` themselves (administrator always), so need no allowing. */
  capability_roles: Role[];
}

export function restBase(site: Site): string {
  return `/sites/${site.id}/rest/seeder/v1`;
}

export async function buildAdminPayload(site: Site, actor: Actor): Promise<SeederAdminPayload> {
  const req: SeederRequest = { site, actor };
  const drivers = activeDrivers(site);
  // Independent reads: each controller checks the capability itself, as it does for REST.
  const [platformReport, recipes, sampleData, ledger, mcp, access] = await Promise.all([
    platforms(req),
    listRecipes(req, {}),
    sampleDataStatus(req),
    ledgerSummary(req),
    // These two leave the capability check to their routes; the reads above make it for the payload.
    mcpSettingsView(site),
    accessSettings(site),
  ]);
  return {
    site: { id: site.id, name: site.name },
    rest_base: restBase(site),
    version: SEEDER_VERSION,
    operator: { email: actor.email, role: roleOnSite(actor), can_manage_options: actorCan(actor, 'manage_options') },
    resources: RESOURCES.map((r) => ({
      name: r.name,
      base: r.base,
      label: r.label,
      singular: r.singular,
      dependents: dependentResources(r.name),
      schema: endpointSchema(site, r.name, drivers),
      // The same declarations endpointSchema() adds (those of the stores active now), so a form can
      // switch off the fields of the stores it is not writing to (they would be refused with 422).
      platform_fields: Object.fromEntries(declaredFields(drivers, r.name).map((f) => [f.field.name, f.driver.id])),
    })),
    platforms: platformReport,
    locales: siteLocales(site).map((l) => ({ code: l.code, label: l.label })),
    recipes,
    sample_data: sampleData,
    ledger,
    mcp_settings: mcp,
    mcp_tools_per_kind: RESOURCES.length,
    count_per_request: MAX_COUNT_PER_REQUEST,
    max_total: MAX_TOTAL,
    access,
    capability_roles: access.roles.filter((role) => roleHasCapability(role, access.capability)),
  };
}
