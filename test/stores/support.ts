/** Shared helpers for the store tests: a kernel with the four store plugins, table snapshots, refusal checks. */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { bootTestKernel, type DatabaseTarget } from '../support/databases.ts';
import { STORE_PLUGINS } from '../../stores/index.ts';
import { StoreValidationError, type ValidationIssue } from '../../stores/common/errors.ts';
import type { Site } from '../../panel/site.ts';

export type TestKernel = Awaited<ReturnType<typeof bootTestKernel>>;

/** A kernel with the store plugins installed and one site with the given plugins active. */
export async function bootStoreSite(target: DatabaseTarget, plugins: readonly string[]): Promise<{ kernel: TestKernel; site: Site; db: Knex }> {
  const kernel = await bootTestKernel(target, { builtins: [...STORE_PLUGINS] });
  const site = await kernel.createSite({ id: 'shop', plugins });
  return { kernel, site, db: site.db };
}

/** Row counts of every given table. */
export async function snapshot(db: Knex, tables: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const row = (await db(t).count({ n: '*' }).first()) as { n: number | string };
    out[t] = Number(row.n);
  }
  return out;
}

/**
 * Runs a write that must be refused: it throws one StoreValidationError naming the expected field and
 * rule (and index), and no table changed.
 */
export async function expectRefused(
  db: Knex,
  tables: readonly string[],
  write: () => Promise<unknown>,
  expected: Partial<ValidationIssue> & { field: string; rule: string },
): Promise<StoreValidationError> {
  const before = await snapshot(db, tables);
  let error: unknown;
  try {
    await write();
  } catch (e) {
    error = e;
  }
  expect(error, 'the write should be refused').to.be.instanceOf(StoreValidationError);
  const err = error as StoreValidationError;
  expect(err.code).to.equal('store.invalid');
  const match = err.issues.find((i) => i.field === expected.field && i.rule === expected.rule && (expected.index === undefined || i.index === expected.index));
  expect(match, `expected ${JSON.stringify(expected)} among ${JSON.stringify(err.issues)}`).to.not.equal(undefined);
  expect(await snapshot(db, tables)).to.deep.equal(before);
  return err;
}

/** Counts the statements run on `db` while `fn` runs. */
export async function countQueries<T>(db: Knex, fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const listener = () => {
    queries++;
  };
  db.on('query', listener);
  try {
    const result = await fn();
    return { result, queries };
  } finally {
    db.off('query', listener);
  }
}

/** A timestamp `days` from a fixed instant (tests never depend on the clock). */
export function at(days: number): string {
  return new Date(Date.UTC(2024, 0, 1) + days * 86_400_000).toISOString();
}
