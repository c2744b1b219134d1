/**
 * Emporium's schema: foreign keys, unique indexes and NOT NULL, identical on SQLite and MariaDB.
 * ON DELETE says what a delete does to each relation: CASCADE for a record's own children (order
 * lines, refunds, variations, attribute terms), SET NULL for references a platform detaches (an
 * order's customer, a line's product, a category's parent is re-pointed by the repository first),
 * RESTRICT where it refuses.
 * Money is a two-place decimal string in a string column, as WooCommerce keeps it in meta: SQLite would
 * turn a DECIMAL into a float, so only a string round-trips identically ("12.50") on both databases.
 */
import type { Knex } from 'knex';
import type { Migration } from '../../panel/plugin.ts';
import { createSequenceTable, registerSequences } from '../common/sequences.ts';
import { attributeTables, fk, idColumn, inOrder, linkTable, taxonomyTable, taxTables, timestamp, uniqueIgnoringCase, type SchemaStep } from '../common/schema.ts';
import { EMPORIUM_SEQUENCED, T } from './tables.ts';

const MONEY = 20;

function address(t: Knex.CreateTableBuilder): void {
  t.string('address_type', 16).notNullable();
  for (const c of ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'state', 'postcode', 'email', 'phone']) {
    t.string(c, 191).notNullable().defaultTo('');
  }
  t.string('country', 2).notNullable().defaultTo('');
}

/** The table the ids come from (see sequences.ts); every other table's id is drawn from it. */
async function sequenceTable(db: Knex): Promise<void> {
  await createSequenceTable(db, T.sequences);
}

/** Tax classes and their rates. */
async function taxes(db: Knex): Promise<void> {
  await taxTables(db, T.taxClasses, T.taxRates);
}

/** Shipping classes, zones, the places a zone covers and its methods. */
async function shipping(db: Knex): Promise<void> {
  await taxonomyTable(db, T.shippingClasses);
  await db.schema.createTable(T.shippingZones, (t) => {
    idColumn(t);
    t.string('name', 191).notNullable();
    t.integer('zone_order').notNullable();
  });
  await db.schema.createTable(T.zoneLocations, (t) => {
    idColumn(t);
    fk(t, 'zone_id', T.shippingZones, 'CASCADE');
    t.string('code', 191).notNullable();
    t.string('type', 16).notNullable();
  });
  await db.schema.createTable(T.zoneMethods, (t) => {
    idColumn(t);
    fk(t, 'zone_id', T.shippingZones, 'CASCADE');
    t.string('method_type', 32).notNullable();
    t.string('title', 191).notNullable();
    t.boolean('enabled').notNullable();
    t.string('cost', MONEY).nullable();
    t.string('min_amount', MONEY).nullable();
    t.integer('method_order').notNullable();
  });
}

/** Product categories (a tree), tags, brands, and global attributes with their terms. */
async function catalogTaxonomies(db: Knex): Promise<void> {
  await taxonomyTable(db, T.categories, (t) => {
    fk(t, 'parent_id', T.categories, 'SET NULL');
  });
  await taxonomyTable(db, T.tags);
  await taxonomyTable(db, T.brands);
  await attributeTables(db, T.attributes, T.attributeTerms);
}

/** Products and variations (one table), their links to the taxonomies, and their downloadable files. */
async function products(db: Knex): Promise<void> {
  await db.schema.createTable(T.products, (t) => {
    idColumn(t);
    // A variation is a product whose parent is a variable product; deleting the parent removes it.
    fk(t, 'parent_id', T.products, 'CASCADE', true);
    t.string('type', 16).notNullable();
    t.string('status', 16).notNullable();
    t.string('name', 191).notNullable();
    t.string('slug', 191).notNullable();
    t.string('sku', 100).nullable();
    t.string('regular_price', MONEY).nullable();
    t.string('sale_price', MONEY).nullable();
    t.boolean('virtual').notNullable();
    t.boolean('downloadable').notNullable();
    t.boolean('manage_stock').notNullable();
    t.integer('stock_quantity').nullable();
    t.string('stock_status', 16).notNullable();
    t.string('weight', 32).notNullable();
    t.string('tax_status', 16).notNullable();
    fk(t, 'tax_class_id', T.taxClasses, 'SET NULL');
    fk(t, 'shipping_class_id', T.shippingClasses, 'SET NULL');
    t.text('description').notNullable();
    t.text('short_description').notNullable();
    timestamp(t, 'created_at');
    t.index(['name']);
  });
  await uniqueIgnoringCase(db, T.products, ['sku'], `${T.products}_sku_unique`);
  await linkTable(db, T.productCategories, 'product_id', T.products, 'category_id', T.categories);
  await linkTable(db, T.productTags, 'product_id', T.products, 'tag_id', T.tags);
  await linkTable(db, T.productBrands, 'product_id', T.products, 'brand_id', T.brands);
  await linkTable(db, T.productTerms, 'product_id', T.products, 'term_id', T.attributeTerms);
  await db.schema.createTable(T.downloads, (t) => {
    idColumn(t);
    fk(t, 'product_id', T.products, 'CASCADE');
    t.string('name', 191).notNullable();
    t.string('file', 2048).notNullable();
  });
}

