/**
 * Deleting records one by one through a store's repository, as `ResourceWriter.delete` reports it: an id
 * the store no longer has counts as deleted (its ledger row can go), a refusal of the store (a record
 * other records still need) is reported for that id with the store's message, and anything else (a lost
 * connection) is thrown, so the caller does not mistake it for a refusal.
 */
import { isRefusal } from '../../panel/errors.ts';
import type { DeleteOutcome } from '../contract.ts';

/** A store id from a ledger id: a positive integer, or null when the string cannot name a record. */
export function storeIdOf(id: string): number | null {
  if (!/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n > 0 && n <= 4294967295 ? n : null;
}

/**
 * Deletes the records of `ids` set-based through `removeMany` (a store repository's `deleteMany`: one
 * `DELETE ... WHERE id IN (...)` per table and chunk instead of one delete per record), all of them or
 * none: when the store refuses the set (a record others still need), they are deleted one by one through
 * `remove` (`deleteEach`), so each refusal is reported for its own id. Ids that name no store id are
 * skipped and count as deleted, as in `deleteEach`.
 */
export async function deleteAll(
  ids: readonly string[],
  removeMany: (ids: number[]) => Promise<unknown>,
  remove: (id: number) => Promise<boolean>,
): Promise<DeleteOutcome> {
  const parts: number[] = [];
  for (const id of ids) {
    for (const part of id.split(',')) {
      const n = storeIdOf(part.trim());
      if (n !== null) parts.push(n);
    }
  }
  try {
    if (parts.length > 0) await removeMany(parts);
    return { deleted: [...ids], failed: [] };
  } catch (e) {
    if (!isRefusal(e)) throw e;
  }
  return deleteEach(ids, remove);
}

/**
 * Runs `remove` for each id in turn. `remove` returns false when there was no such record. An id made
 * of several store ids (`"12,13"`, one canonical record stored as several rows) is deleted part by part
 * and counts as deleted once every part is gone.
 */
export async function deleteEach(ids: readonly string[], remove: (id: number) => Promise<boolean>): Promise<DeleteOutcome> {
  const outcome: DeleteOutcome = { deleted: [], failed: [] };
  for (const id of ids) {
    try {
      for (const part of id.split(',')) {
        const n = storeIdOf(part.trim());
        if (n !== null) await remove(n);
      }
      outcome.deleted.push(id);
    } catch (e) {
      if (isRefusal(e)) outcome.failed.push({ id, error: e.message });
      else throw e;
    }
  }
  return outcome;
}
