/**
 * The generator registry and the one-call convenience used by preview and generate. Nothing here
 * touches I/O: existing records, vocabulary sources and "today" are handed in.
 */
import { GENERATORS, type ParamsByResource } from './catalogue.ts';
import type { EntityByResource } from './entities.ts';
import { ParameterValidationError } from './errors.ts';
import { EXISTING_KINDS, existingRecords, type ExistingRecords } from './existing.ts';
import { isWellFormedLocale, resolveLocale } from './locales.ts';
import { RESOURCE_NAMES, type ResourceName } from './resources.ts';
import { normaliseParameters, type NormaliseOptions, type NormalisedParams } from './schema.ts';
import type { GenerationContext, Generator } from './types.ts';
import { resolveVocabulary, type Vocabulary } from './vocabulary/index.ts';

export { GENERATORS, type ParamsByResource } from './catalogue.ts';
export { MissingPrerequisiteError, ParameterValidationError } from './errors.ts';
export type { ExistingKind, ExistingRecords } from './existing.ts';
export type { JSONSchema } from './json-schema.ts';
export type { BaseParams, GenerationContext, Generator } from './types.ts';

export function generatorFor<R extends ResourceName>(resource: R): Generator<ParamsByResource[R], EntityByResource[R]> {
  return GENERATORS[resource] as unknown as Generator<ParamsByResource[R], EntityByResource[R]>;
}

/**
 * The resources whose generated records may refer to records of `resource`: those whose generator
 * `needs` its kind (a generator reading its own kind, to skip names the store has, does not count).
 * In the resource list's order; the purge order removes them before `resource`.
 */
export function dependentResources(resource: ResourceName): ResourceName[] {
  return RESOURCE_NAMES.filter((r) => r !== resource && GENERATORS[r].needs.some((kind) => EXISTING_KINDS[kind] === resource));
}

/**
 * Whether row i of `resource` depends only on (seed, i) and records of other kinds, not on what earlier
 * rows of the same seed wrote. False when its generator reads its own kind (to skip names the store has)
 * or a kind its writes change (refunds and transactions read what orders still have to refund). Only
 * such stand-alone rows can be made apart (`offset`, a run split into shards) and still equal one run's.
 */
export function rowsStandAlone(resource: ResourceName): boolean {
  const generator = GENERATORS[resource];
  return !generator.needs.some((kind) => EXISTING_KINDS[kind] === resource || generator.changes?.includes(kind));
}

export interface ContextInput {
  /** Existing records of the kinds the generator `needs`; missing kinds count as empty. */
  readonly existing?: Partial<ExistingRecords>;
  /** A resolved vocabulary; when absent one is resolved from the three sources below. */
  readonly vocabulary?: Vocabulary;
  readonly recipeVocabulary?: Partial<Vocabulary>;
  readonly sampleData?: Partial<Vocabulary>;
  /** The store's currency; defaults to the currency of the locale's country. */
  readonly currency?: string;
  /** Within a recipe run: ids of the records the run wrote so far, by resource (only those the generator's `runRecords` names). */
  readonly runRecords?: ReadonlyMap<ResourceName, ReadonlySet<string>>;
}

/** The generation context for already-normalised parameters. */
export function buildContext(params: { seed: string | number; locale: string; reference_date: string; offset?: number }, input: ContextInput = {}): GenerationContext {
  // A well-formed code is kept as it is, so a locale a plugin added (de_LU, already checked against the site's list)
  // keeps its own country; anything else goes through the fallback rule.
  const locale = isWellFormedLocale(params.locale) ? params.locale : resolveLocale(params.locale);
  return {
    seed: String(params.seed),
    locale,
    vocabulary:
      input.vocabulary ?? resolveVocabulary({ locale, recipe: input.recipeVocabulary, sampleData: input.sampleData }),
    existing: existingRecords(input.existing),
    referenceDate: params.reference_date,
    ...(input.currency ? { currency: input.currency } : {}),
    ...(params.offset ? { offset: params.offset } : {}),
    ...(input.runRecords ? { runRecords: input.runRecords } : {}),
  };
}

/** Runs the generator of `resource` on normalised parameters. Pure. */
export function generateEntities<R extends ResourceName>(
  resource: R,
  params: NormalisedParams<R>,
  ctx: GenerationContext,
): EntityByResource[R][] {
  return generatorFor(resource).generate(params, ctx);
}

export interface GenerateResult<R extends ResourceName> {
  readonly resource: R;
  readonly params: NormalisedParams<R>;
  /** The seed used, as a string; report it when `seedGenerated`. */
  readonly seed: string;
  readonly seedGenerated: boolean;
  readonly entities: EntityByResource[R][];
}

/**
 * Normalises `rawParams` and generates. Throws `ParameterValidationError` (with the
 * `validation.invalid` body) for bad parameters and `MissingPrerequisiteError` when existing
 * records it needs are missing.
 */
export function generate<R extends ResourceName>(
  resource: R,
  rawParams: unknown,
  input: ContextInput & NormaliseOptions = {},
): GenerateResult<R> {
  const result = normaliseParameters(resource, rawParams, input);
  if ('error' in result) throw new ParameterValidationError(result.error);
  const ctx = buildContext(result.params, input);
  return {
    resource,
    params: result.params,
    seed: ctx.seed,
    seedGenerated: result.seedGenerated,
    entities: generateEntities(resource, result.params, ctx),
  };
}
