/**
 * Cartwheel's schema: foreign keys, unique indexes and NOT NULL, identical on SQLite and MariaDB.
 * Money is integer cents (BIGINT). ON DELETE: CASCADE for own children (variations, order items, tax
 * lines, transactions), SET NULL for detachable references (an item's product, a cart's order),
 * RESTRICT where cartwheel refuses: a customer with orders or subscriptions cannot be deleted.
 */
import type { Knex } from 'knex';
import type { Migration } from '../../panel/plugin.ts';
import { createSequenceTable, registerSequences } from '../common/sequences.ts';
import { attributeTables, fk, idColumn, inOrder, linkTable, taxonomyTable, taxTables, timestamp, uniqueIgnoringCase, type SchemaStep } from '../common/schema.ts';
import { C, CARTWHEEL_SEQUENCED } from './tables.ts';

function cents(t: Knex.CreateTableBuilder, column: string, nullable = false): void {
  const c = t.bigInteger(column);
  if (nullable) c.nullable();
  else c.notNullable();
}

function address(t: Knex.CreateTableBuilder): void {
  t.string('type', 16).notNullable();
  for (const c of ['name', 'address_1', 'address_2', 'city', 'state', 'postcode', 'phone', 'email']) t.string(c, 191).notNullable();
  t.string('country', 2).notNullable();
}

/** The table the ids come from (see sequences.ts); every other table's id is drawn from it. */
async function sequenceTable(db: Knex): Promise<void> {
  await createSequenceTable(db, C.sequences);
}

/** Tax classes and their rates. */
async function taxes(db: Knex): Promise<void> {
  await taxTables(db, C.taxClasses, C.taxRates);
}

/** Shipping classes and shipping methods. */
async function shipping(db: Knex): Promise<void> {
  await taxonomyTable(db, C.shippingClasses);
  await db.schema.createTable(C.shippingMethods, (t) => {
    idColumn(t);
    t.string('title', 191).notNullable();
    t.string('type', 32).notNullable();
    cents(t, 'amount');
    t.text('countries').notNullable();
    t.boolean('is_enabled').notNullable();
  });
}

/** Product categories (a tree), brands, and global attributes with their terms. */
async function catalogTaxonomies(db: Knex): Promise<void> {
  await taxonomyTable(db, C.categories, (t) => fk(t, 'parent_id', C.categories, 'SET NULL'));
  await taxonomyTable(db, C.brands);
  await attributeTables(db, C.attributes, C.attributeTerms);
}

/** Products, their variations (what is sold and priced), their links to the taxonomies, and their downloadable files. */
async function products(db: Knex): Promise<void> {
  await db.schema.createTable(C.products, (t) => {
    idColumn(t);
    t.string('title', 191).notNullable();
    t.string('slug', 191).notNullable();
    t.string('status', 16).notNullable();
    t.string('fulfillment_type', 16).notNullable();
    t.string('variation_type', 16).notNullable();
    t.text('description').notNullable();
    timestamp(t, 'created_at');
    t.index(['title']);
  });
  await db.schema.createTable(C.variations, (t) => {
    idColumn(t);
    fk(t, 'product_id', C.products, 'CASCADE');
    t.string('title', 191).notNullable();
    t.string('sku', 100).nullable();
    cents(t, 'price');
    cents(t, 'compare_price', true);
    t.string('payment_type', 16).notNullable();
    t.string('repeat_interval', 16).nullable();
    t.integer('trial_days').unsigned().notNullable();
    t.boolean('manage_stock').notNullable();
    t.integer('stock').nullable();
    fk(t, 'shipping_class_id', C.shippingClasses, 'SET NULL');
    t.integer('position').notNullable();
  });
  await uniqueIgnoringCase(db, C.variations, ['sku'], `${C.variations}_sku_unique`);
  await linkTable(db, C.productCategories, 'product_id', C.products, 'category_id', C.categories);
  await linkTable(db, C.productBrands, 'product_id', C.products, 'brand_id', C.brands);
  await linkTable(db, C.variationTerms, 'variation_id', C.variations, 'term_id', C.attributeTerms);
  await db.schema.createTable(C.downloads, (t) => {
    idColumn(t);
    fk(t, 'product_id', C.products, 'CASCADE');
    t.string('title', 191).notNullable();
    t.string('file_path', 2048).notNullable();
    t.integer('download_limit').unsigned().nullable();
    t.integer('expiry_days').unsigned().nullable();
  });
}

