/** The orders a run wrote into Emporium, as the store holds them, for comparing two databases row for row. */
import type { Knex } from 'knex';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';

/**
 * By entity key: each order row and its addresses and lines, without their own ids (which follow write
 * order, and so differ between runs made apart). Other ids (customers, products) are kept: both
 * databases must have been given the same shop the same way.
 */
export async function storedOrders(db: Knex, runId: string): Promise<Record<string, unknown>> {
  const ledger = await db(LEDGER_TABLE).where({ run_id: runId, resource: 'order' }).select('entity_key', 'record_id');
  const out: Record<string, unknown> = {};
  const strip = ({ id: _id, order_id: _o, ...rest }: Record<string, unknown>) => rest;
  for (const { entity_key, record_id } of ledger) {
    const order = await db('emp_orders').where({ id: record_id }).first();
    const addresses = await db('emp_order_addresses').where({ order_id: record_id }).orderBy('address_type');
    const items = await db('emp_order_items').where({ order_id: record_id }).orderBy('id');
    out[entity_key as string] = { order: strip(order), addresses: addresses.map(strip), items: items.map(strip) };
  }
  return out;
}
