/**
 * The panel's databases: one for the panel itself (sites, operators, sessions) and one per site.
 * Embedded default: SQLite files under the data folder. A `mysql://` URL switches to MySQL/MariaDB,
 * with the URL's database for the panel and `<that name>_s_<site>` for each site.
 */
import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import SqliteTransaction from 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js';
import { createPrivateFile, makePrivateDir, SQLITE_SIDE_SUFFIXES } from './private-files.ts';
import { registerRoot } from './roots.ts';

export type DatabaseKind = 'sqlite' | 'mysql';

export interface DatabaseOptions {
  /** `mysql://user:pass@host:port/name`; absent means SQLite under `dataDir`. */
  url?: string;
  dataDir: string;
}

interface MysqlTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

function parseMysqlUrl(url: string): MysqlTarget {
  const u = new URL(url);
  if (u.protocol !== 'mysql:' && u.protocol !== 'mariadb:') {
    throw new Error(`Unsupported database URL scheme "${u.protocol}"; use mysql://user:pass@host:port/name.`);
  }
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]{1,40}$/.test(database)) {
    throw new Error('The database URL must name a database of letters, digits and underscores (at most 40).');
  }
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database,
  };
}

const SITES_DIR = 'sites';

function panelSqliteFile(dataDir: string): string {
  return path.join(dataDir, 'panel.sqlite');
}

function siteSqliteFile(dataDir: string, siteId: string): string {
  return path.join(dataDir, SITES_DIR, siteId, 'site.sqlite');
}

/**
 * Every SQLite file of a data folder, whether or not it exists: the panel database and each site's
 * (every folder under `sites/`), each with its side files.
 */
export function sqliteFiles(dataDir: string): string[] {
  let siteIds: string[] = [];
  try {
    siteIds = fs.readdirSync(path.join(dataDir, SITES_DIR));
  } catch {
    // no site folder yet
  }
  const databases = [panelSqliteFile(dataDir), ...siteIds.map((id) => siteSqliteFile(dataDir, id))];
  return databases.flatMap((file) => [file, ...SQLITE_SIDE_SUFFIXES.map((suffix) => `${file}${suffix}`)]);
}

/**
 * Knex's SQLite transactions, beginning with `BEGIN IMMEDIATE`: the transaction takes the database's
 * write lock at once (waiting up to busy_timeout for another process's writer), instead of reading
 * first and failing with "database is locked" when it then writes after another process committed
 * (SQLITE_BUSY_SNAPSHOT, which no wait can cure). Every transaction here is there to write.
 */
class ImmediateTransaction extends SqliteTransaction {
  begin(conn: unknown): Promise<unknown> {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }
}

function sqliteConnection(file: string): Knex {
  // The file exists, owner-only, before SQLite opens it: SQLite gives its side files the same mode.
  makePrivateDir(path.dirname(file));
  createPrivateFile(file);
  const db = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(s: string): unknown; prepare(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        // Foreign keys are off by default in SQLite; the stores rely on them as MariaDB does.
        conn.pragma('foreign_keys = ON');
        conn.pragma('journal_mode = WAL');
        conn.pragma('synchronous = NORMAL');
        conn.pragma('busy_timeout = 5000');
        reusePreparedStatements(conn);
        done(null, conn);
      },
    },
  });
  // The client keeps its name ('better-sqlite3', which other code and libraries read); only its transactions change.
  (db.client as { transaction: (...args: unknown[]) => unknown }).transaction = function (this: unknown, ...args: unknown[]) {
    return new ImmediateTransaction(this, ...args);
  };
  registerRoot(db);
  return db;
}

function mysqlConnection(target: MysqlTarget, database?: string): Knex {
  const db = knexFactory({
    client: 'mysql2',
    connection: {
      host: target.host,
      port: target.port,
      user: target.user,
      password: target.password,
      database,
      charset: 'utf8mb4',
      // Keep DECIMAL and BIGINT values exact, and dates as the strings we stored.
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
      timezone: 'Z',
    },
    pool: { min: 0, max: 8, afterCreate: readYourWrites },
  });
  registerRoot(db);
  return db;
}

type MysqlConnection = { query(sql: string, done: (err: Error | null, rows?: Array<Record<string, unknown>>) => void): void };

/**
 * On a Galera cluster, a read waits until the node has applied every write the cluster committed before
 * it (`wsrep_sync_wait = 1`): a client that writes through one node's process and reads through another's
 * (a load balancer in front of a cluster), and the per-request check of what other processes changed
 * (panel/counters.ts), see what was answered before. Elsewhere (a single MariaDB or MySQL, where the
 * variable is off or absent) nothing is set.
 */
function readYourWrites(conn: MysqlConnection, done: (err: Error | null, conn: unknown) => void): void {
  conn.query('SELECT @@wsrep_on AS wsrep', (err, rows) => {
    // MySQL without Galera has no such variable: nothing to set.
    if (err || !rows || Number(rows[0]?.wsrep) !== 1) return done(null, conn);
    conn.query('SET SESSION wsrep_sync_wait = 1', (e) => done(e, conn));
  });
}

