/** The generator contract shared by the 21 generators, the registry and their callers. */
import type { ExistingKind, ExistingRecords } from './existing.ts';
import type { ParameterObjectSchema, ParameterProblems } from './json-schema.ts';
import type { ResourceName } from './resources.ts';
import type { Vocabulary } from './vocabulary/index.ts';

/** Parameters every generator accepts (see `BASE_PARAMETERS` in `schema.ts`). */
export interface BaseParams {
  /** 1 to 100. */
  count: number;
  locale: string;
  /** After normalisation always present (a fresh one when the caller gave none). */
  seed: string | number;
  platform?: string;
  recipe?: string;
  recipe_run?: string;
  /** ISO dates; defaults to the 365 days before `reference_date`. */
  date_range: { start: string; end: string };
  /** ISO date standing for "today" in the generated data; defaults to today. */
  reference_date: string;
}

export interface GenerationContext {
  /** `String(params.seed)`: 42 and "42" give the same data. */
  readonly seed: string;
  /** A supported locale code (already resolved). */
  readonly locale: string;
  readonly vocabulary: Vocabulary;
  readonly existing: ExistingRecords;
  /** ISO date, equal to `params.reference_date`. */
  readonly referenceDate: string;
  /** The store's currency; defaults to the locale's country's currency. */
  readonly currency?: string;
}

export interface Generator<P extends object = object, E = unknown> {
  readonly resource: ResourceName;
  /** Resource parameters; `parameterSchema()` merges them with the base parameters. */
  readonly schema: ParameterObjectSchema;
  /** Kinds of existing records it reads; the caller fetches these once per request. */
  readonly needs: readonly ExistingKind[];
  /** Cross-field rules JSON Schema cannot express (e.g. min <= max); parameter name to message. */
  check?(params: P & BaseParams): ParameterProblems;
  /**
   * Pure: no I/O, no clock, no global randomness. Throws `MissingPrerequisiteError` when a
   * needed kind of existing record is missing.
   */
  generate(params: P & BaseParams, ctx: GenerationContext): E[];
}
