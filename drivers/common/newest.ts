/**
 * Reading what generators may refer to, capped: the newest `cap` ids of a store table (by id), returned
 * in ascending order. The driver then loads those records through the store's repositories (`getMany`),
 * so a request stays fast on a big store and the view is deterministic for a given store state.
 * This is the one read a driver makes on a store table itself: repositories offer no listing.
 */
import type { Knex } from 'knex';

/** How many records of each kind the existing-records view holds at most. */
export const EXISTING_CAP = 1000;

/**
 * The cap for kinds whose names must be unique in the store (categories, tags, brands, attributes,
 * shipping and tax classes, labels): generators skip every name the store already has, which they can
 * only do if they see it. These records are small, and a shop has far fewer of them than of orders.
 */
export const NAMED_CAP = 50_000;

export async function newestIds(db: Knex | Knex.Transaction, table: string, cap = EXISTING_CAP): Promise<number[]> {
  const rows = (await db(table).select('id').orderBy('id', 'desc').limit(cap)) as Array<{ id: number | string }>;
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