/** Customers, unique by email and by username, with their billing and shipping addresses. */
async function customers(db: Knex): Promise<void> {
  await db.schema.createTable(T.customers, (t) => {
    idColumn(t);
    t.string('email', 191).notNullable();
    t.string('first_name', 191).notNullable();
    t.string('last_name', 191).notNullable();
    t.string('username', 191).notNullable();
    timestamp(t, 'created_at');
  });
  await uniqueIgnoringCase(db, T.customers, ['email'], `${T.customers}_email_unique`);
  await uniqueIgnoringCase(db, T.customers, ['username'], `${T.customers}_username_unique`);
  await db.schema.createTable(T.customerAddresses, (t) => {
    idColumn(t);
    fk(t, 'customer_id', T.customers, 'CASCADE');
    address(t);
    t.unique(['customer_id', 'address_type']);
  });
}

/** Coupons, unique by code. */
async function coupons(db: Knex): Promise<void> {
  await db.schema.createTable(T.coupons, (t) => {
    idColumn(t);
    t.string('code', 100).notNullable();
    t.string('discount_type', 16).notNullable();
    t.string('amount', MONEY).notNullable();
    t.boolean('free_shipping').notNullable();
    t.integer('usage_limit').unsigned().nullable();
    t.integer('usage_limit_per_user').unsigned().nullable();
    timestamp(t, 'date_expires', true);
    t.string('minimum_amount', MONEY).nullable();
    t.string('maximum_amount', MONEY).nullable();
    t.boolean('individual_use').notNullable();
    t.text('description').notNullable();
    timestamp(t, 'created_at');
  });
  await uniqueIgnoringCase(db, T.coupons, ['code'], `${T.coupons}_code_unique`);
}

/** Orders with their addresses and their lines (products, shipping, fees, coupons, taxes). */
async function orders(db: Knex): Promise<void> {
  await db.schema.createTable(T.orders, (t) => {
    idColumn(t);
    t.string('status', 16).notNullable();
    t.string('currency', 3).notNullable();
    // WooCommerce turns an order of a deleted customer into a guest order.
    fk(t, 'customer_id', T.customers, 'SET NULL');
    t.string('billing_email', 191).notNullable();
    t.string('payment_method', 100).notNullable();
    t.string('payment_method_title', 191).notNullable();
    t.string('transaction_id', 191).notNullable();
    timestamp(t, 'date_paid', true);
    timestamp(t, 'date_completed', true);
    t.text('customer_note').notNullable();
    t.boolean('prices_include_tax').notNullable();
    t.string('discount_total', MONEY).notNullable();
    t.string('shipping_total', MONEY).notNullable();
    t.string('cart_tax', MONEY).notNullable();
    t.string('shipping_tax', MONEY).notNullable();
    t.string('total', MONEY).notNullable();
    timestamp(t, 'created_at');
    t.index(['billing_email']);
    t.index(['created_at']);
  });
  await db.schema.createTable(T.orderAddresses, (t) => {
    idColumn(t);
    fk(t, 'order_id', T.orders, 'CASCADE');
    address(t);
    t.unique(['order_id', 'address_type']);
  });
  await db.schema.createTable(T.orderItems, (t) => {
    idColumn(t);
    fk(t, 'order_id', T.orders, 'CASCADE');
    t.string('item_type', 16).notNullable();
    t.string('name', 191).notNullable();
    // Lines keep their name and totals when the product goes, as WooCommerce's do.
    fk(t, 'product_id', T.products, 'SET NULL');
    fk(t, 'variation_id', T.products, 'SET NULL');
    t.integer('quantity').notNullable();
    t.string('subtotal', MONEY).notNullable();
    t.string('total', MONEY).notNullable();
    t.string('total_tax', MONEY).notNullable();
    t.string('method_id', 64).notNullable();
    fk(t, 'instance_id', T.zoneMethods, 'SET NULL');
    t.string('code', 100).notNullable();
    fk(t, 'rate_id', T.taxRates, 'SET NULL');
    t.string('shipping_tax_total', MONEY).notNullable();
    t.index(['item_type', 'code']);
  });
}

