/** Column helpers so every store table gets the same types, indexes and constraints on SQLite and MariaDB. */
import type { Knex } from 'knex';
import { isMysql } from './executor.ts';

export type OnDelete = 'CASCADE' | 'SET NULL' | 'RESTRICT';

/** A named step of a migration: it creates one group of related tables with their indexes. */
export type SchemaStep = (db: Knex) => Promise<void>;

/** A migration's `up` made of named steps, run one after the other in the order given. */
export function inOrder(steps: readonly SchemaStep[]): (db: Knex) => Promise<void> {
  return async (db) => {
    for (const step of steps) await step(db);
  };
}

/** The primary key: an unsigned integer assigned from the store's sequence (not auto-increment; see sequences.ts). */
export function idColumn(t: Knex.CreateTableBuilder): void {
  t.integer('id').unsigned().notNullable().primary();
}

/**
 * A foreign key with its index (MySQL would create one; SQLite would not, and a cascade would scan).
 * CASCADE marks an own child, SET NULL a detachable reference, RESTRICT a delete the platform refuses.
 */
export function fk(t: Knex.CreateTableBuilder, column: string, table: string, onDelete: OnDelete, nullable = onDelete === 'SET NULL'): void {
  const c = t.integer(column).unsigned();
  if (nullable) c.nullable();
  else c.notNullable();
  t.foreign(column).references('id').inTable(table).onDelete(onDelete);
  t.index([column]);
}

/** Timestamps are ISO 8601 UTC strings (24 characters): they sort and round-trip identically on both databases. */
export function timestamp(t: Knex.CreateTableBuilder, column: string, nullable = false): void {
  const c = t.string(column, 24);
  if (nullable) c.nullable();
  else c.notNullable();
}

/**
 * A unique index that ignores letter case on both databases: MariaDB's utf8mb4_unicode_ci columns
 * already compare so; SQLite needs COLLATE NOCASE on the index.
 */
export async function uniqueIgnoringCase(db: Knex, table: string, columns: readonly string[], name: string): Promise<void> {
  if (isMysql(db)) {
    await db.schema.alterTable(table, (t) => {
      t.unique([...columns], { indexName: name });
    });
  } else {
    const cols = columns.map((c) => `"${c}" collate nocase`).join(', ');
    await db.raw(`create unique index "${name}" on "${table}" (${cols})`);
  }
}

/** A name + slug taxonomy table (see taxonomy.ts); `extra` adds columns such as a category's parent. */
export async function taxonomyTable(db: Knex, table: string, extra?: (t: Knex.CreateTableBuilder) => void): Promise<void> {
  await db.schema.createTable(table, (t) => {
    idColumn(t);
    t.string('name', 191).notNullable();
    t.string('slug', 191).notNullable();
    t.text('description').notNullable();
    extra?.(t);
  });
  await uniqueIgnoringCase(db, table, ['slug'], `${table}_slug_unique`);
}

/** A many-to-many link table; both sides CASCADE (a link is nobody's shared record). */
export async function linkTable(db: Knex, table: string, left: string, leftTable: string, right: string, rightTable: string): Promise<void> {
  await db.schema.createTable(table, (t) => {
    t.integer(left).unsigned().notNullable();
    t.integer(right).unsigned().notNullable();
    t.primary([left, right]);
    t.foreign(left).references('id').inTable(leftTable).onDelete('CASCADE');
    t.foreign(right).references('id').inTable(rightTable).onDelete('CASCADE');
    t.index([right]);
  });
}

/** Attribute and term tables (see attributes.ts). */
export async function attributeTables(db: Knex, attributes: string, terms: string): Promise<void> {
  await db.schema.createTable(attributes, (t) => {
    idColumn(t);
    t.string('name', 191).notNullable();
    t.string('slug', 191).notNullable();
    t.string('order_by', 16).notNullable();
  });
  await uniqueIgnoringCase(db, attributes, ['slug'], `${attributes}_slug_unique`);
  await db.schema.createTable(terms, (t) => {
    idColumn(t);
    fk(t, 'attribute_id', attributes, 'CASCADE');
    t.string('name', 191).notNullable();
    t.string('slug', 191).notNullable();
  });
  await uniqueIgnoringCase(db, terms, ['attribute_id', 'slug'], `${terms}_slug_unique`);
}

/** Tax class and tax rate tables (see tax-rates.ts). A NULL class is the standard class. */
export async function taxTables(db: Knex, classes: string, rates: string): Promise<void> {
  await taxonomyTable(db, classes);
  await db.schema.createTable(rates, (t) => {
    idColumn(t);
    fk(t, 'tax_class_id', classes, 'CASCADE', true);
    t.string('country', 2).notNullable().defaultTo('');
    t.string('state', 64).notNullable().defaultTo('');
    t.string('postcode', 191).notNullable().defaultTo('');
    t.string('city', 191).notNullable().defaultTo('');
    t.string('rate', 16).notNullable();
    t.string('name', 191).notNullable();
    t.integer('priority').unsigned().notNullable();
    t.boolean('compound').notNullable();
    t.boolean('shipping').notNullable();
  });
}
