/**
 * Step 2 of the pipeline: synonyms mapped to the shared names, then `seeder_rest_params` and
 * `seeder_rest_params_<resource>`, then validation against the endpoint's JSON Schema. Any violation
 * is 422 `validation.invalid` with `Invalid parameter(s): <names>`; nothing is written.
 */
import { applyLocaleFilter } from '../../generators/locales.ts';
import { siteLocales } from '../locales.ts';
import { normaliseResourceName, type ResourceName } from '../../generators/resources.ts';
import { applySynonyms, normaliseParameters, type NormalisedParams } from '../../generators/schema.ts';
import type { ValidationErrorBody } from '../../generators/errors.ts';
import { PanelError } from '../../panel/errors.ts';
import type { Site } from '../../panel/site.ts';

export type SeederAction = 'preview' | 'generate';

export function validationFailure(body: ValidationErrorBody): PanelError {
  return new PanelError('validation.invalid', body.message, body.details as unknown as Record<string, unknown>);
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
}

export function prepareParams<R extends ResourceName>(site: Site, resource: R, raw: unknown, action: SeederAction): PreparedParams<R> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): parameters', { params: { parameters: 'must be an object' } });
  }
  const mapped = applySynonyms(resource, raw as Record<string, unknown>);
  if ('error' in mapped) throw validationFailure(mapped.error);
  const filtered = site.hooks.applyFiltersGenericThenSpecific('seeder_rest_params', resource, mapped.params, { resource, action });
  const result = normaliseParameters(resource, filtered);
  if ('error' in result) throw validationFailure(result.error);
  const params = result.params;
  params.locale = applyLocaleFilter(params.locale, (code) => site.hooks.applyFilters('seeder_locale', code, code), siteLocales(site));
  return { params, seedGenerated: result.seedGenerated, sent: Object.keys(filtered) };
}