/** Refunds of an order and the lines each refunds. */
async function refunds(db: Knex): Promise<void> {
  await db.schema.createTable(T.refunds, (t) => {
    idColumn(t);
    fk(t, 'order_id', T.orders, 'CASCADE');
    t.string('amount', MONEY).notNullable();
    t.text('reason').notNullable();
    t.boolean('refunded_payment').notNullable();
    timestamp(t, 'created_at');
  });
  await db.schema.createTable(T.refundItems, (t) => {
    idColumn(t);
    fk(t, 'refund_id', T.refunds, 'CASCADE');
    fk(t, 'order_item_id', T.orderItems, 'CASCADE');
    t.integer('quantity').notNullable();
    t.string('total', MONEY).notNullable();
  });
}

/** Who may download which file of which order, and how often. */
async function downloadPermissions(db: Knex): Promise<void> {
  await db.schema.createTable(T.downloadPermissions, (t) => {
    idColumn(t);
    fk(t, 'download_id', T.downloads, 'CASCADE');
    fk(t, 'product_id', T.products, 'CASCADE');
    fk(t, 'order_id', T.orders, 'CASCADE');
    fk(t, 'customer_id', T.customers, 'SET NULL');
    t.string('user_email', 191).notNullable();
    t.integer('downloads_remaining').nullable();
    t.integer('download_count').notNullable();
    timestamp(t, 'access_expires', true);
    timestamp(t, 'access_granted');
  });
}

/** Shopping sessions (a customer's cart) and the store's log. */
async function sessionsAndLog(db: Knex): Promise<void> {
  await db.schema.createTable(T.sessions, (t) => {
    idColumn(t);
    t.string('session_key', 64).notNullable().unique();
    // A session belongs to its customer: it goes with them.
    fk(t, 'customer_id', T.customers, 'CASCADE', true);
    t.text('cart').notNullable();
    timestamp(t, 'expires_at');
    timestamp(t, 'created_at');
  });
  await db.schema.createTable(T.log, (t) => {
    idColumn(t);
    t.string('level', 16).notNullable();
    t.string('source', 191).notNullable();
    t.text('message').notNullable();
    t.text('context').notNullable();
    timestamp(t, 'created_at');
    t.index(['source']);
  });
}

/** One sequence row per table that draws ids, now that the tables exist. */
async function sequenceRows(db: Knex): Promise<void> {
  await registerSequences(db, T.sequences, EMPORIUM_SEQUENCED);
}

/** The initial schema, step by step; a step refers only to tables of the steps before it. */
const INITIAL_SCHEMA: readonly SchemaStep[] = [
  sequenceTable,
  taxes,
  shipping,
  catalogTaxonomies,
  products,
  customers,
  coupons,
  orders,
  refunds,
  downloadPermissions,
  sessionsAndLog,
  sequenceRows,
];

/**
 * A product's or variation's pictures, as WooCommerce keeps an image and a gallery: `position` 0 is the main
 * picture, the rest the gallery in order. `src` is a URL or an absolute path. Deleting the product removes them.
 */
async function productImages(db: Knex): Promise<void> {
  await db.schema.createTable(T.images, (t) => {
    idColumn(t);
    fk(t, 'product_id', T.products, 'CASCADE');
    t.integer('position').notNullable();
    t.string('src', 2048).notNullable();
    t.string('alt', 191).notNullable();
    t.unique(['product_id', 'position']);
  });
  // A database made after this table joined EMPORIUM_SEQUENCED has its sequence row from the first migration already.
  if (!(await db(T.sequences).where({ table_name: T.images }).first())) await registerSequences(db, T.sequences, [T.images]);
}

/**
 * The orders' indexes on billing_email and created_at go: no query of the store reads through them (the order
 * search matches `%term%`, which no index serves; nothing sorts or filters orders by date), and every order
 * written paid for both, each a key at a random place in its index. As a shop grows, those pages stop fitting in
 * the cache and every commit writes them out again: at 70,000 orders on SQLite a request of 100 orders took 40
 * ms with them and 30 ms without (BENCHMARKS.md). An index comes back with the query that needs it.
 */
async function dropUnreadOrderIndexes(db: Knex): Promise<void> {
  await db.schema.alterTable(T.orders, (t) => {
    t.dropIndex(['billing_email']);
    t.dropIndex(['created_at']);
  });
}

export const EMPORIUM_MIGRATIONS: readonly Migration[] = Object.freeze([
  { id: '001-initial-schema', up: inOrder(INITIAL_SCHEMA) },
  { id: '002-product-images', up: productImages },
  { id: '003-orders-unread-indexes', up: dropUnreadOrderIndexes },
]);
