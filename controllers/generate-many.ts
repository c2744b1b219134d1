/**
 * One way to ask for more records than one request may hold: `generateMany` splits a total into
 * generate requests of at most `count`'s maximum (generators/schema.ts), derives each request's seed
 * from one base seed (controllers/runs.ts), and writes them all under one run id so
 * `cleanup --run_id` undoes the whole run. The CLI's `--total` and the recipe runner (REST
 * `POST recipes/run`, the admin's recipe runs, `panel seeder recipe run`) call it.
 */
import { rowsStandAlone } from '../generators/registry.ts';
import type { ResourceName } from '../generators/resources.ts';
import { hasErrorCode, isPanelError, PanelError } from '../panel/errors.ts';
import { generate, type GenerateResult } from './generate.ts';
import { requestHash, runIdempotent } from './idempotency.ts';
import { offsetRefusal } from './params.ts';
import type { SeederRequest } from './request.ts';
import { baseSeed, chunkCounts, chunkSeed, MAX_TOTAL, newRunId, shardRange, shardRunId, type Shard } from './runs.ts';

export interface GenerateManyEvents {
  /** After each request, with the records it asked for (or the rest of the run when it stopped). */
  onProgress?(requested: number): void;
  /**
   * Make only this shard of the run: the rows `shardRange(total, shard)` gives, exactly as the whole run
   * makes them (same chunk seeds; a chunk cut by the range is made from its `offset`). Needs the run's
   * seed; without `recipe_run` the run id is `shardRunId(resource, seed, total)`, the same in every shard.
   */
  shard?: Shard;
  /**
   * Give each request an idempotency key derived from (run id, base seed, chunk, offset)
   * (controllers/idempotency.ts), so running the same total, seed and run id (or shard) again, after a
   * crash or after success, replays the requests already answered instead of writing again or failing
   * with `generation.conflict`.
   */
  idempotent?: boolean;
}

export interface GenerateManyResult {
  resource: ResourceName;
  /** The platform written to; null when no request reached one (the run stopped before its first write). */
  platform: string | null;
  run_id: string;
  /** The base seed every request's seed was derived from. */
  seed: string;
  /** The rows asked for: the run's total, or the shard's share of it. */
  requested: number;
  /** When one shard of the run was made: which, and its rows (first_row..last_row of the run, 0-based). */
  shard?: { index: number; of: number; first_row: number; last_row: number };
  created_count: number;
  failed: number;
  errors: string[];
  /**
   * Why the run stopped before asking for every record: a missing prerequisite (the generator's
   * words). The rest of the run is counted in `failed` when something was created before.
   */
  stopped: { code: string; message: string } | null;
}

/** The idempotency key of one request of a run: stable for (run id, base seed, chunk, offset: where a shard starts in it), at most 255 characters. */
function chunkKey(runId: string, seed: string, chunk: number, offset: number): string {
  return `generate-many:${requestHash({ run: runId, seed, chunk, offset })}`;
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
  const { shard } = events;
  if (params.offset !== undefined) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): offset', { params: { offset: 'is set per request by a run; to make part of a run, ask for a shard of it' } });
  }
  if (shard) assertShard(resource, params, total, shard);
  const seed = baseSeed(params.seed);
  const given = typeof params.recipe_run === 'string' && params.recipe_run !== '' ? params.recipe_run : undefined;
  const runId = given ?? (shard ? shardRunId(resource, seed, total) : newRunId());
  const { start, end } = shard ? shardRange(total, shard) : { start: 0, end: total };
  const report: GenerateManyResult = { resource, platform: null, run_id: runId, seed, requested: end - start, created_count: 0, failed: 0, errors: [], stopped: null };
  if (shard) report.shard = { index: shard.index, of: shard.of, first_row: start, last_row: end - 1 };
  const errors = new Set<string>();
  let done = 0;
  let first = 0;
  for (const [chunk, size] of chunkCounts(total).entries()) {
    // This chunk holds rows first..first+size-1 of the run; the shard makes those in [start, end).
    const from = Math.max(start, first);
    const count = Math.min(end, first + size) - from;
    const offset = from - first;
    first += size;
    if (count <= 0) {
      if (first >= end) break;
      continue;
    }
    try {
      // Each request of the run sees the site as the database says it is then (options, plugins, what
      // other processes wrote), as a request over HTTP does: one read of the counters.
      const chunkReq: SeederRequest = { ...req, counters: await req.site.look() };
      const chunkParams = { ...params, count, ...(offset > 0 ? { offset } : {}), seed: chunkSeed(seed, chunk), recipe_run: runId };
      const result = events.idempotent
        ? ((
            await runIdempotent(chunkReq, chunkKey(runId, seed, chunk, offset), { operation: 'generate', resource, params: chunkParams }, async () => ({
              status: 201,
              body: await generate(chunkReq, resource, chunkParams),
            })).catch((e: unknown) => {
              if (hasErrorCode(e, 'idempotency.in_progress')) {
                throw new PanelError('idempotency.in_progress', `Request ${chunk + 1} of run ${runId} is still running in another process; wait for it to end, then run this again.`, {
                  run_id: runId,
                  request: chunk + 1,
                });
              }
              if (!hasErrorCode(e, 'idempotency.mismatch')) throw e;
              throw new PanelError(
                'idempotency.mismatch',
                `Run ${runId} with seed ${seed} already made request ${chunk + 1} with other parameters (another total, or other values). ` +
                  'Run it again with the parameters it had, or give another run id or seed.',
                { run_id: runId, seed, request: chunk + 1 },
              );
            })
          ).body as GenerateResult)
        : await generate(chunkReq, resource, chunkParams);
      report.platform = result.platform;
      report.created_count += result.created_count;
      report.failed += result.failed;
      for (const e of result.errors) errors.add(e);
    } catch (e) {
      if (isPanelError(e) && e.code === 'generation.missing_prerequisite') {
        const rest = report.requested - done;
        if (report.created_count > 0) report.failed += rest;
        report.stopped = { code: e.code, message: e.message };
        events.onProgress?.(rest);
        break;
      }
      // A keyed run killed between a request's commit and its stored answer runs that request again: its rows
      // are there, written by this very run, so they count as created.
      const own = isPanelError(e) && e.code === 'generation.conflict' ? e.details : undefined;
      if (events.idempotent && Array.isArray(own?.run_ids) && own.run_ids.length === 1 && own.run_ids[0] === runId) {
        report.created_count += Array.isArray(own.rows) ? own.rows.length : count;
        report.platform ??= typeof own.platform === 'string' ? own.platform : null;
        done += count;
        events.onProgress?.(count);
        continue;
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

/** 422 for a shard that is not one: a bad index, more shards than rows, no seed, or rows that cannot be made apart. */
function assertShard(resource: ResourceName, params: Record<string, unknown>, total: number, shard: Shard): void {
  const problems: Record<string, string> = {};
  if (!Number.isSafeInteger(shard.of) || shard.of < 1 || shard.of > total) problems.shard = `must be k/n with n from 1 to the total (${total})`;
  else if (!Number.isSafeInteger(shard.index) || shard.index < 1 || shard.index > shard.of) problems.shard = `must be k/n with k from 1 to n (${shard.of})`;
  else if (!rowsStandAlone(resource)) problems.shard = offsetRefusal(resource);
  if (params.seed === undefined || params.seed === null || params.seed === '') problems.seed = 'is required with a shard: every shard of a run must use the run\'s seed';
  const names = Object.keys(problems);
  if (names.length > 0) throw new PanelError('validation.invalid', `Invalid parameter(s): ${names.join(', ')}`, { params: problems });
}
