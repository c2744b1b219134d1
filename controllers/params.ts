/**
 * Step 2 of the pipeline: synonyms mapped to the shared names, then `seeder_rest_params` and
 * `seeder_rest_params_<resource>`, then validation against the endpoint's JSON Schema. Any violation
 * is 422 `validation.invalid` with `Invalid parameter(s): <names>`; nothing is written.
 */
import { applyLocaleFilter, DEFAULT_LOCALE, resolveLocale } from '../generators/locales.ts';
import { siteLocales } from './locales.ts';
import { normaliseResourceName, type ResourceName } from '../generators/resources.ts';
import { applySynonyms, normaliseParameters, parameterSchema, type NormalisedParams } from '../generators/schema.ts';
import { rowsStandAlone } from '../generators/registry.ts';
import { validationError, type ValidationErrorBody } from '../generators/errors.ts';
import type { JSONSchema } from '../generators/json-schema.ts';
import type { SeederDriver } from '../drivers/contract.ts';
import {
  declaredFields,
  foreignFieldProblems,
  platformFieldProblems,
  splitPlatformFields,
  withPlatformFields,
  type DeclaredField,
} from '../drivers/platform-fields.ts';
import { activeDrivers } from '../drivers/registry.ts';
import { PanelError } from '../panel/errors.ts';
import type { Site } from '../panel/site.ts';
import { seederHooks } from './hooks.ts';
import { suggestions } from './unknown-params.ts';

export type SeederAction = 'preview' | 'generate';

export function validationFailure(body: ValidationErrorBody): PanelError {
  const { accepted } = body.details;
  const didYouMean = accepted ? suggestions(Object.keys(body.details.params), accepted) : {};
  return new PanelError('validation.invalid', body.message, {
    ...(body.details as unknown as Record<string, unknown>),
    ...(Object.keys(didYouMean).length ? { did_you_mean: didYouMean } : {}),
  });
}

/** Accepts the REST base, the canonical name, `_`/`-` swapped, any case. Unknown is 404 `resource.unknown`. */
export function requireResource(input: string): ResourceName {
  const resource = normaliseResourceName(input);
  if (!resource) throw new PanelError('resource.unknown', `There is no generated resource "${input}".`, { field: 'resource' });
  return resource;
}

export interface PreparedParams<R extends ResourceName> {
  params: NormalisedParams<R>;
  seedGenerated: boolean;
  /** The parameter names the caller sent (after synonyms), for reporting what a platform ignored. */
  sent: string[];
  /** The platform fields sent, validated (see drivers/platform-fields.ts). */
  platformFields: Record<string, unknown>;
  /** The platform fields the resource accepts on this site. */
  declared: DeclaredField[];
}

/**
 * The platform fields `resource` accepts on the site: those of the drivers whose store is active now
 * (a field of an inactive store could never be honoured).
 */
function siteFields(site: Site, resource: ResourceName): DeclaredField[] {
  return declaredFields(activeDrivers(site), resource);
}

/**
 * The parameter schema of a resource's preview and generate: the generator's parameters plus the
 * platform fields of the site's active drivers (or of `drivers`, for a document of no site), with the
 * site's locale list as the locale enum. REST's OpenAPI document, the CLI flags and the MCP input
 * schemas all derive from this.
 */
export function endpointSchema(site: Site | undefined, resource: ResourceName, drivers?: readonly SeederDriver[]): JSONSchema {
  const fields = drivers ? declaredFields(drivers, resource) : site ? siteFields(site, resource) : [];
  const schema = withPlatformFields(parameterSchema(resource), fields);
  if (!site) return schema;
  // The site's locale list (after seeder_locales) is the enum its endpoints validate against.
  const offered = siteLocales(site);
  const locale = { ...schema.properties!.locale, enum: offered.map((l) => l.code), default: resolveLocale(DEFAULT_LOCALE, offered) };
  return { ...schema, properties: { ...schema.properties, locale } };
}

/** 422 when platform fields were sent for another platform than the one written to. */
export function assertFieldsFitPlatform(prepared: Pick<PreparedParams<ResourceName>, 'platformFields' | 'declared'>, driver: SeederDriver): void {
  const problems = foreignFieldProblems(prepared.platformFields, prepared.declared, driver);
  if (Object.keys(problems).length > 0) throw validationFailure(validationError(problems));
}

/** Why `offset` is refused for a resource whose rows depend on what earlier rows of the seed wrote. */
export function offsetRefusal(resource: ResourceName): string {
  return `is not supported for ${resource}: its rows depend on what earlier rows of the same seed wrote (names the store already has, amounts already refunded), so rows made apart would not equal one run's; make them in one run`;
}

export function prepareParams<R extends ResourceName>(site: Site, resource: R, raw: unknown, action: SeederAction): PreparedParams<R> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): parameters', { params: { parameters: 'must be an object' } });
  }
  const declared = siteFields(site, resource);
  const alsoAccepted = declared.map((f) => f.field.name);
  const given = splitPlatformFields(raw as Record<string, unknown>, declared);
  const mapped = applySynonyms(resource, given.canonical, alsoAccepted);
  if ('error' in mapped) throw validationFailure(mapped.error);
  const filtered = seederHooks(site).applyFiltersGenericThenSpecific('seeder_rest_params', resource, { ...mapped.params, ...given.platform }, { resource, action });
  // A filter that returns something other than an object is refused by the validation below.
  const { canonical, platform } =
    typeof filtered === 'object' && filtered !== null && !Array.isArray(filtered) ? splitPlatformFields(filtered, declared) : { canonical: filtered, platform: {} };
  const offered = siteLocales(site);
  const result = normaliseParameters(resource, canonical, { alsoAccepted, locales: offered.map((l) => l.code) });
  const fieldProblems = platformFieldProblems(platform, declared);
  if ('error' in result || Object.keys(fieldProblems).length > 0) {
    const problems = { ...('error' in result ? result.error.details.params : {}), ...fieldProblems };
    throw validationFailure(validationError(problems, 'error' in result ? result.error.details.accepted : undefined));
  }
  const params = result.params;
  if ((params.offset ?? 0) > 0 && !rowsStandAlone(resource)) throw validationFailure(validationError({ offset: offsetRefusal(resource) }));
  params.locale = applyLocaleFilter(params.locale, (code) => seederHooks(site).applyFilters('seeder_locale', code, code), offered);
  return { params, seedGenerated: result.seedGenerated, sent: Object.keys(canonical as object), platformFields: platform, declared };
}