/** Customers, unique by email, with their addresses. */
async function customers(db: Knex): Promise<void> {
  await db.schema.createTable(C.customers, (t) => {
    idColumn(t);
    t.string('email', 191).notNullable();
    t.string('first_name', 191).notNullable();
    t.string('last_name', 191).notNullable();
    t.string('status', 16).notNullable();
    timestamp(t, 'created_at');
  });
  await uniqueIgnoringCase(db, C.customers, ['email'], `${C.customers}_email_unique`);
  await db.schema.createTable(C.customerAddresses, (t) => {
    idColumn(t);
    fk(t, 'customer_id', C.customers, 'CASCADE');
    address(t);
    t.boolean('is_primary').notNullable();
  });
}

/** Coupons, unique by code. */
async function coupons(db: Knex): Promise<void> {
  await db.schema.createTable(C.coupons, (t) => {
    idColumn(t);
    t.string('code', 100).notNullable();
    t.string('title', 191).notNullable();
    t.string('type', 16).notNullable();
    t.bigInteger('amount').notNullable();
    t.string('status', 16).notNullable();
    t.integer('max_uses').unsigned().nullable();
    t.integer('max_per_customer').unsigned().nullable();
    cents(t, 'min_purchase', true);
    timestamp(t, 'start_date', true);
    timestamp(t, 'end_date', true);
    timestamp(t, 'created_at');
  });
  await uniqueIgnoringCase(db, C.coupons, ['code'], `${C.coupons}_code_unique`);
}

/** Orders with their addresses, items, tax lines, applied coupons and payment transactions. */
async function orders(db: Knex): Promise<void> {
  await db.schema.createTable(C.orders, (t) => {
    idColumn(t);
    t.string('status', 16).notNullable();
    t.string('payment_status', 24).notNullable();
    fk(t, 'customer_id', C.customers, 'RESTRICT');
    t.string('currency', 3).notNullable();
    t.string('payment_method', 100).notNullable();
    cents(t, 'subtotal');
    cents(t, 'discount_total');
    cents(t, 'shipping_total');
    cents(t, 'tax_total');
    cents(t, 'total_amount');
    t.text('note').notNullable();
    timestamp(t, 'created_at');
    timestamp(t, 'completed_at', true);
    t.index(['created_at']);
  });
  await db.schema.createTable(C.orderAddresses, (t) => {
    idColumn(t);
    fk(t, 'order_id', C.orders, 'CASCADE');
    address(t);
    t.unique(['order_id', 'type']);
  });
  await db.schema.createTable(C.orderItems, (t) => {
    idColumn(t);
    fk(t, 'order_id', C.orders, 'CASCADE');
    fk(t, 'product_id', C.products, 'SET NULL');
    fk(t, 'variation_id', C.variations, 'SET NULL');
    t.string('title', 191).notNullable();
    t.string('payment_type', 16).notNullable();
    t.integer('quantity').notNullable();
    cents(t, 'unit_price');
    cents(t, 'subtotal');
    cents(t, 'discount_total');
    cents(t, 'tax_amount');
    cents(t, 'line_total');
  });
  await db.schema.createTable(C.orderTaxes, (t) => {
    idColumn(t);
    fk(t, 'order_id', C.orders, 'CASCADE');
    fk(t, 'tax_rate_id', C.taxRates, 'SET NULL');
    t.string('label', 191).notNullable();
    t.string('rate', 16).notNullable();
    cents(t, 'tax_amount');
  });
  await db.schema.createTable(C.appliedCoupons, (t) => {
    idColumn(t);
    fk(t, 'order_id', C.orders, 'CASCADE');
    fk(t, 'coupon_id', C.coupons, 'SET NULL');
    t.string('code', 100).notNullable();
    cents(t, 'discount');
  });
  await db.schema.createTable(C.transactions, (t) => {
    idColumn(t);
    fk(t, 'order_id', C.orders, 'CASCADE');
    t.string('transaction_type', 16).notNullable();
    t.string('status', 16).notNullable();
    t.string('payment_method', 100).notNullable();
    t.string('vendor_charge_id', 191).notNullable();
    cents(t, 'total');
    t.string('currency', 3).notNullable();
    t.text('reason').notNullable();
    timestamp(t, 'created_at');
    t.index(['order_id', 'transaction_type']);
  });
}

