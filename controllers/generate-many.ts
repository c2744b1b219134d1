/**
 * One way to ask for more records than one request may hold: `generateMany` splits a total into
 * generate requests of at most `count`'s maximum (generators/schema.ts), derives each request's seed
 * from one base seed (controllers/runs.ts), and writes them all under one run id so
 * `cleanup --run_id` undoes the whole run. The CLI's `--total` and the recipe runner (REST
 * `POST recipes/run`, the admin's recipe runs, `panel seeder recipe run`) call it.
 */
import type { ResourceName } from '../generators/resources.ts';
import { isPanelError, PanelError } from '../panel/errors.ts';
import { generate } from './generate.ts';
import type { SeederRequest } from './request.ts';
import { baseSeed, chunkCounts, chunkSeed, MAX_TOTAL, newRunId } from './runs.ts';

export interface GenerateManyEvents {
  /** After each request, with the records it asked for (or the rest of the run when it stopped). */
  onProgress?(requested: number): void;
}

export interface GenerateManyResult {
  resource: ResourceName;
  /** The platform written to; null when no request reached one (the run stopped before its first write). */
  platform: string | null;
  run_id: string;
  /** The base seed every request's seed was derived from. */
  seed: string;
  requested: number;
  created_count: number;
  failed: number;
  errors: string[];
  /**
   * Why the run stopped before asking for every record: a missing prerequisite (the generator's
   * words). The rest of the run is counted in `failed` when something was created before.
   */
  stopped: { code: string; message: string } | null;
}

/**
 * Generates `total` records of `resource` with `params` (every parameter but `count`; `seed` is the
 * base seed; `recipe_run`, when given, is the run id) in requests of at most `count`'s maximum.
 *
 * What concerns the whole run is thrown as `generate` throws it (access, parameters, platform, an
 * unsupported resource, a seed that an earlier run already wrote). A request that writes nothing
 * (`generation.failed`, or a conflict with records the ledger does not name) costs only its own rows,
 * counted in `failed` with the store's words; a missing prerequisite stops the run.
 */
export async function generateMany(
  req: SeederRequest,
  resource: ResourceName,
  params: Record<string, unknown>,
  total: number,
  events: GenerateManyEvents = {},
): Promise<GenerateManyResult> {
  if (!Number.isSafeInteger(total) || total < 1 || total > MAX_TOTAL) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): total', { params: { total: `must be an integer from 1 to ${MAX_TOTAL}` } });
  }
  const seed = baseSeed(params.seed);
  const runId = typeof params.recipe_run === 'string' && params.recipe_run !== '' ? params.recipe_run : newRunId();
  const report: GenerateManyResult = { resource, platform: null, run_id: runId, seed, requested: total, created_count: 0, failed: 0, errors: [], stopped: null };
  const errors = new Set<string>();
  let done = 0;
  for (const [chunk, count] of chunkCounts(total).entries()) {
    try {
      const result = await generate(req, resource, { ...params, count, seed: chunkSeed(seed, chunk), recipe_run: runId });
      report.platform = result.platform;
      report.created_count += result.created_count;
      report.failed += result.failed;
      for (const e of result.errors) errors.add(e);
    } catch (e) {
      if (isPanelError(e) && e.code === 'generation.missing_prerequisite') {
        const rest = total - done;
        if (report.created_count > 0) report.failed += rest;
        report.stopped = { code: e.code, message: e.message };
        events.onProgress?.(rest);
        break;
      }
      // A conflict naming earlier runs means this seed was run before: the whole run is refused (409). A
      // conflict with records the ledger does not name only costs this request's rows, like a failure.
      const storeConflict = isPanelError(e) && e.code === 'generation.conflict' && (e.details?.run_ids as unknown[] | undefined)?.length === 0;
      if (!(isPanelError(e) && (e.code === 'generation.failed' || storeConflict))) throw e;
      report.platform ??= typeof e.details?.platform === 'string' ? e.details.platform : null;
      report.failed += count;
      for (const msg of (e.details?.errors as string[] | undefined) ?? [e.message]) errors.add(msg);
    }
    done += count;
    events.onProgress?.(count);
  }
  report.errors = [...errors];
  return report;
}
