/**
 * Step 2 of the pipeline: synonyms mapped to the shared names, then `seeder_rest_params` and
 * `seeder_rest_params_<resource>`, then validation against the endpoint's JSON Schema. Any violation
 * is 422 `validation.invalid` with `Invalid parameter(s): <names>`; nothing is written.
 */
import { applyLocaleFilter, DEFAULT_LOCALE, resolveLocale } from '../generators/locales.ts';
import { siteLocales } from './locales.ts';
import { normaliseResourceName, type ResourceName } from '../generators/resources.ts';
import { acceptedParameters, applySynonyms, normaliseParameters, parameterSchema, valueChecker, type NormalisedParams } from '../generators/schema.ts';
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
import { hookNames, seederHooks, type ParameterDeclaration } from './hooks.ts';
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

/** A parameter another plugin added to a resource (`seeder_parameters_<resource>`), checked and compiled. */
export interface PluginParameter {
  readonly name: string;
  readonly schema: JSONSchema;
  readonly check: (value: unknown) => string | undefined;
}

const PARAMETER_NAME = /^[a-z][a-z0-9_]*$/;
const compiledParameters = new Map<string, ((value: unknown) => string | undefined) | string>();

/** What is wrong with a parameter declaration, or its compiled check. */
function compileParameter(resource: ResourceName, d: ParameterDeclaration, taken: ReadonlySet<string>): ((value: unknown) => string | undefined) | string {
  if (!d || typeof d !== 'object' || typeof d.name !== 'string' || !PARAMETER_NAME.test(d.name)) return 'its name must be snake case (a-z, 0-9, _)';
  if (taken.has(d.name)) return `${resource} already has a parameter "${d.name}"`;
  if (!d.schema || typeof d.schema !== 'object' || typeof d.schema.description !== 'string' || d.schema.description === '') return 'its schema has no description';
  const key = JSON.stringify(d.schema);
  let entry = compiledParameters.get(key);
  if (entry === undefined) {
    try {
      entry = valueChecker(d.schema as JSONSchema);
    } catch (e) {
      entry = `its schema does not compile: ${(e as Error).message}`;
    }
    compiledParameters.set(key, entry);
  }
  if (typeof entry === 'function' && d.schema.default !== undefined && entry(d.schema.default)) return 'its default does not fit its schema';
  return entry;
}

/**
 * The parameters plugins add to `resource` on the site, through `seeder_parameters_<resource>`. A
 * broken declaration is skipped with a warning naming it. Validation, the OpenAPI document, the CLI
 * flags, the MCP input schemas and the admin form all take them from here (through endpointSchema).
 */
export function pluginParameters(site: Site, resource: ResourceName, platformNames: readonly string[] = []): PluginParameter[] {
  const hooks = seederHooks(site);
  const name = hookNames.parameters(resource);
  if (!hooks.isUsed(name)) return [];
  const declared: unknown = hooks.applyFilters(name, []);
  const taken = new Set([...acceptedParameters(resource), ...platformNames]);
  const out: PluginParameter[] = [];
  for (const d of Array.isArray(declared) ? (declared as ParameterDeclaration[]) : []) {
    const check = compileParameter(resource, d, taken);
    if (typeof check === 'string') {
      process.emitWarning(`Parameter "${String(d?.name)}" declared for ${resource} was ignored: ${check}.`, { code: 'SEEDER_BAD_PARAMETER' });
      continue;
    }
    taken.add(d.name);
    out.push({ name: d.name, schema: structuredClone(d.schema) as JSONSchema, check });
  }
  return out;
}

/** Takes the plugin parameters out of `params`, defaults applied, with the problems of their values. */
function takePluginParameters(params: Record<string, unknown>, declared: readonly PluginParameter[]): { rest: Record<string, unknown>; values: Record<string, unknown>; problems: Record<string, string> } {
  const rest = { ...params };
  const values: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  for (const p of declared) {
    const value = p.name in rest ? rest[p.name] : structuredClone(p.schema.default);
    delete rest[p.name];
    if (value === undefined) continue;
    const problem = p.check(value);
    if (problem) problems[p.name] = problem;
    else values[p.name] = value;
  }
  return { rest, values, problems };
}

