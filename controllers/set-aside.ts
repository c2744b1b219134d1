/**
 * Writing what can be written of a batch the store refused as a whole, in one transaction and without
 * savepoints.
 *
 * The items are tried one by one inside a transaction. When the store refuses one (a coded refusal, a
 * 4xx PanelError: an invalid value, a record still in use), the whole transaction is rolled back, that
 * item is set aside with its refusal, and the transaction starts again without it. The transaction that
 * reaches the end commits: what it wrote is exactly what is reported, and what was set aside is reported
 * with its refusal. Anything else thrown is not a refusal: it ends the work (a transient abort runs the
 * current transaction again, through `retryTransient`). A duplicate key is another process's commit
 * between the store's check and the insert: the transaction starts again (a few times at most), and the
 * store's check then refuses the value as it would have on its own.
 *
 * Why not a savepoint per item: a savepoint rolled back inside a transaction that then commits is what a
 * MariaDB Galera cluster replays wrongly when another node's commit aborts it (the nodes diverge and one
 * leaves the cluster; ARCHITECTURE.md, "Writes under concurrency"). Starting again costs one pass per
 * refused item, on a path only refusals take.
 */
import type { Knex } from 'knex';
import { isRefusal } from '../panel/errors.ts';
import { isDuplicateKey } from '../panel/tables.ts';
import { retryTransient } from '../panel/transient.ts';

export interface SetAside<I> {
  item: I;
  /** The refusal: a 4xx PanelError or an ItemRefused (its message is what the store said). */
  error: Error;
}

export interface SetAsideSteps<I, R, C, T> {
  /** Fresh state for each transaction (what the previous one made was rolled back). */
  begin(): C;
  /** Writes one item; throws a refusal (or an ItemRefused) to set it aside. */
  one(trx: Knex.Transaction, item: I, ctx: C): Promise<R>;
  /** In the same transaction, after the last item: what was written (in input order) and what was set aside. */
  finish(trx: Knex.Transaction, written: Array<{ item: I; result: R }>, setAside: Array<SetAside<I>>, ctx: C): Promise<T>;
}

/**
 * A refusal reported rather than thrown (a driver's delete outcome lists the records the store refused):
 * `one` throws it to set its item aside with this message.
 */
export class ItemRefused extends Error {}

/**
 * How many times a batch starts again after a duplicate key another process committed meanwhile: each
 * such commit ends one attempt, and a handful of writers racing for one word list rarely need more than two.
 */
export const DUPLICATE_RETRIES = 5;

/** Thrown inside the transaction to roll it back after a refusal; never leaves this module. */
class StartAgain extends Error {}

export async function writeAllButRefused<I, R, C, T>(db: Knex, items: readonly I[], steps: SetAsideSteps<I, R, C, T>): Promise<T> {
  const refused = new Map<number, Error>();
  for (let duplicates = 0; ; ) {
    const done = await retryTransient(() =>
      db
        .transaction(async (trx) => {
          const ctx = steps.begin();
          const written: Array<{ item: I; result: R }> = [];
          for (const [i, item] of items.entries()) {
            if (refused.has(i)) continue;
            try {
              written.push({ item, result: await steps.one(trx, item, ctx) });
            } catch (e) {
              if (isDuplicateKey(e) && duplicates < DUPLICATE_RETRIES) {
                duplicates += 1;
                throw new StartAgain();
              }
              if (!isRefusal(e) && !(e instanceof ItemRefused)) throw e;
              refused.set(i, e);
              throw new StartAgain();
            }
          }
          const setAside = [...refused.entries()].sort(([a], [b]) => a - b).map(([i, error]) => ({ item: items[i]!, error }));
          return { value: await steps.finish(trx, written, setAside, ctx) };
        })
        .catch((e: unknown) => {
          if (e instanceof StartAgain) return undefined;
          throw e;
        }),
    );
    if (done) return done.value;
  }
}
