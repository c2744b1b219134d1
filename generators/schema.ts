/**
 * Parameter schemas: base parameters plus each generator's own, as JSON Schema (draft 2020-12)
 * compiled by Ajv ahead of time by the build (scripts/build.ts), so a broken schema fails the build. This is the one declaration
 * REST validation, CLI flags, MCP input schemas, OpenAPI and the admin forms derive from.
 *
 * `normaliseParameters` is the whole parameter step: synonyms mapped, removed and unknown names
 * refused with reasons, dynamic defaults filled (seed, reference_date, date_range), Ajv defaults
 * applied (no type coercion), then the generator's cross-field checks.
 */
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { GENERATORS, type ParamsByResource } from './catalogue.ts';
import { daysBefore, isoDate } from './dates.ts';
import { validationError, type ValidationErrorBody } from './errors.ts';
import type { JSONSchema, JSONValue } from './json-schema.ts';
import { DEFAULT_LOCALE, LOCALE_CODES } from './locales.ts';
import { RESOURCE_NAMES, type ResourceName } from './resources.ts';
import type { BaseParams } from './types.ts';

/** Days of history `date_range` covers when not given. */
export const DEFAULT_HISTORY_DAYS = 365;

const ISO_DATE: JSONSchema = { type: 'string', format: 'date' };

/** The most records one run (`generateMany`, the CLI's `--total`) takes; a seed's rows are addressed below it (`offset`). */
export const MAX_TOTAL = 10_000_000;

/**
 * The base parameters of every generator. `count` is required. `seed`, `reference_date` and
 * `date_range` have dynamic defaults (a fresh seed reported back, today, the 365 days before the
 * reference date) filled by `normaliseParameters`; `platform`, `recipe` and `recipe_run` mean
 * something only when given, so they have none.
 */
export const BASE_PARAMETERS: Readonly<Record<keyof BaseParams, JSONSchema>> = {
  count: { type: 'integer', minimum: 1, maximum: 100, description: 'How many records to generate, 1 to 100. Larger volumes are made of several requests.' },
  locale: { type: 'string', enum: LOCALE_CODES, default: DEFAULT_LOCALE, description: 'Locale of names, addresses and phone numbers.' },
  seed: {
    type: ['integer', 'string'],
    minLength: 1,
    maxLength: 200,
    description: 'Same seed, same data, on any platform. When absent a fresh seed is chosen and reported.',
  },
  platform: { type: 'string', minLength: 1, description: 'Driver identifier of the store to write to; defaults to the site\'s target platform.' },
  recipe: { type: 'string', minLength: 1, description: 'Recipe whose vocabulary to use; an unknown id is ignored.' },
  recipe_run: { type: 'string', minLength: 1, description: 'Groups the ledger rows of one recipe run so the run can be undone as a unit.' },
  date_range: {
    type: 'object',
    properties: {
      start: { ...ISO_DATE, description: 'First day (YYYY-MM-DD).' },
      end: { ...ISO_DATE, description: 'Last day (YYYY-MM-DD).' },
    },
    required: ['start', 'end'],
    additionalProperties: false,
    description: 'Days the generated dates fall on; defaults to the 365 days before the reference date.',
  },
  reference_date: { ...ISO_DATE, description: '"Today" for the generated data (YYYY-MM-DD); defaults to the current date.' },
  offset: {
    type: 'integer',
    minimum: 0,
    maximum: MAX_TOTAL - 1,
    default: 0,
    description:
      'First row of the seed to make: the request makes rows offset..offset+count-1, exactly those rows of a larger request with the same seed (for splitting a run across processes).',
  },
};

export const BASE_REQUIRED = ['count'] as const;

/** The most records one preview or generate request may ask for: the `count` maximum above. Larger volumes are several requests. */
export const MAX_COUNT_PER_REQUEST: number = BASE_PARAMETERS.count.maximum!;

/** The longest string seed a request may send: the `seed` maxLength above. */
export const SEED_MAX_LENGTH: number = BASE_PARAMETERS.seed.maxLength!;

export interface Synonym {
  /** The earlier name. */
  readonly name: string;
  /** The shared name it maps to. */
  readonly replacement: string;
  readonly resources: readonly ResourceName[];
  /** Value mapping; `to: null` drops the parameter so the default applies. Absent: the value is kept. */
  readonly values?: readonly { readonly from: JSONValue; readonly to: JSONValue }[];
}

