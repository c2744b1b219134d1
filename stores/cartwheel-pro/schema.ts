/**
 * cartwheel-pro's licences: a key, a status, a site limit and activations. A licence's activations are
 * its own (CASCADE); its customer cannot be deleted while it exists (RESTRICT, as cartwheel's orders);
 * its order and product are detached when they go (SET NULL).
 */
import type { Knex } from 'knex';
import type { Migration } from '../../panel/plugin.ts';
import { fk, idColumn, timestamp, uniqueIgnoringCase } from '../common/schema.ts';
import { registerSequences } from '../common/sequences.ts';
import { C } from '../cartwheel/tables.ts';

export const PT = Object.freeze({ licenses: 'cw_licenses', activations: 'cw_license_activations' });
export const PRO_TABLES: readonly string[] = Object.freeze([PT.licenses, PT.activations]);

async function up(db: Knex): Promise<void> {
  await db.schema.createTable(PT.licenses, (t) => {
    idColumn(t);
    t.string('license_key', 64).notNullable();
    t.string('status', 16).notNullable();
    t.integer('activation_limit').unsigned().notNullable();
    fk(t, 'customer_id', C.customers, 'RESTRICT');
    fk(t, 'order_id', C.orders, 'SET NULL');
    fk(t, 'product_id', C.products, 'SET NULL');
    fk(t, 'variation_id', C.variations, 'SET NULL');
    timestamp(t, 'expiration_date', true);
    timestamp(t, 'created_at');
  });
  await uniqueIgnoringCase(db, PT.licenses, ['license_key'], `${PT.licenses}_key_unique`);
  await db.schema.createTable(PT.activations, (t) => {
    idColumn(t);
    fk(t, 'license_id', PT.licenses, 'CASCADE');
    t.string('site_url', 512).notNullable();
    t.string('status', 16).notNullable();
    timestamp(t, 'created_at');
  });
  await registerSequences(db, C.sequences, PRO_TABLES);
}

export const PRO_MIGRATIONS: readonly Migration[] = Object.freeze([{ id: '001-licenses', up }]);
