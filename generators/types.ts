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
  /** First row index of the seed to build; 0 when not given. */
  offset?: number;
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
  /** The first row index to build (`params.offset`): a request builds rows offset..offset+count-1 of its seed. Absent: 0. */
  readonly offset?: number;
  /**
   * Only within a recipe run (`recipe_run`): the ids of the records this run wrote so far, for the
   * resources the generator lists in `runRecords`. Absent outside a run.
   */
  readonly runRecords?: ReadonlyMap<ResourceName, ReadonlySet<string>>;
}

export interface Generator<P extends object = object, E = unknown> {
  readonly resource: ResourceName;
  /** Resource parameters; `parameterSchema()` merges them with the base parameters. */
  readonly schema: ParameterObjectSchema;
  /** Kinds of existing records it reads; the caller fetches these once per request. */
  readonly needs: readonly ExistingKind[];
  /**
   * Kinds of existing records (among `needs`) whose state its own writes change (a refund lowers what
   * is still refundable on its order). With a kind of its own resource in `needs` (names the store
   * already has are skipped), this makes its rows depend on what earlier rows wrote: see `rowsStandAlone`.
   */
  readonly changes?: readonly ExistingKind[];
  /**
   * Resources whose records written by the current recipe run it must tell from the others (variations
   * hang only under products the run created or that already carry attributes): the caller reads their
   * ids from the ledger into `ctx.runRecords` when the request names a `recipe_run`.
   */
  readonly runRecords?: readonly ResourceName[];
  /** Cross-field rules JSON Schema cannot express (e.g. min <= max); parameter name to message. */
  check?(params: P & BaseParams): ParameterProblems;
  /**
   * Pure: no I/O, no clock, no global randomness. Throws `MissingPrerequisiteError` when a
   * needed kind of existing record is missing.
   */
  generate(params: P & BaseParams, ctx: GenerationContext): E[];
}
