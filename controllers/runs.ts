/**
 * Run ids and the seeds of a run's requests, written once: `generate` takes a fresh run id from here,
 * and `generateMany` (controllers/generate-many.ts) splits a total and derives each request's seed.
 *
 * Chunk seeds: chunk `k` of base seed `s` is `s:k` whenever that fits the seed's maxLength, so the
 * seeds (and the rows) of every run that already fitted stay what they were. A base seed too long
 * for that keeps the start of the seed and ends with a digest of the whole seed and the chunk number,
 * `<start>~<digest>:k`, cut to the maxLength: deterministic, distinct per chunk, and distinct per base
 * seed, so the same long seed gives the same rows and two long seeds sharing a start do not collide.
 */
import crypto from 'node:crypto';
import { BASE_PARAMETERS, MAX_COUNT_PER_REQUEST, MAX_TOTAL, SEED_MAX_LENGTH } from '../generators/schema.ts';
import { PanelError } from '../panel/errors.ts';

/** The largest total one call takes (ten million records: about a hundred thousand requests); declared with the parameters. */
export { MAX_TOTAL };

/** A fresh run id: `run_` and 12 random base64url characters. */
export function newRunId(): string {
  return `run_${crypto.randomBytes(9).toString('base64url')}`;
}

/** Shard `index` of `of` (1-based) of a run. */
export interface Shard {
  readonly index: number;
  readonly of: number;
}

/**
 * The rows of a run of `total` that shard `index` of `of` makes: the run split into `of` contiguous
 * ranges, shard k taking rows floor((k-1)*total/of) .. floor(k*total/of)-1. `end` is one past the last.
 */
export function shardRange(total: number, shard: Shard): { start: number; end: number } {
  return { start: Math.floor(((shard.index - 1) * total) / shard.of), end: Math.floor((shard.index * total) / shard.of) };
}

/**
 * The run id every shard of a run shares when none is given: derived from what makes the run (resource,
 * base seed, total), so shards started apart, on other machines, agree on it without talking.
 */
export function shardRunId(resource: string, seed: string, total: number): string {
  return `run_${crypto.createHash('sha256').update(`shard\u0000${resource}\u0000${seed}\u0000${total}`).digest('base64url').slice(0, 12)}`;
}

/** A fresh seed, as a request without one gets. */
export function freshSeed(): number {
  return crypto.randomInt(1, 2 ** 31 - 1);
}

/** The sizes of the requests `total` records take, each at most the `count` maximum. */
export function chunkCounts(total: number, size = MAX_COUNT_PER_REQUEST): number[] {
  const out: number[] = [];
  for (let done = 0; done < total; done += size) out.push(Math.min(size, total - done));
  return out;
}

/** The seed of request `chunk` of a run whose base seed is `base`; never longer than the seed's maxLength. */
export function chunkSeed(base: string | number, chunk: number): string {
  const plain = `${base}:${chunk}`;
  if (plain.length <= SEED_MAX_LENGTH) return plain;
  const digest = crypto.createHash('sha256').update(String(base)).digest('base64url').slice(0, 22);
  const tail = `~${digest}:${chunk}`;
  return `${String(base).slice(0, SEED_MAX_LENGTH - tail.length)}${tail}`;
}

/**
 * The base seed of a run: the one given (an integer, or a string within the seed schema's lengths) or a
 * fresh one. Anything else is 422 `validation.invalid` naming `seed`, as a single request's seed is.
 */
export function baseSeed(value: unknown): string {
  if (value === undefined || value === null || value === '') return String(freshSeed());
  const { minLength = 1 } = BASE_PARAMETERS.seed;
  if (Number.isSafeInteger(value) || (typeof value === 'string' && value.length >= minLength && value.length <= SEED_MAX_LENGTH)) return String(value);
  throw new PanelError('validation.invalid', 'Invalid parameter(s): seed', {
    params: { seed: `must be an integer or a string of ${minLength} to ${SEED_MAX_LENGTH} characters` },
  });
}
