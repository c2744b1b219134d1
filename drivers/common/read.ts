/** Reading generated records back through a store's repositories, for the admin's Records view. */

/** What a store repository offers for reading: `Repository.getMany` (stores/common/repository.ts). */
export interface Readable<D> {
  getMany(db: D, ids: readonly number[]): Promise<unknown[]>;
}

/** `ids` (ledger record ids) read through `repo`, by id as a string; ids that are not whole numbers or gone are left out. */
export async function readThrough<D>(repo: Readable<D> | undefined, db: D, ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const numeric = ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  if (!repo || numeric.length === 0) return new Map();
  const records = (await repo.getMany(db, numeric)) as Array<Record<string, unknown>>;
  return new Map(records.map((r) => [String(r.id), r]));
}
