/**
 * The repository writer: the shape most writers share. Map the batch to store inputs (with whatever
 * the mapping needs read once for the whole batch), write it with one `createMany` of the store's
 * repository, and delete through the same repository, set-based (`deleteAll`), or one id at a time
 * (`deleteEach`) for a repository without `deleteMany`.
 */
import type { Knex } from 'knex';
import { deleteAll, deleteEach } from './delete.ts';
import type { MoneyText, ResourceWriter, WriteContext } from '../contract.ts';
import { plainMoney } from '../../generators/money.ts';

/** The part of a store's repository a writer uses. */
export interface StoreRepository<I> {
  createMany(db: Knex.Transaction, inputs: readonly I[]): Promise<number[]>;
  delete(db: Knex.Transaction, id: number): Promise<boolean>;
  /** Set-based delete of many (stores/common/repository.ts); without it, records are deleted one by one. */
  deleteMany?(db: Knex.Transaction, ids: readonly number[]): Promise<number>;
}

/**
 * Adds key -> id of every written entity to `ctx.resolved`; the ids as strings, in input order. The
 * pipeline records the ids `write` returns by itself: a writer needs this only when a later step of the
 * same `write` refers to entities written by an earlier step (a category tree written level by level).
 */
export function remember(entities: ReadonlyArray<{ key: string }>, ids: readonly number[], ctx: WriteContext): string[] {
  return entities.map((e, i) => {
    const id = String(ids[i]);
    ctx.resolved.set(e.key, id);
    return id;
  });
}

export interface WriterOptions<E, I, A> {
  /** Reads what the mapping needs, once per batch (e.g. the attribute terms products refer to). */
  prepare?(entities: readonly E[], ctx: WriteContext): Promise<A>;
  /** The store input for one entity; throws when the entity cannot be represented. */
  toInput(entity: E, ctx: WriteContext, prepared: A): I;
  /** `money` writes an amount for the request's locale. */
  summarise(entity: E, id: string, money: MoneyText): string;
}

export function repositoryWriter<E extends { key: string }, I, A = undefined>(repo: StoreRepository<I>, options: WriterOptions<E, I, A>): ResourceWriter<E> {
  return {
    async write(entities, ctx) {
      if (entities.length === 0) return [];
      const prepared = (options.prepare ? await options.prepare(entities, ctx) : undefined) as A;
      const inputs = entities.map((e) => options.toInput(e, ctx, prepared));
      return (await repo.createMany(ctx.trx, inputs)).map(String);
    },
    delete(ids, ctx) {
      const one = (id: number) => repo.delete(ctx.trx, id);
      return repo.deleteMany ? deleteAll(ids, (many) => repo.deleteMany!(ctx.trx, many), one) : deleteEach(ids, one);
    },
    summarise: (entity, id, money = plainMoney) => options.summarise(entity, id, money),
  };
}