/** Carts, with the order a cart became, if any. */
async function carts(db: Knex): Promise<void> {
  await db.schema.createTable(C.carts, (t) => {
    idColumn(t);
    t.string('cart_hash', 64).notNullable().unique();
    fk(t, 'customer_id', C.customers, 'SET NULL');
    fk(t, 'order_id', C.orders, 'SET NULL');
    t.string('stage', 16).notNullable();
    t.text('items').notNullable();
    timestamp(t, 'created_at');
    timestamp(t, 'completed_at', true);
  });
}

/** Labels, unique by slug, and what each labels (an order or a customer). */
async function labels(db: Knex): Promise<void> {
  await db.schema.createTable(C.labels, (t) => {
    idColumn(t);
    t.string('title', 191).notNullable();
    t.string('slug', 191).notNullable();
    t.string('color', 7).notNullable();
  });
  await uniqueIgnoringCase(db, C.labels, ['slug'], `${C.labels}_slug_unique`);
  // Polymorphic (an order or a customer), so no foreign key on the target: the object layer checks it
  // exists on write and removes the relations when an order or customer is deleted.
  await db.schema.createTable(C.labelRelations, (t) => {
    idColumn(t);
    fk(t, 'label_id', C.labels, 'CASCADE');
    t.string('labelable_type', 16).notNullable();
    t.integer('labelable_id').unsigned().notNullable();
    timestamp(t, 'created_at');
    t.unique(['label_id', 'labelable_type', 'labelable_id']);
    t.index(['labelable_type', 'labelable_id']);
  });
}

/** Subscriptions of a customer to a product. */
async function subscriptions(db: Knex): Promise<void> {
  await db.schema.createTable(C.subscriptions, (t) => {
    idColumn(t);
    fk(t, 'customer_id', C.customers, 'RESTRICT');
    fk(t, 'parent_order_id', C.orders, 'SET NULL');
    fk(t, 'product_id', C.products, 'SET NULL');
    fk(t, 'variation_id', C.variations, 'SET NULL');
    t.string('status', 16).notNullable();
    t.string('billing_interval', 16).notNullable();
    cents(t, 'recurring_amount');
    t.integer('bill_times').unsigned().notNullable();
    t.integer('bill_count').unsigned().notNullable();
    t.integer('trial_days').unsigned().notNullable();
    timestamp(t, 'next_billing_date', true);
    t.string('vendor_subscription_id', 191).notNullable();
    timestamp(t, 'created_at');
    timestamp(t, 'canceled_at', true);
  });
}

/** The activity log: entries about a record of any kind (named by module_type and module_id). */
async function activities(db: Knex): Promise<void> {
  await db.schema.createTable(C.activities, (t) => {
    idColumn(t);
    t.string('status', 16).notNullable();
    t.string('log_type', 16).notNullable();
    t.string('module_type', 32).notNullable();
    t.integer('module_id').unsigned().nullable();
    t.string('title', 191).notNullable();
    t.text('content').notNullable();
    timestamp(t, 'created_at');
    t.index(['module_type', 'module_id']);
  });
}

/** One sequence row per table that draws ids, now that the tables exist. */
async function sequenceRows(db: Knex): Promise<void> {
  await registerSequences(db, C.sequences, CARTWHEEL_SEQUENCED);
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
  carts,
  labels,
  subscriptions,
  activities,
  sequenceRows,
];

/** One picture per product and per variation (Fluent Cart's featured image and variation media): a URL or an absolute path, and its text. */
async function images(db: Knex): Promise<void> {
  for (const table of [C.products, C.variations]) {
    await db.schema.alterTable(table, (t) => {
      t.string('image_src', 2048).nullable();
      t.string('image_alt', 191).nullable();
    });
  }
}

/**
 * The orders' index on created_at goes, as Emporium's did (its migration 003): no query sorts or filters orders
 * by date, and every order written paid for a key at a random place in it.
 */
async function dropUnreadOrderIndex(db: Knex): Promise<void> {
  await db.schema.alterTable(C.orders, (t) => t.dropIndex(['created_at']));
}

export const CARTWHEEL_MIGRATIONS: readonly Migration[] = Object.freeze([
  { id: '001-initial-schema', up: inOrder(INITIAL_SCHEMA) },
  { id: '002-images', up: images },
  { id: '003-orders-unread-index', up: dropUnreadOrderIndex },
]);
