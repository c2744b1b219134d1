/**
 * The shape every cartwheel writer shares: map the whole batch to store inputs, write it with one
 * `createMany` (or a few, parents first), answer the ids in input order (the pipeline records each
 * entity's key -> id in `ctx.resolved`), and delete through the store one id at a time.
 */
import type { Knex } from 'knex';
import type { DeleteOutcome, MoneyText, ResourceWriter, Site, WriteContext } from '../../../plugin-api.ts';
import { deleteEach, plainMoney } from '../../../plugin-api.ts';
import type { CartwheelStore } from '../../../stores/cartwheel/index.ts';
import { storeOf } from '../convert.ts';

export interface WriterSpec<E extends { key: string }> {
  /** Writes the batch in the context's transaction; returns the ids in input order. */
  write(entities: readonly E[], ctx: WriteContext, store: CartwheelStore): Promise<Array<number | string>>;
  /** Deletes one record; false when there was none. */
  remove(trx: Knex.Transaction, id: number, site: Site): Promise<boolean>;
  /** `money` writes an amount for the request's locale. */
  summarise(entity: E, id: string, money: MoneyText): string;
}

export function cartwheelWriter<E extends { key: string }>(spec: WriterSpec<E>): ResourceWriter<E> {
  return {
    async write(entities, ctx) {
      if (entities.length === 0) return [];
      return (await spec.write(entities, ctx, storeOf(ctx.site))).map(String);
    },
    delete(ids, ctx): Promise<DeleteOutcome> {
      return deleteEach(ids, (id) => spec.remove(ctx.trx, id, ctx.site));
    },
    summarise: (entity, id, money = plainMoney) => spec.summarise(entity, id, money),
  };
}
