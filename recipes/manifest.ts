/**
 * Manifest validation. A manifest is checked when it is loaded; a broken one is refused with one
 * reason (the registry drops it and logs the reason) and never takes the registry down.
 *
 * Rules: `id` is a safe key, equal to its folder name when it comes from disk; `name` is required;
 * `locales` default to `["en_US"]` and must be supported locale codes; `price_band` is integer minor
 * units; every plan entry names a known resource and has a positive integer count for every size, and
 * its parameters pass the endpoint's own schema (the same validation generate runs). A resource listed
 * twice keeps its first entry. The plan runs in dependency order (the resource list's order),
 * whatever order the manifest lists it in.
 */
import { LOCALE_CODES, DEFAULT_LOCALE } from '../generators/locales.ts';
import { normaliseResourceName, RESOURCE_NAMES, type ResourceName } from '../generators/resources.ts';
import { normaliseParameters } from '../generators/schema.ts';
import { parseWords } from './words.ts';
import { RECIPE_SIZES, type RecipePlanStep, type RecipePriceBand, type RecipeSize, type RecipeWords } from './types.ts';

export const RECIPE_ID_PATTERN = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/;

/** Base parameters a recipe never sets: the run chooses them (count from the size, the rest per run). */
export const RUN_PARAMETERS = ['count', 'locale', 'seed', 'platform', 'recipe', 'recipe_run'] as const;

/** The largest count a size may ask for (a run is split into requests of at most `count`'s maximum). */
export const MAX_STEP_COUNT = 100_000;

export interface ParsedManifest {
  id: string;
  name: string;
  description: string | null;
  version: string | null;
  /** Declared locales (default `["en_US"]`). */
  locales: string[];
  price_band: RecipePriceBand | null;
  plan: RecipePlanStep[];
  /** Inline words by locale. */
  words: Map<string, RecipeWords>;
  /** Things worth logging that did not make the manifest invalid (duplicate plan entries). */
  notes: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

class ManifestProblem extends Error {}

function fail(message: string): never {
  throw new ManifestProblem(message);
}

function optionalText(input: Record<string, unknown>, field: string, max: number): string | null {
  const v = input[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' || v.length > max) fail(`${field} must be a string of at most ${max} characters`);
  return v;
}

function priceBand(value: unknown): RecipePriceBand | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) fail('price_band must be an object {currency, min, max} in integer minor units');
  const { currency, min, max } = value;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) fail('price_band.currency must be an ISO 4217 code such as "USD"');
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || (min as number) < 1 || (max as number) < (min as number)) {
    fail('price_band.min and price_band.max must be whole minor units (1999 is 19.99), at least 1, with min <= max');
  }
  return { currency, min: min as number, max: max as number };
}

function counts(resource: string, value: unknown): Record<RecipeSize, number> {
  if (!isObject(value)) fail(`plan entry ${resource}: counts must be an object {small, medium, large}`);
  const out = {} as Record<RecipeSize, number>;
  for (const size of RECIPE_SIZES) {
    const n = value[size];
    if (!Number.isSafeInteger(n) || (n as number) < 1 || (n as number) > MAX_STEP_COUNT) {
      fail(`plan entry ${resource}: counts.${size} must be a whole number from 1 to ${MAX_STEP_COUNT}`);
    }
    out[size] = n as number;
  }
  const extra = Object.keys(value).filter((k) => !(RECIPE_SIZES as readonly string[]).includes(k));
  if (extra.length) fail(`plan entry ${resource}: unknown size "${extra[0]}"; sizes are ${RECIPE_SIZES.join(', ')}`);
  return out;
}

function parameters(resource: ResourceName, value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (!isObject(value)) fail(`plan entry ${resource}: parameters must be an object`);
  const reserved = Object.keys(value).filter((k) => (RUN_PARAMETERS as readonly string[]).includes(k));
  if (reserved.length) fail(`plan entry ${resource}: ${reserved.join(', ')} cannot be set by a recipe; the run chooses ${reserved.length > 1 ? 'them' : 'it'}`);
  // The endpoint's own validation, with a count supplied: what a run would send must be accepted.
  const checked = normaliseParameters(resource, { ...structuredClone(value), count: 1 }, { freshSeed: () => 1 });
  if ('error' in checked) {
    const why = Object.entries(checked.error.details.params).map(([k, v]) => `${k}: ${v}`).join('; ');
    fail(`plan entry ${resource}: ${checked.error.message}${why ? ` (${why})` : ''}`);
  }
  return structuredClone(value);
}

