/**
 * The subscriptions schema. A subscription belongs to a customer (deleting a customer who still has
 * subscriptions is refused: RESTRICT) and may name the order that started it (deleting that order
 * detaches it: SET NULL). Its items are its own (CASCADE); their products are detached on delete.
 */
import type { Knex } from 'knex';
import type { Migration } from '../../panel/plugin.ts';
import { fk, idColumn, timestamp } from '../common/schema.ts';
import { registerSequences } from '../common/sequences.ts';
import { T } from '../emporium/tables.ts';
import { ST, SUBSCRIPTION_TABLES } from './tables.ts';

async function up(db: Knex): Promise<void> {
  await db.schema.createTable(ST.subscriptions, (t) => {
    idColumn(t);
    fk(t, 'customer_id', T.customers, 'RESTRICT');
    fk(t, 'parent_order_id', T.orders, 'SET NULL');
    t.string('status', 16).notNullable();
    t.string('billing_period', 8).notNullable();
    t.integer('billing_interval').unsigned().notNullable();
    t.string('currency', 3).notNullable();
    t.string('total', 20).notNullable();
    t.string('payment_method', 100).notNullable();
    timestamp(t, 'start_date');
    timestamp(t, 'trial_end', true);
    timestamp(t, 'next_payment', true);
    timestamp(t, 'end_date', true);
    timestamp(t, 'created_at');
  });
  await db.schema.createTable(ST.items, (t) => {
    idColumn(t);
    fk(t, 'subscription_id', ST.subscriptions, 'CASCADE');
    fk(t, 'product_id', T.products, 'SET NULL');
    fk(t, 'variation_id', T.products, 'SET NULL');
    t.string('name', 191).notNullable();
    t.integer('quantity').notNullable();
    t.string('total', 20).notNullable();
  });
  await registerSequences(db, T.sequences, SUBSCRIPTION_TABLES);
}

export const SUBSCRIPTION_MIGRATIONS: readonly Migration[] = Object.freeze([{ id: '001-subscriptions', up }]);
