/**
 * Generating again, and why a request wrote nothing. Users pin seeds and run them again: rows a seed
 * already wrote are refused before anything is written, with 409 `generation.conflict` naming the run
 * that holds them (from the ledger's entity keys), rather than left to the store's unique values (or,
 * for records without any, written twice). When no entity could be written, `nothingWritten` tells a
 * store conflict or a missing prerequisite (409) from a real failure (500).
 */
import type { Knex } from 'knex';
import { entityKey } from '../generators/entities.ts';
import { resourceByName, type ResourceName } from '../generators/resources.ts';
import { PanelError } from '../panel/errors.ts';
import type { SeederDriver } from '../drivers/contract.ts';
import { unmetPrerequisite } from '../drivers/common/errors.ts';
import { UnresolvedReference } from '../drivers/common/refs.ts';
import { rowsHoldingKeys } from './ledger.ts';

/** The entity keys of rows offset..offset+count-1 of a seed: what a request for `count` rows from `offset` writes. */
export function seedRowKeys(resource: ResourceName, seed: string, count: number, offset = 0): string[] {
  return Array.from({ length: count }, (_, row) => entityKey(resource, seed, offset + row));
}

function labelOf(resource: ResourceName): string {
  return (resourceByName(resource)?.label ?? resource).toLowerCase();
}

/** "0-3, 7, 9-10" */
function ranges(rows: readonly number[]): string {
  const sorted = [...rows].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * Throws 409 `generation.conflict` when the ledger holds any of these rows of the seed (`keys[i]` is
 * row i) on this platform: the same seed wrote them before and they were not undone.
 */
export async function assertRowsNotWritten(db: Knex, driver: SeederDriver, resource: ResourceName, seed: string, keys: readonly string[]): Promise<void> {
  const held = await rowsHoldingKeys(db, driver.id, keys);
  if (held.size === 0) return;
  const rowOf = new Map(keys.map((k, row) => [k, row]));
  const runs = new Map<string | null, { rows: number[]; at: string }>();
  for (const h of held.values()) {
    const run = runs.get(h.run_id) ?? { rows: [], at: h.created_at };
    run.rows.push(rowOf.get(h.entity_key)!);
    if (h.created_at < run.at) run.at = h.created_at;
    runs.set(h.run_id, run);
  }
  const rows = [...runs.values()].flatMap((r) => r.rows).sort((a, b) => a - b);
  const runIds = [...runs.keys()].filter((r): r is string => r !== null).sort();
  const named = (run: string | null) => (run === null ? 'a write without a run id' : `run ${run}`);
  const by =
    runs.size === 1
      ? [...runs.entries()].map(([run, r]) => `by ${named(run)} on ${r.at}`)[0]!
      : `by ${[...runs.entries()].map(([run, r]) => `${named(run)} (rows ${ranges(r.rows)})`).join(', ')}`;
  let undo: string;
  if (runIds.length === 0) undo = `remove them first (cleanup with resource=${resource})`;
  else if (runIds.length === 1) undo = `undo that run first (cleanup with run_id=${runIds[0]})`;
  else undo = 'undo those runs first (cleanup with each run_id)';
  const one = rows.length === 1;
  throw new PanelError(
    'generation.conflict',
    `${one ? 'Row' : 'Rows'} ${ranges(rows)} of ${labelOf(resource)} with seed "${seed}" ${one ? 'was' : 'were'} already written to ${driver.label} ${by}; ` +
      `nothing was written. To write ${one ? 'it' : 'them'} again, ${undo}, or use another seed.`,
    { resource, platform: driver.id, seed, run_ids: runIds, rows },
  );
}

/** What a write that created nothing is answered with. */
export interface NothingWritten {
  resource: ResourceName;
  driver: SeederDriver;
  seed: string;
  run_id: string;
  failed: number;
  /** One per failed entity. */
  failures: readonly unknown[];
  /** The unique messages, as the result reports them. */
  errors: readonly string[];
}

/**
 * The error for a request that wrote no entity: 409 `generation.missing_prerequisite` when every
 * entity lacked something another generator provides, 409 `generation.conflict` when each was refused
 * for a unique value the store already holds (or for lacking a prerequisite), else 500 `generation.failed`.
 * An entity refused only because one it refers to was refused does not count: the cause is the other's.
 */
export function nothingWritten(n: NothingWritten): PanelError {
  const none = `No ${n.resource.replace(/_/g, ' ')} could be created`;
  const own = n.failures.filter((e) => !UnresolvedReference.is(e));
  const prerequisites = own.map(unmetPrerequisite).filter((e) => e !== undefined);
  const duplicates = own.filter((e) => !unmetPrerequisite(e) && n.driver.refusedAsDuplicate?.(e) === true);
  const reasons = n.errors.join(' ');
  if (own.length > 0 && prerequisites.length === own.length) {
    const first = prerequisites[0]!;
    return new PanelError('generation.missing_prerequisite', `${none}: ${reasons}`, {
      resource: n.resource,
      missing: first.details.missing,
      generate_first: first.details.generate_first,
      failed: n.failed,
      errors: [...n.errors],
    });
  }
  if (own.length > 0 && prerequisites.length + duplicates.length === own.length) {
    // Not rows of this seed (the ledger check came first): records made outside the Seeder, forgotten, or another seed's.
    return new PanelError(
      'generation.conflict',
      `${none}: the store already holds records with the same unique values, and no run of seed "${n.seed}" in the ledger wrote them. ` +
        `${reasons} Use another seed, or remove those records.`,
      { resource: n.resource, platform: n.driver.id, seed: n.seed, run_ids: [], failed: n.failed, errors: [...n.errors] },
    );
  }
  return new PanelError('generation.failed', `${none}: ${reasons}`, { failed: n.failed, errors: [...n.errors], run_id: n.run_id });
}