/** Earlier parameter names that shipped; they keep working. The shared name wins if both are given. */
export const SYNONYMS: readonly Synonym[] = [
  { name: 'payment_gateways', replacement: 'payment_methods', resources: ['order', 'transaction'] },
  {
    name: 'guest_only',
    replacement: 'guest_cart_ratio',
    resources: ['cart_session'],
    values: [
      { from: true, to: 100 },
      { from: false, to: null },
    ],
  },
];

export interface RemovedParameter {
  readonly name: string;
  readonly resources: readonly ResourceName[];
  readonly reason: string;
}

/** Parameters that were removed because no generator could satisfy them; refused with the reason. */
export const REMOVED_PARAMETERS: readonly RemovedParameter[] = [
  {
    name: 'order_value_range',
    resources: ['order'],
    reason:
      "Removed: an order's total is the sum of its lines plus shipping and tax minus discounts, so it cannot be chosen on its own. Use items_per_order and the products' prices.",
  },
  {
    name: 'cart_value_range',
    resources: ['cart_session'],
    reason: "Removed: a cart's value is the sum of its items, so it cannot be chosen on its own. Use items_per_cart and the products' prices.",
  },
  {
    name: 'calculation_methods',
    resources: ['tax_class', 'shipping_plan'],
    reason:
      'Removed: how tax and shipping are calculated is a setting of the store, not part of the generated records, so a generator cannot satisfy it. Set it in the store.',
  },
];

/** The full parameter schema of `resource`: base parameters plus its own. */
export function parameterSchema(resource: ResourceName): JSONSchema {
  const own = GENERATORS[resource].schema;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `seeder/params/${resource}`,
    title: `Parameters of ${resource}`,
    type: 'object',
    properties: { ...structuredClone(BASE_PARAMETERS), ...structuredClone(own.properties) },
    required: [...BASE_REQUIRED],
    additionalProperties: false,
  };
}

/** Every parameter name `resource` accepts, sorted. */
export function acceptedParameters(resource: ResourceName): string[] {
  return Object.keys(parameterSchema(resource).properties ?? {}).sort();
}

/** The resource's own parameter names (no base parameters), in declaration order. */
export function resourceParameterNames(resource: ResourceName): string[] {
  return Object.keys(GENERATORS[resource].schema.properties);
}

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const require = createRequire(import.meta.url);

/**
 * The one Ajv configuration of parameter schemas, for run time and for the build's precompiled code.
 * Ajv itself loads only here (the compiled build validates with generated code and never needs it).
 */
function createAjv(extra: { code?: { source: true } } = {}): Ajv2020 {
  const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = require('ajv-formats') as { default: FormatsPlugin };
  const ajv = new Ajv2020({ allErrors: true, useDefaults: true, coerceTypes: false, allowUnionTypes: true, strict: true, ...extra });
  addFormats.default(ajv);
  // An annotation for surfaces (a record picker), not a validation rule.
  ajv.addKeyword({ keyword: 'x-seeder-lookup', schemaType: 'string' });
  return ajv;
}
let runtimeAjv: Ajv2020 | undefined;
const ajv = () => (runtimeAjv ??= createAjv());
/** The run-time Ajv of parameter schemas, made on first use; the endpoint table's input schemas share it. */
export const parameterAjv = ajv;

/**
 * The schema validation runs: the documented one, except that `locale` is checked against the list
 * the caller offers (a site's `seeder_locales` may add or remove locales), not the built-in enum.
 */
function validationSchema(resource: ResourceName): JSONSchema {
  const schema = parameterSchema(resource);
  const { enum: _builtIn, ...locale } = schema.properties!.locale!;
  return { ...schema, properties: { ...schema.properties, locale: { ...locale, minLength: 1 } } };
}

/** The module the build generates next to this one's compiled code (validators.ts lists it). */
const GENERATED = './schema.validators/index.cjs';

/** Every resource's validation schema, which the build compiles ahead of time (a broken one fails the build). */
export const PARAMETER_VALIDATORS = {
  name: 'the Seeder\'s parameter schemas (generators/schema.ts)',
  dir: fileURLToPath(new URL('.', new URL(GENERATED, import.meta.url))),
  createAjv,
  schemas: () => RESOURCE_NAMES.map((r) => [r, validationSchema(r) as object] as const),
};

/**
 * The compiled build loads the validators generated at build time; run from the sources (tests, a
 * checkout without a build) this module compiles each on first use. Either way only the resource a
 * command validates is made, which keeps start-up short.
 */