function plan(value: unknown, notes: string[]): RecipePlanStep[] {
  if (!Array.isArray(value) || value.length === 0) fail('plan must be a non-empty list of {resource, counts, parameters?}');
  const steps = new Map<ResourceName, RecipePlanStep>();
  for (const [i, entry] of value.entries()) {
    if (!isObject(entry)) fail(`plan entry ${i + 1} must be an object {resource, counts, parameters?}`);
    const resource = typeof entry.resource === 'string' ? normaliseResourceName(entry.resource) : undefined;
    if (!resource) fail(`plan entry ${i + 1}: unknown resource ${JSON.stringify(entry.resource)}; resources are ${RESOURCE_NAMES.join(', ')}`);
    const step: RecipePlanStep = { resource, counts: counts(resource, entry.counts), parameters: parameters(resource, entry.parameters) };
    if (steps.has(resource)) {
      notes.push(`plan lists ${resource} more than once; the first entry is kept`);
      continue;
    }
    steps.set(resource, step);
  }
  const order = new Map(RESOURCE_NAMES.map((r, i) => [r, i]));
  return [...steps.values()].sort((a, b) => order.get(a.resource)! - order.get(b.resource)!);
}

function locales(value: unknown): string[] {
  if (value === undefined || value === null) return [DEFAULT_LOCALE];
  if (!Array.isArray(value) || value.length === 0) fail('locales must be a non-empty list of locale codes');
  const out: string[] = [];
  for (const code of value) {
    if (typeof code !== 'string' || !LOCALE_CODES.includes(code)) fail(`locales: ${JSON.stringify(code)} is not a supported locale code`);
    if (!out.includes(code)) out.push(code);
  }
  return out;
}

function inlineWords(value: unknown): Map<string, RecipeWords> {
  const out = new Map<string, RecipeWords>();
  if (value === undefined || value === null) return out;
  if (!isObject(value)) fail('words must be an object of words by locale code');
  for (const [code, raw] of Object.entries(value)) {
    if (!LOCALE_CODES.includes(code)) fail(`words: ${JSON.stringify(code)} is not a supported locale code`);
    const parsed = parseWords(raw);
    if ('error' in parsed) fail(`words.${code}: ${parsed.error}`);
    out.set(code, parsed.words);
  }
  return out;
}

/**
 * Validates a manifest. `folder` is the name of the folder it was read from (its id must equal it);
 * absent for manifests registered by other plugins.
 */
export function parseManifest(raw: unknown, folder?: string): { manifest: ParsedManifest } | { error: string } {
  try {
    if (!isObject(raw)) fail('a manifest must be a JSON object');
    const id = raw.id;
    if (typeof id !== 'string' || !RECIPE_ID_PATTERN.test(id)) {
      fail('id must be a safe key: 1 to 64 lowercase letters, digits, "-" or "_", starting and ending with a letter or digit');
    }
    if (folder !== undefined && folder !== id) fail(`id "${id}" must equal its folder name "${folder}"`);
    if (typeof raw.name !== 'string' || raw.name.trim() === '' || raw.name.length > 120) fail('name is required: a string of 1 to 120 characters');
    const notes: string[] = [];
    return {
      manifest: {
        id,
        name: raw.name.trim(),
        description: optionalText(raw, 'description', 1000),
        version: optionalText(raw, 'version', 40),
        locales: locales(raw.locales),
        price_band: priceBand(raw.price_band),
        plan: plan(raw.plan, notes),
        words: inlineWords(raw.words),
        notes,
      },
    };
  } catch (e) {
    if (e instanceof ManifestProblem) return { error: e.message };
    throw e;
  }
}
