/**
 * The three-node MariaDB Galera cluster of the tests (issue 16, point 6), when there is one:
 * `scripts/galera.sh start <dir> <base-port>` starts it, and .ci/run exports TEST_GALERA_URLS (the three
 * nodes' URLs, comma-separated, node 1 first) and TEST_GALERA_DIR (the script's folder, which stopNode and
 * startNode need). Suites skip themselves when GALERA_URLS is undefined.
 *
 * Nodes are numbered 1 to 3, as the script numbers them.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import knexFactory, { type Knex } from 'knex';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = path.join(ROOT, 'scripts', 'galera.sh');

export type GaleraNode = 1 | 2 | 3;
export const GALERA_NODES: readonly GaleraNode[] = [1, 2, 3];

function readUrls(): readonly string[] | undefined {
  const raw = process.env.TEST_GALERA_URLS?.trim();
  if (!raw) return undefined;
  const urls = raw.split(',').map((u) => u.trim()).filter(Boolean);
  if (urls.length !== 3) throw new Error(`TEST_GALERA_URLS must hold three URLs, comma-separated (one per node); it holds ${urls.length}: ${raw}`);
  for (const u of urls) {
    if (new URL(u).protocol !== 'mysql:') throw new Error(`TEST_GALERA_URLS: ${u} is not a mysql:// URL`);
  }
  return urls;
}

/** The nodes' URLs (node 1 first), or undefined when no cluster was started. */
export const GALERA_URLS: readonly string[] | undefined = readUrls();

/** The script's folder of the running cluster (TEST_GALERA_DIR), for stopNode and startNode. */
export const GALERA_DIR: string | undefined = process.env.TEST_GALERA_DIR || undefined;

function urls(): readonly string[] {
  if (!GALERA_URLS) throw new Error('No Galera cluster: TEST_GALERA_URLS is unset (start one with scripts/galera.sh start <dir> <base-port>)');
  return GALERA_URLS;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One test's database on the cluster: the panel database `name` (sites get `<name>_s_<site>`), reached through every node. */
export interface GaleraDatabase {
  readonly name: string;
  /** Node 1's URL first: the same database through each node. */
  readonly urls: readonly [string, string, string];
  url(node: GaleraNode): string;
}

const runId = crypto.randomBytes(3).toString('hex');
let counter = 0;

/** A database name no other test (of this run or of another) uses, with every node's URL pointing at it. Nothing is created. */
export function freshGaleraDatabase(): GaleraDatabase {
  const name = `g${runId}_${++counter}`;
  const all = urls().map((u) => withDatabase(u, name)) as unknown as [string, string, string];
  return { name, urls: all, url: (node) => all[node - 1]! };
}

/**
 * A connection straight to one node (not through a panel), on `database` or on none. Destroy it when done.
 * `causal` (the default) makes its reads wait for what the cluster committed before them; a status check
 * of a node that is not in sync yet goes without.
 */
export function nodeConnection(node: GaleraNode, database?: string, { causal = true } = {}): Knex {
  const u = new URL(urls()[node - 1]!);
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database,
      charset: 'utf8mb4',
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
    },
    // Reads wait for what the cluster committed before them, as the panel's own connections do: a
    // check right after an answer sees that answer's writes on any node.
    pool: {
      min: 0,
      max: 1,
      afterCreate: (conn: { query(sql: string, cb: (e: Error | null) => void): void }, done: (e: Error | null, conn: unknown) => void) =>
        causal ? conn.query('SET SESSION wsrep_sync_wait = 1', (e) => done(e, conn)) : done(null, conn),
    },
  });
}

/** Runs `fn` on a connection to one node, closed afterwards: checks of what each node holds. */
export async function onNode<T>(node: GaleraNode, fn: (db: Knex) => Promise<T>, database?: string, options?: { causal?: boolean }): Promise<T> {
  const db = nodeConnection(node, database, options);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/** Runs one SQL statement on one node and returns its rows. */
export async function nodeQuery<T = Record<string, unknown>>(node: GaleraNode, sql: string, bindings: readonly unknown[] = [], database?: string): Promise<T[]> {
  return onNode(node, async (db) => {
    const [rows] = (await db.raw(sql, bindings as Knex.RawBinding[])) as [T[], unknown];
    return rows;
  }, database);
}

/** A node's wsrep status values (wsrep_cluster_size, wsrep_local_state_comment, ...). */
export async function nodeStatus(node: GaleraNode): Promise<Record<string, string>> {
  const [rows] = (await onNode(node, (db) => db.raw("SHOW STATUS LIKE 'wsrep%'"), undefined, { causal: false })) as [Array<{ Variable_name: string; Value: string }>, unknown];
  return Object.fromEntries(rows.map((r) => [r.Variable_name, String(r.Value)]));
}

/** Drops the panel database `name` and every site database of it (`<name>_s_*`), through node 1: the drop replicates. */
export async function dropGaleraDatabase(name: string): Promise<void> {
  await onNode(1, async (db) => {
    const [rows] = (await db.raw("SELECT schema_name AS n FROM information_schema.schemata WHERE schema_name = ? OR schema_name LIKE ?", [
      name,
      `${name.replace(/_/g, '\\_')}\\_s\\_%`,
    ])) as [Array<{ n: string }>, unknown];
    for (const { n } of rows) await db.raw('DROP DATABASE IF EXISTS ??', [n]);
  });
}

async function script(command: 'stop-node' | 'start-node', node: GaleraNode): Promise<string> {
  if (!GALERA_DIR) throw new Error(`${command} needs TEST_GALERA_DIR: the folder given to scripts/galera.sh start (.ci/run exports it)`);
  try {
    const { stdout } = await promisify(execFile)(SCRIPT, [command, GALERA_DIR, String(node)], { encoding: 'utf8', timeout: 300_000 });
    return stdout.trim();
  } catch (e) {
    const err = e as Error & { stderr?: string };
    throw new Error(`scripts/galera.sh ${command} ${GALERA_DIR} ${node} failed: ${err.message}\n${err.stderr ?? ''}`);
  }
}

/** Stops one node (a clean shutdown; killed after 30 s); the others stay up and the cluster shrinks. */
export async function stopNode(node: GaleraNode): Promise<void> {
  await script('stop-node', node);
}

/** Starts a stopped node again and resolves once it has rejoined and is Synced; returns its URL. */
export async function startNode(node: GaleraNode): Promise<string> {
  return script('start-node', node);
}
