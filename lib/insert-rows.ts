/**
 * Multi-row inserts, for the stores' tables and the Seeder's ledger. knex compiles a multi-row insert on SQLite as `SELECT ... UNION ALL SELECT`, which
 * SQLite caps at 500 terms, so rows are written as plain `INSERT ... VALUES (...), (...)` statements,
 * chunked to stay under both databases' placeholder limits (SQLite 32,766; MySQL 65,535).
 *
 * The write path's statements repeat: a batch's tables, column lists and row counts recur from one batch
 * to the next. So the SQL text is built once per shape and kept, and inside a transaction the statement
 * goes to the driver on the transaction's own connection (knex's query building, binding rewriting and,
 * on SQLite, a fresh prepare of every statement were most of the write path's time): on SQLite a
 * better-sqlite3 statement prepared once per connection and shape and run again; on MySQL/MariaDB a
 * mysql2 query, as knex sends it. knex's `query` event is still emitted for every statement, so what
 * listens to it (logging, the statement-count tests) sees the same statements as before.
 */
import type { Knex } from 'knex';

/** A knex instance or a transaction. */
type Executor = Knex | Knex.Transaction;

/** True on MySQL/MariaDB (mysql2), false on SQLite (better-sqlite3). */
export function isMysql(db: Executor): boolean {
  const client = (db.client as { config?: { client?: unknown } }).config?.client;
  return typeof client === 'string' && client.startsWith('mysql');
}

/** Placeholders per statement: under SQLite's 32,766, the lower of the two limits. */
const PLACEHOLDER_BUDGET = 30_000;
/** Rows per statement; about where MariaDB's throughput flattens (BENCHMARKS.md). */
const MAX_ROWS = 1_000;
/** Shapes kept (SQL texts, and prepared statements per SQLite connection) before the cache starts over. */
const MAX_SHAPES = 2_000;

export type Row = Record<string, string | number | boolean | null>;
type Value = string | number | boolean | null;

const sqlByShape = new Map<string, string>();

/**
 * On SQLite a statement is prepared once per shape, and a batch's row counts vary (100 orders have 180 or 260
 * lines), so each new count would be a new statement to prepare, and preparing one of thousands of placeholders
 * costs about what running it does. So a SQLite statement takes its rows in buckets of SQLITE_BUCKET: the rows
 * are padded with rows whose first value is 0 and filtered out by the statement itself
 * (`INSERT ... SELECT ... FROM (VALUES (1, ...), (0, ...)) WHERE column1 = 1`); a table has a handful of shapes.
 */
const SQLITE_BUCKET = 32;

function statementFor(mysql: boolean, table: string, columns: readonly string[], rows: number): string {
  const key = `${mysql ? 'm' : 's'}\u0000${table}\u0000${columns.join('\u0000')}\u0000${rows}`;
  let sql = sqlByShape.get(key);
  if (sql === undefined) {
    if (mysql) {
      const q = (id: string) => `\`${id.replace(/`/g, '``')}\``;
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      sql = `insert into ${q(table)} (${columns.map(q).join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(', ')}`;
    } else {
      const q = (id: string) => `"${id.replace(/"/g, '""')}"`;
      const tuple = `(?, ${columns.map(() => '?').join(', ')})`;
      const picked = columns.map((_, i) => `column${i + 2}`).join(', ');
      sql = `insert into ${q(table)} (${columns.map(q).join(', ')}) select ${picked} from (values ${Array.from({ length: rows }, () => tuple).join(', ')}) where column1 = 1`;
    }
    if (sqlByShape.size >= MAX_SHAPES) sqlByShape.clear();
    sqlByShape.set(key, sql);
  }
  return sql;
}

interface SqliteStatement {
  run(bindings: readonly unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
interface MysqlConnection {
  query(sql: string, values: readonly unknown[], cb: (e: Error | null) => void): unknown;
}
/** Prepared statements per better-sqlite3 connection, by SQL text. */
const prepared = new WeakMap<object, Map<string, SqliteStatement>>();

function sqliteStatement(conn: SqliteConnection, sql: string): SqliteStatement {
  let byText = prepared.get(conn);
  if (!byText) prepared.set(conn, (byText = new Map()));
  let stmt = byText.get(sql);
  if (!stmt) {
    if (byText.size >= MAX_SHAPES) byText.clear();
    stmt = conn.prepare(sql);
    byText.set(sql, stmt);
  }
  return stmt;
}

interface KnexClientInternals {
  acquireConnection(): Promise<unknown>;
  emit(event: 'query', data: unknown): void;
}

/** Runs one insert statement: on the transaction's connection through the driver, else through knex. */
async function run(db: Executor, mysql: boolean, sql: string, bindings: Value[]): Promise<void> {
  if (!(db as { isTransaction?: boolean }).isTransaction) {
    await db.raw(sql, bindings);
    return;
  }
  const client = db.client as unknown as KnexClientInternals;
  // A transaction's client answers its own connection (knex's makeTxClient), already inside BEGIN.
  const conn = await client.acquireConnection();
  client.emit('query', { method: 'raw', sql, bindings, __knexTxId: (db.client as { txid?: string }).txid });
  if (mysql) {
    await new Promise<void>((resolve, reject) => (conn as MysqlConnection).query(sql, bindings, (e) => (e ? reject(e) : resolve())));
    return;
  }
  // better-sqlite3 binds no booleans (knex turns them into 0 and 1 too).
  for (let i = 0; i < bindings.length; i++) if (typeof bindings[i] === 'boolean') bindings[i] = bindings[i] ? 1 : 0;
  sqliteStatement(conn as SqliteConnection, sql).run(bindings);
}

/** Inserts rows (all with the same keys as the first) in as few statements as the limits allow. */
export async function insertRows(db: Executor, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const width = columns.length;
  const mysql = isMysql(db);
  // SQLite: the marker makes a row one placeholder wider, and whole buckets stay within the budget.
  const perStatement = mysql
    ? Math.max(1, Math.min(MAX_ROWS, Math.floor(PLACEHOLDER_BUDGET / width)))
    : Math.max(SQLITE_BUCKET, Math.floor(Math.min(MAX_ROWS, PLACEHOLDER_BUDGET / (width + 1)) / SQLITE_BUCKET) * SQLITE_BUCKET);
  for (let start = 0; start < rows.length; start += perStatement) {
    const end = Math.min(rows.length, start + perStatement);
    const count = end - start;
    // SQLite: a marker before each row (1), and padding rows (0) up to the bucket (see SQLITE_BUCKET).
    const slots = mysql ? count : Math.ceil(count / SQLITE_BUCKET) * SQLITE_BUCKET;
    const stride = mysql ? width : width + 1;
    const bindings = new Array<Value>(slots * stride).fill(null);
    let k = 0;
    for (let r = start; r < end; r++) {
      const row = rows[r]!;
      if (!mysql) bindings[k++] = 1;
      for (let c = 0; c < width; c++) {
        const v = row[columns[c]!];
        if (v === undefined) throw new Error(`Row for ${table} lacks column ${columns[c]}.`);
        bindings[k++] = v;
      }
    }
    for (; k < bindings.length; k += stride) bindings[k] = 0;
    await run(db, mysql, statementFor(mysql, table, columns, slots), bindings);
  }
}