let generated: { get(key: string): ValidateFunction | undefined } | undefined;
const validators = new Map<ResourceName, ValidateFunction>();
function validatorOf(resource: ResourceName): ValidateFunction {
  let validate = validators.get(resource);
  if (!validate) {
    if (import.meta.url.endsWith('.ts')) {
      validate = ajv().compile(validationSchema(resource) as Record<string, unknown>);
    } else {
      generated ??= require(GENERATED) as typeof generated;
      validate = generated!.get(resource);
      if (!validate) throw new Error(`The build has no validator for ${resource}; run npm run build.`);
    }
    validators.set(resource, validate);
  }
  return validate;
}

/** Compiles every resource's validator now (throws on the first broken schema); for tests and warm-up. */
export function compileAllParameterSchemas(): void {
  for (const r of RESOURCE_NAMES) validatorOf(r);
}
const accepted = new Map<ResourceName, string[]>(RESOURCE_NAMES.map((r) => [r, acceptedParameters(r)]));

/** The object schema a parameter's value is checked with: `{ value: <the parameter's schema> }`. */
const valueSchema = (schema: JSONSchema): Record<string, unknown> => ({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { value: schema } });

/** Where the build puts the value checks of the schemas it knows (the built-in drivers' platform fields). */
const GENERATED_VALUES = './schema.values/index.cjs';
let generatedValues: { get(key: string): ValidateFunction | undefined } | undefined;

/**
 * The value checks the build compiles ahead of time, for parameter schemas declared elsewhere but
 * known at build time (validators.ts passes the built-in drivers' platform fields).
 */
export function valueValidators(schemas: readonly JSONSchema[]) {
  return {
    name: 'the built-in drivers\' platform fields (generators/schema.ts valueChecker)',
    dir: fileURLToPath(new URL('.', new URL(GENERATED_VALUES, import.meta.url))),
    createAjv,
    schemas: () => schemas.map((schema) => [JSON.stringify(schema), valueSchema(schema)] as const),
  };
}

/**
 * Compiles the schema of one parameter's value with the same rules as the endpoint schemas, for
 * parameters declared elsewhere (a driver's platform fields). Throws if the schema is broken. The
 * returned check gives what is wrong with a value, or undefined when it is valid. In the compiled
 * build a schema the build knew comes precompiled; one declared only at run time (a third-party
 * driver's) is compiled here.
 */
export function valueChecker(schema: JSONSchema): (value: unknown) => string | undefined {
  if (!import.meta.url.endsWith('.ts')) generatedValues ??= require(GENERATED_VALUES) as typeof generatedValues;
  const validate = generatedValues?.get(JSON.stringify(schema)) ?? ajv().compile(valueSchema(schema));
  return (value) => {
    if (validate({ value })) return undefined;
    return describeError(validate.errors![0]!);
  };
}

export type NormalisedParams<R extends ResourceName> = ParamsByResource[R] & BaseParams;

export type NormaliseResult<R extends ResourceName> =
  | { readonly params: NormalisedParams<R>; /** True when the seed was chosen here; report it. */ readonly seedGenerated: boolean }
  | { readonly error: ValidationErrorBody };

