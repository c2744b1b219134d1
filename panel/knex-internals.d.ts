// The one knex module the panel uses that knex publishes no types for (panel/database.ts extends it).
declare module 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js' {
  const SqliteTransaction: new (...args: unknown[]) => { query(conn: unknown, sql: string): Promise<unknown> };
  export default SqliteTransaction;
}