/**
 * The parameter schema of a resource's preview and generate: the generator's parameters plus the
 * platform fields of the site's active drivers (or of `drivers`, for a document of no site), with the
 * site's locale list as the locale enum. REST's OpenAPI document, the CLI flags and the MCP input
 * schemas all derive from this.
 */
export function endpointSchema(site: Site | undefined, resource: ResourceName, drivers?: readonly SeederDriver[]): JSONSchema {
  const fields = drivers ? declaredFields(drivers, resource) : site ? siteFields(site, resource) : [];
  let schema = withPlatformFields(parameterSchema(resource), fields);
  if (!site) return schema;
  const added = pluginParameters(site, resource, fields.map((f) => f.field.name));
  if (added.length > 0) schema = { ...schema, properties: { ...schema.properties, ...Object.fromEntries(added.map((p) => [p.name, p.schema])) } };
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
  const added = pluginParameters(site, resource, declared.map((f) => f.field.name));
  const alsoAccepted = [...declared.map((f) => f.field.name), ...added.map((p) => p.name)];
  const given = splitPlatformFields(raw as Record<string, unknown>, declared);
  const addedNames = new Set(added.map((p) => p.name));
  const givenAdded = Object.fromEntries(Object.entries(given.canonical).filter(([n]) => addedNames.has(n)));
  const mapped = applySynonyms(resource, Object.fromEntries(Object.entries(given.canonical).filter(([n]) => !addedNames.has(n))), alsoAccepted);
  if ('error' in mapped) throw validationFailure(mapped.error);
  const filtered = seederHooks(site).applyFiltersGenericThenSpecific('seeder_rest_params', resource, { ...mapped.params, ...givenAdded, ...given.platform }, { resource, action });
  // A filter that returns something other than an object is refused by the validation below.
  const isObject = typeof filtered === 'object' && filtered !== null && !Array.isArray(filtered);
  const { canonical: withAdded, platform } = isObject ? splitPlatformFields(filtered, declared) : { canonical: filtered, platform: {} };
  const extra = isObject ? takePluginParameters(withAdded, added) : { rest: withAdded, values: {}, problems: {} };
  const canonical = extra.rest;
  const offered = siteLocales(site);
  const result = normaliseParameters(resource, canonical, { alsoAccepted, locales: offered.map((l) => l.code) });
  const fieldProblems = { ...platformFieldProblems(platform, declared), ...extra.problems };
  if ('error' in result || Object.keys(fieldProblems).length > 0) {
    const problems = { ...('error' in result ? result.error.details.params : {}), ...fieldProblems };
    throw validationFailure(validationError(problems, 'error' in result ? result.error.details.accepted : undefined));
  }
  // The plugins' parameters travel with the others from here on (the filters below, the entity filters' context).
  let params = Object.assign(result.params, extra.values);
  params.locale = applyLocaleFilter(params.locale, (code) => seederHooks(site).applyFilters('seeder_locale', code, code), offered);
  // After validation, before generation: `seeder_generation_params_<resource>` may change the parameters;
  // its answer is validated again, so a tap cannot ask for what a request could not.
  const paramsHook = hookNames.generationParams(resource);
  if (seederHooks(site).isUsed(paramsHook)) {
    const changed = seederHooks(site).applyFilters(paramsHook, structuredClone(params) as unknown as Record<string, unknown>, { resource, action });
    const changedExtra = takePluginParameters(typeof changed === 'object' && changed !== null ? changed : {}, added);
    const again = normaliseParameters(resource, typeof changed === 'object' && changed !== null ? changedExtra.rest : changed, { alsoAccepted, locales: offered.map((l) => l.code) });
    if ('error' in again || Object.keys(changedExtra.problems).length > 0) {
      throw validationFailure(validationError({ ...('error' in again ? again.error.details.params : {}), ...changedExtra.problems }));
    }
    params = Object.assign(again.params, changedExtra.values);
  }
  if ((params.offset ?? 0) > 0 && !rowsStandAlone(resource)) throw validationFailure(validationError({ offset: offsetRefusal(resource) }));
  return { params, seedGenerated: result.seedGenerated, sent: [...Object.keys(canonical as object), ...Object.keys(withAdded as object).filter((n) => n in extra.values)], platformFields: platform, declared };
}