export interface NormaliseOptions {
  /** "Today" for the reference_date default (YYYY-MM-DD); defaults to the current UTC date. */
  readonly today?: string;
  /** Source of a fresh seed when none is given. */
  readonly freshSeed?: () => string | number;
  /** Further names the endpoint accepts (platform fields), listed when an unknown name is refused. */
  readonly alsoAccepted?: readonly string[];
  /** The locale codes offered (a site's list); the built-in 75 when absent. */
  readonly locales?: readonly string[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Maps earlier names to the shared ones and refuses removed and unknown names. Exposed apart from
 * `normaliseParameters` so the controller can run the `seeder_rest_params` filters in between.
 */
export function applySynonyms(
  resource: ResourceName,
  input: Readonly<Record<string, unknown>>,
  alsoAccepted: readonly string[] = [],
): { params: Record<string, unknown> } | { error: ValidationErrorBody } {
  const own = accepted.get(resource)!;
  const names = alsoAccepted.length > 0 ? [...own, ...alsoAccepted].sort() : own;
  const out: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  let unknown = false;
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const synonym = SYNONYMS.find((s) => s.name === name && s.resources.includes(resource));
    if (synonym) {
      if (Object.prototype.hasOwnProperty.call(input, synonym.replacement)) continue;
      if (synonym.values) {
        const mapping = synonym.values.find((m) => m.from === value);
        if (!mapping) {
          problems[name] = `must be one of ${synonym.values.map((m) => JSON.stringify(m.from)).join(', ')}`;
        } else if (mapping.to !== null) {
          out[synonym.replacement] = mapping.to;
        }
      } else {
        out[synonym.replacement] = value;
      }
      continue;
    }
    const removed = REMOVED_PARAMETERS.find((r) => r.name === name);
    if (removed) {
      problems[name] = removed.reason;
      continue;
    }
    if (!own.includes(name)) {
      problems[name] = `Unknown parameter. Accepted parameters: ${names.join(', ')}.`;
      unknown = true;
      continue;
    }
    out[name] = value;
  }
  if (Object.keys(problems).length > 0) return { error: validationError(problems, unknown ? names : undefined) };
  return { params: out };
}

/** The top-level parameter an Ajv error is about. */
function parameterOf(error: ErrorObject): string {
  const first = error.instancePath.split('/')[1];
  if (first) return first.replace(/~1/g, '/').replace(/~0/g, '~');
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  return missing ?? extra ?? 'parameters';
}

function describeError(error: ErrorObject): string {
  const path = error.instancePath.split('/').slice(2).join('.');
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  const what = error.message ?? 'is invalid';
  if (extra) return `${path ? `${path}: ` : ''}unknown field "${extra}"`;
  return path ? `${path} ${what}` : what;
}

/**
 * Validates and completes the parameters of `resource`. Returns the parameters with every
 * default applied (and the seed it chose, if it chose one), or the `validation.invalid` error whose
 * message names the offending parameters: `Invalid parameter(s): count`.
 */
export function normaliseParameters<R extends ResourceName>(
  resource: R,
  input: unknown,
  options: NormaliseOptions = {},
): NormaliseResult<R> {
  if (!isPlainObject(input)) return { error: validationError({ parameters: 'must be an object' }) };
  const mapped = applySynonyms(resource, input, options.alsoAccepted);
  if ('error' in mapped) return mapped;
  const params = structuredClone(mapped.params);

  let seedGenerated = false;
  if (params.seed === undefined || params.seed === null) {
    params.seed = options.freshSeed ? options.freshSeed() : randomInt(1, 2 ** 31 - 1);
    seedGenerated = true;
  }
  if (params.reference_date === undefined) params.reference_date = options.today ?? isoDate(Date.now());
  const reference = typeof params.reference_date === 'string' ? params.reference_date : undefined;
  if (params.date_range === undefined && reference && /^\d{4}-\d{2}-\d{2}$/.test(reference)) {
    params.date_range = { start: daysBefore(reference, DEFAULT_HISTORY_DAYS), end: reference };
  } else if (isPlainObject(params.date_range) && reference && /^\d{4}-\d{2}-\d{2}$/.test(reference)) {
    // Half a range: the missing end is the reference date, the missing start a year before the end.
    const range = params.date_range;
    if (range.end === undefined) range.end = reference;
    if (range.start === undefined && typeof range.end === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(range.end)) {
      range.start = daysBefore(range.end, DEFAULT_HISTORY_DAYS);
    }
  }

  // Checked against the offered list only when given: the default is resolved against the list later.
  const localeGiven = params.locale !== undefined;
  const validate = validatorOf(resource);
  if (!validate(params)) {
    const problems: Record<string, string> = {};
    for (const e of validate.errors ?? []) {
      const name = parameterOf(e);
      if (!(name in problems)) problems[name] = describeError(e);
    }
    return { error: validationError(problems) };
  }

  const typed = params as unknown as NormalisedParams<R>;
  const problems: Record<string, string> = {};
  const locales = options.locales ?? LOCALE_CODES;
  if (localeGiven && !locales.includes(typed.locale)) {
    problems.locale = `must be one of the ${locales.length} locales offered, such as ${locales.slice(0, 3).join(', ')} (\`panel seeder locales\` lists them)`;
  }
  if (typed.date_range.start > typed.date_range.end) problems.date_range = 'start must not be after end';
  const generator = GENERATORS[resource] as unknown as { check?: (p: NormalisedParams<R>) => Record<string, string> };
  Object.assign(problems, generator.check?.(typed) ?? {});
  if (Object.keys(problems).length > 0) return { error: validationError(problems) };
  return { params: typed, seedGenerated };
}
