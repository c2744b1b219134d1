/** Column helpers so every store table gets the same types, indexes and constraints on SQLite and MariaDB. */
import type { Knex } from 'knex';
import { isMysql } from './executor.ts';

export type OnDelete = 'CASCADE' | 'SET NULL' | 'RESTRICT';

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