/** Site ids are safe in file names and (with `-` mapped to `_`) in MySQL database names. */
export const SITE_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

export class Databases {
  readonly kind: DatabaseKind;
  readonly panel: Knex;
  readonly #options: DatabaseOptions;
  readonly #mysql?: MysqlTarget;
  readonly #sites = new Map<string, Knex>();

  private constructor(options: DatabaseOptions, panel: Knex, mysql?: MysqlTarget) {
    this.#options = options;
    this.kind = mysql ? 'mysql' : 'sqlite';
    this.panel = panel;
    this.#mysql = mysql;
  }

  static async open(options: DatabaseOptions): Promise<Databases> {
    if (options.url) {
      const target = parseMysqlUrl(options.url);
      await Databases.#createMysqlDatabase(target, target.database);
      return new Databases(options, mysqlConnection(target, target.database), target);
    }
    return new Databases(options, sqliteConnection(panelSqliteFile(options.dataDir)));
  }

  static async #createMysqlDatabase(target: MysqlTarget, name: string): Promise<void> {
    const admin = mysqlConnection(target);
    try {
      await admin.raw('CREATE DATABASE IF NOT EXISTS ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
    } finally {
      await admin.destroy();
    }
  }

  #mysqlSiteDatabase(siteId: string): string {
    return `${this.#mysql!.database}_s_${siteId.replace(/-/g, '_')}`;
  }

  /** The site's own folder for files (downloads, uploads). */
  siteDir(siteId: string): string {
    return path.join(this.#options.dataDir, SITES_DIR, siteId);
  }

  /** Opens (creating if needed) the database of one site. */
  async site(siteId: string): Promise<Knex> {
    if (!SITE_ID_PATTERN.test(siteId)) throw new Error(`Invalid site id "${siteId}".`);
    const open = this.#sites.get(siteId);
    if (open) return open;
    let db: Knex;
    if (this.#mysql) {
      const name = this.#mysqlSiteDatabase(siteId);
      await Databases.#createMysqlDatabase(this.#mysql, name);
      db = mysqlConnection(this.#mysql, name);
    } else {
      db = sqliteConnection(siteSqliteFile(this.#options.dataDir, siteId));
    }
    this.#sites.set(siteId, db);
    return db;
  }

  /** Closes and deletes a site's database and its files. */
  async dropSite(siteId: string): Promise<void> {
    const open = this.#sites.get(siteId);
    if (open) {
      this.#sites.delete(siteId);
      await open.destroy();
    }
    if (this.#mysql) {
      const admin = mysqlConnection(this.#mysql);
      try {
        await admin.raw('DROP DATABASE IF EXISTS ??', [this.#mysqlSiteDatabase(siteId)]);
      } finally {
        await admin.destroy();
      }
    }
    fs.rmSync(this.siteDir(siteId), { recursive: true, force: true });
  }

  /** Drops the panel database too (tests only). */
  async dropAll(siteIds: readonly string[]): Promise<void> {
    for (const id of siteIds) await this.dropSite(id);
    await this.panel.destroy();
    if (this.#mysql) {
      const admin = mysqlConnection(this.#mysql);
      try {
        await admin.raw('DROP DATABASE IF EXISTS ??', [this.#mysql.database]);
      } finally {
        await admin.destroy();
      }
    }
  }

  async close(): Promise<void> {
    for (const db of this.#sites.values()) await db.destroy();
    this.#sites.clear();
    await this.panel.destroy();
  }
}

/** Statements kept per SQLite connection (by SQL text) before the cache starts over. */
const PREPARED_KEPT = 256;
/** Longer statements (long IN lists, whose texts rarely recur) are prepared afresh each time. */
const PREPARED_MAX_SQL = 4_000;

/**
 * knex's better-sqlite3 dialect prepares every statement it runs, and preparing costs about what running a
 * small query does: the same texts recur on every request (the options, the ledger check, the sequences,
 * BEGIN and COMMIT). So a connection hands back the statement it prepared before for the same text. A
 * prepared statement follows schema changes (SQLite prepares it again itself); knex only runs them
 * (`all`, `run`), and nothing here switches a statement's modes (`raw`, `pluck`, `safeIntegers`).
 */
function reusePreparedStatements(conn: { prepare(sql: string): unknown }): void {
  const prepare = conn.prepare.bind(conn);
  const kept = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    if (sql.length > PREPARED_MAX_SQL) return prepare(sql);
    let stmt = kept.get(sql);
    if (stmt === undefined) {
      stmt = prepare(sql);
      if (kept.size >= PREPARED_KEPT) kept.clear();
      kept.set(sql, stmt);
    }
    return stmt;
  };
}
