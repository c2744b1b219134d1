/**
 * The bazaar: a small store with its own tables (one migration) and its own object layer. It knows
 * nothing of the Seeder; the driver (driver.ts) writes through it, so the store's rules apply.
 */
import { defineError, defineService, type Knex, type Migration } from 'seeder-panel/plugin-api';

/** What the store throws for data it will not hold: a coded 4xx refusal, which the Seeder reports per entity. */
export const BazaarRefusal = defineError('bazaar.refused', 422);

/** A row as the store takes it; a column left undefined gets its default. */
export type Row = Record<string, string | number | null | undefined>;

const withoutUndefined = (row: Row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));

/** One table: rows are checked by the store's rule before any is written; deleting a row deletes its children. */
export class BazaarTable {
  constructor(readonly name: string, private readonly rule: (row: Row) => string | null = () => null, private readonly children: [table: string, column: string][] = []) {}

  /** Writes the rows; their new ids, in input order. */
  async createMany(db: Knex.Transaction, rows: readonly Row[]): Promise<number[]> {
    const index = rows.findIndex((row) => this.rule(row) !== null);
    if (index >= 0) throw new BazaarRefusal(`The bazaar refuses ${this.name} row ${index + 1}: ${this.rule(rows[index]!)}`, { index });
    // A statement per row keeps the example short and gives each row's id on SQLite and MariaDB alike;
    // a store that takes thousands of rows a request writes multi-row statements (drivers/README.md).
    const ids: number[] = [];
    for (const row of rows) ids.push(Number((await db(this.name).insert(withoutUndefined(row)))[0]));
    return ids;
  }

  /** Deletes a row and its children; false when it was already gone. */
  async delete(db: Knex.Transaction, id: number): Promise<boolean> {
    for (const [table, column] of this.children) await db(table).where(column, id).delete();
    return (await db(this.name).where({ id }).delete()) > 0;
  }

  /** Every row, by id. */
  list = (db: Knex): Promise<Row[]> => db(this.name).orderBy('id');
}

export class Bazaar {
  readonly categories = new BazaarTable('bazaar_categories');
  readonly products = new BazaarTable('bazaar_products', (r) => (Number(r.price_cents) > 0 ? null : 'a price must be positive.'));
  readonly customers = new BazaarTable('bazaar_customers');
  readonly coupons = new BazaarTable('bazaar_coupons', (r) => (Number(r.percent ?? 0) <= 50 ? null : 'the bazaar takes no coupon over 50% off.'));
  readonly orders = new BazaarTable('bazaar_orders', undefined, [['bazaar_order_lines', 'order_id']]);
  readonly orderLines = new BazaarTable('bazaar_order_lines', (r) => (Number(r.quantity) > 0 ? null : 'a line needs a quantity.'));
  readonly tables = [this.categories, this.products, this.customers, this.coupons, this.orders, this.orderLines];
}

/** The store as a service of the site: present while the plugin is active there. */
export const BAZAAR = defineService<Bazaar>('bazaar');

/** Each table's columns besides its `id`. */
const COLUMNS: Record<string, (t: Knex.CreateTableBuilder) => void> = {
  bazaar_categories: (t) => { t.string('name', 200).notNullable(); t.integer('parent_id'); },
  bazaar_products: (t) => { t.string('name', 200).notNullable(); t.integer('price_cents').notNullable(); t.integer('category_id'); t.integer('stall').notNullable().defaultTo(1); },
  bazaar_customers: (t) => { t.string('email', 191).notNullable(); t.string('first_name', 100).notNullable(); t.string('last_name', 100).notNullable(); },
  bazaar_coupons: (t) => { t.string('code', 64).notNullable(); t.string('discount_type', 20).notNullable(); t.integer('percent'); t.integer('cents'); },
  bazaar_orders: (t) => { t.integer('customer_id'); t.string('status', 20).notNullable(); t.integer('total_cents').notNullable(); t.string('currency', 3).notNullable(); },
  bazaar_order_lines: (t) => { t.integer('order_id').notNullable(); t.integer('product_id').notNullable(); t.integer('quantity').notNullable(); },
};

/** Run once per site when the plugin is first activated there, on SQLite or MariaDB. */
export const migrations: Migration[] = [
  {
    id: '0001-tables',
    async up(db) {
      for (const [name, columns] of Object.entries(COLUMNS)) await db.schema.createTable(name, (t) => { t.increments('id'); columns(t); });
    },
  },
];
