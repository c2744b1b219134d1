/**
 * The benchmark cases. Each comparison runs both sides in the same process run, so
 * ratios hold on a noisy machine.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { faker } from '@faker-js/faker';
import type { Knex } from 'knex';
import { buildContext, generateEntities } from '../generators/registry.ts';
import type { ResourceName } from '../generators/resources.ts';
import { normaliseParameters } from '../generators/schema.ts';
import { buildApp } from '../panel/boot.ts';
import { listen } from '../panel/http/server.ts';
import { Tokens, systemClock } from '../panel/auth/index.ts';
import { createOperator } from '../panel/operators.ts';
import { EMPORIUM } from '../stores/emporium/index.ts';
import { cleanup } from '../controllers/cleanup.ts';
import { generate } from '../controllers/generate.ts';
import { LEDGER_TABLE } from '../controllers/ledger.ts';
import { isMysql } from '../lib/insert-rows.ts';
import { inMemoryShop } from './shop-fixture.ts';
import { benchSite, rowsAdded, seedShop, tableCounts, type BenchSite } from './setup.ts';
import { figure, median, percentile, timed, type Figure } from './stats.ts';

export interface BenchOptions {
  runs: number;
  /** Requests of 100 per run for the end-to-end figures. */
  requests: number;
  mysqlUrl?: string;
  full: boolean;
  log: (line: string) => void;
  /** The machine-readable ratios (bench/results/latest.json), filled in by the cases. */
  summary: Record<string, number>;
}

// ---- 1. generation alone ----

export function generationAlone(o: BenchOptions): Figure[] {
  const existing = inMemoryShop();
  const out: Figure[] = [];
  for (const resource of ['product', 'customer', 'order'] as ResourceName[]) {
    const n = normaliseParameters(resource, { count: 100, seed: 'bench', reference_date: '2026-06-30' });
    if ('error' in n) throw new Error(n.error.message);
    const ctx = buildContext(n.params, { existing });
    for (let i = 0; i < 20; i++) generateEntities(resource, n.params, ctx); // warm up
    const runs: number[] = [];
    for (let r = 0; r < o.runs; r++) {
      const batches = 50;
      const t = process.hrtime.bigint();
      for (let b = 0; b < batches; b++) generateEntities(resource, { ...n.params, seed: `bench-${r}-${b}` }, ctx);
      runs.push((batches * 100) / (Number(process.hrtime.bigint() - t) / 1e9));
    }
    out.push(figure(`generate ${resource} entities (no database)`, 'entities/s', runs));
  }
  return out;
}

// ---- 2-4, 6. end to end, raw insert ceiling, naive script, cleanup: on one database ----

const ORDER_TABLES = ['emp_orders', 'emp_order_addresses', 'emp_order_items', 'emp_download_permissions'];

async function maxIds(db: Knex, tables: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await db(t).max({ m: 'id' }))[0].m ?? 0);
  return out;
}

type Captured = Array<[string, Record<string, unknown>[]]>;

/** Inserts rows with knex multi-row statements in one transaction (chunks below the placeholder limits). */
async function knexInsert(db: Knex, byTable: Captured): Promise<void> {
  await db.transaction(async (trx) => {
    for (const [table, rows] of byTable) {
      if (rows.length === 0) continue;
      const columns = Object.keys(rows[0]).length;
      const chunk = Math.max(1, Math.min(500, Math.floor(30000 / columns)));
      for (let i = 0; i < rows.length; i += chunk) await trx(table).insert(rows.slice(i, i + chunk));
    }
  });
}

/** The driver's own connection (better-sqlite3 Database or mysql2 Connection), out of knex's pool. */
async function withDriverConnection<T>(db: Knex, fn: (conn: any) => Promise<T>): Promise<T> {
  const client = (db as unknown as { client: { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): Promise<void> } }).client;
  const conn = await client.acquireConnection();
  try {
    return await fn(conn);
  } finally {
    await client.releaseConnection(conn);
  }
}

/** Rows as value arrays in one column order per table (done before timing: the ceiling is the database's). */
function asArrays(byTable: Captured): Array<{ table: string; columns: string[]; values: unknown[][] }> {
  return byTable
    .filter(([, rows]) => rows.length > 0)
    .map(([table, rows]) => {
      const columns = Object.keys(rows[0]!);
      return { table, columns, values: rows.map((r) => columns.map((c) => r[c])) };
    });
}

/** SQLite's limit: better-sqlite3, one prepared statement per table reused for every row, one transaction. Returns ms. */
async function sqlitePreparedInsert(db: Knex, transactions: readonly Captured[]): Promise<number> {
  const batches = transactions.map(asArrays);
  return withDriverConnection(db, async (conn) => {
    const t = process.hrtime.bigint();
    const statements = new Map<string, { run(row: unknown[]): unknown }>();
    const prepared = (table: string, columns: string[]) => {
      const sql = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
      let stmt = statements.get(sql);
      if (!stmt) statements.set(sql, (stmt = conn.prepare(sql)));
      return stmt!;
    };
    for (const tables of batches) {
      conn.transaction(() => {
        for (const { table, columns, values } of tables) {
          const stmt = prepared(table, columns);
          for (const row of values) stmt.run(row);
        }
      })();
    }
    return Number(process.hrtime.bigint() - t) / 1e6;
  });
}

/**
 * The captured order rows cut into one transaction per `orders` orders, each with its orders' addresses,
 * items and download permissions: the transactions a run of requests of that many orders commits.
 */
function perRequest(byTable: Captured, orders: number): Captured[] {
  const orderRows = byTable.find(([t]) => t === 'emp_orders')![1];
  const out: Captured[] = [];
  for (let i = 0; i < orderRows.length; i += orders) {
    const ids = new Set(orderRows.slice(i, i + orders).map((r) => r.id));
    out.push(byTable.map(([t, rows]) => [t, rows.filter((r) => ids.has(t === 'emp_orders' ? r.id : r.order_id))]));
  }
  return out;
}

/**
 * MariaDB's limit: mysql2 multi-row INSERT statements of `size` rows each, one transaction for each of
 * `transactions`. Returns ms.
 */
async function mysqlMultiRowInsert(db: Knex, transactions: readonly Captured[], size: number): Promise<number> {
  const batches = transactions.map(asArrays);
  return withDriverConnection(db, async (conn) => {
    const q = (sql: string, values?: unknown) =>
      new Promise<void>((resolve, reject) => conn.query(sql, values, (e: Error | null) => (e ? reject(e) : resolve())));
    const t = process.hrtime.bigint();
    for (const tables of batches) {
      await q('START TRANSACTION');
      try {
        for (const { table, columns, values } of tables) {
          const sql = `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`;
          for (let i = 0; i < values.length; i += size) await q(sql, [values.slice(i, i + size)]);
        }
        await q('COMMIT');
      } catch (e) {
        await q('ROLLBACK');
        throw e;
      }
    }
    return Number(process.hrtime.bigint() - t) / 1e6;
  });
}

/** The rows of `table` whose `column` is one of `ids`, in id order (chunked). */
async function selectOf(db: Knex, table: string, column: string, ids: readonly number[]): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...((await db(table).whereIn(column, ids.slice(i, i + 500)).select('*')) as Record<string, unknown>[]));
  return out.sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * SQLite: the log copied into the database and emptied (`wal_checkpoint(TRUNCATE)`) before a timed write, so
 * each measurement pays for the checkpoints of its own pages only, not for pages an earlier one left in the
 * log (a run of 500 orders otherwise swings by more than the difference it measures). Nothing on MariaDB.
 */
async function emptyLog(db: Knex): Promise<void> {
  if (!isMysql(db)) await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
}

/** Deletes the captured rows again (children first), so the next insert of the same rows can be timed. */
async function removeCaptured(db: Knex, byTable: Captured): Promise<void> {
  await db.transaction(async (trx) => {
    for (const [t, rows] of [...byTable].reverse()) {
      const ids = rows.map((r) => r.id as number);
      for (let i = 0; i < ids.length; i += 500) await trx(t).whereIn('id', ids.slice(i, i + 500)).delete();
    }
  });
}

/** What a user writes instead: faker and knex, one autocommitted row at a time, into the same tables. */
async function naiveOrders(db: Knex, orders: number, customerIds: number[], productIds: number[], startId: number): Promise<number> {
  let rows = 0;
  let id = startId;
  let itemId = startId * 10;
  let addressId = startId * 10;
  for (let i = 0; i < orders; i++) {
    const orderId = ++id;
    const items = faker.number.int({ min: 1, max: 4 });
    const prices = Array.from({ length: items }, () => faker.number.int({ min: 500, max: 20000 }));
    const total = prices.reduce((a, b) => a + b, 0);
    const now = faker.date.past().toISOString();
    await db('emp_orders').insert({
      id: orderId,
      status: faker.helpers.arrayElement(['pending', 'processing', 'completed']),
      currency: 'USD',
      customer_id: faker.helpers.arrayElement(customerIds),
      billing_email: faker.internet.email(),
      payment_method: 'bacs',
      payment_method_title: 'Direct bank transfer',
      transaction_id: '',
      date_paid: null,
      date_completed: null,
      customer_note: '',
      prices_include_tax: false,
      discount_total: '0.00',
      shipping_total: '0.00',
      cart_tax: '0.00',
      shipping_tax: '0.00',
      total: (total / 100).toFixed(2),
      created_at: now,
    });
    rows++;
    for (const type of ['billing', 'shipping']) {
      await db('emp_order_addresses').insert({
        id: ++addressId,
        order_id: orderId,
        address_type: type,
        first_name: faker.person.firstName(),
        last_name: faker.person.lastName(),
        address_1: faker.location.streetAddress(),
        city: faker.location.city(),
        postcode: faker.location.zipCode(),
        country: 'US',
        email: faker.internet.email(),
        phone: faker.phone.number(),
      });
      rows++;
    }
    for (const price of prices) {
      await db('emp_order_items').insert({
        id: ++itemId,
        order_id: orderId,
        item_type: 'line_item',
        name: faker.commerce.productName(),
        product_id: faker.helpers.arrayElement(productIds),
        quantity: 1,
        subtotal: (price / 100).toFixed(2),
        total: (price / 100).toFixed(2),
        total_tax: '0.00',
        method_id: '',
        code: '',
        shipping_tax_total: '0.00',
      });
      rows++;
    }
  }
  return rows;
}

export async function onDatabase(label: 'sqlite' | 'mariadb', o: BenchOptions): Promise<Figure[]> {
  const bench: BenchSite = await benchSite(label, o.mysqlUrl);
  const { site, req } = bench;
  const db = site.db;
  const figures: Figure[] = [];
  const tag = label === 'sqlite' ? 'SQLite' : 'MariaDB';
  try {
    await seedShop(req);
    const store = site.services.get(EMPORIUM)!;

    // 2. end to end through the controllers, for products, customers and orders.
    const perResource: Record<string, { reqs: number[]; rows: number[]; lat: number[] }> = {};
    for (const resource of ['product', 'customer', 'order'] as const) {
      const reqs: number[] = [];
      const rows: number[] = [];
      const lat: number[] = [];
      await generate(req, resource, { count: 100, seed: `warm-${resource}`, reference_date: '2026-06-30' });
      for (let r = 0; r < o.runs; r++) {
        const before = await tableCounts(site, store.tables);
        const t = process.hrtime.bigint();
        for (let i = 0; i < o.requests; i++) {
          const [, ms] = await timed(() => generate(req, resource, { count: 100, seed: `e2e-${resource}-${r}-${i}`, reference_date: '2026-06-30' }));
          lat.push(ms);
        }
        const seconds = Number(process.hrtime.bigint() - t) / 1e9;
        const added = rowsAdded(before, await tableCounts(site, store.tables));
        reqs.push(o.requests / seconds);
        rows.push(added / seconds);
      }
      perResource[resource] = { reqs, rows, lat };
      const entities = figure(`${resource}s end to end (${tag})`, `${resource}s/s`, reqs.map((x) => x * 100));
      figures.push(entities);
      figures.push(figure(`${resource} requests of 100 (${tag})`, 'req/s', reqs));
      figures.push(figure(`${resource} store rows written (${tag})`, 'rows/s', rows));
      const p50 = figure(`${resource} request p50 (${tag})`, 'ms', [percentile(lat, 50)]);
      const p95 = figure(`${resource} request p95 (${tag})`, 'ms', [percentile(lat, 95)]);
      figures.push(p50, p95);
    }

    // 3. the physical limit: the same order rows, re-inserted in one transaction, three ways: knex multi-row
    // statements (the library), and the driver itself (the database): better-sqlite3 with one prepared
    // statement per table reused for every row, mysql2 multi-row INSERTs of 100, 500 and 1,000 rows. And
    // the driver once more with a commit every 100 orders, as requests of 100 (the spec's largest) commit.
    const seederRows = median(perResource.order.rows);
    const knexRuns: number[] = [];
    const seederRunRows: number[] = [];
    const sizes = label === 'mariadb' ? [100, 500, 1000] : [0];
    const driverRuns = new Map<number, number[]>(sizes.map((s) => [s, []]));
    // Also: the driver's statements again, committed every 100 orders as the Seeder's requests commit.
    const perRequestRuns: number[] = [];
    // Round -1 warms every path (MariaDB's buffer pool, the driver's statements) and is not kept: on a freshly
    // started MariaDB the first runs timed the driver at about half its later speed.
    for (let r = -1; r < o.runs; r++) {
      const keep = r >= 0;
      // The Seeder writes a run's rows (timed), and right after, the same rows are timed going in each way:
      // each run's ratio compares two measurements taken back to back, which a machine whose load changes
      // from minute to minute (a shared one) moves less than medians taken minutes apart.
      const before = await maxIds(db, ORDER_TABLES);
      await emptyLog(db);
      const [, seederMs] = await timed(async () => {
        for (let i = 0; i < o.requests; i++) await generate(req, 'order', { count: 100, seed: `ceiling-${r}-${i}`, reference_date: '2026-06-30' });
      });
      const captured: Captured = [];
      for (const t of ORDER_TABLES) captured.push([t, await db(t).where('id', '>', before[t]).orderBy('id').select('*')]);
      const total = captured.reduce((s, [, rows]) => s + rows.length, 0);
      if (keep) seederRunRows.push(total / (seederMs / 1000));
      // The ledger rows naming them go first; the rows are then removed and put back, each way in turn.
      await db(LEDGER_TABLE).where('resource', 'order').where('record_id', '>', String(before.emp_orders)).delete();
      await removeCaptured(db, captured);
      await emptyLog(db);
      const [, ms] = await timed(() => knexInsert(db, captured));
      if (keep) knexRuns.push(total / (ms / 1000));
      for (const size of sizes) {
        await removeCaptured(db, captured);
        await emptyLog(db);
        const driverMs = label === 'sqlite' ? await sqlitePreparedInsert(db, [captured]) : await mysqlMultiRowInsert(db, [captured], size);
        if (keep) driverRuns.get(size)!.push(total / (driverMs / 1000));
      }
      await removeCaptured(db, captured);
      await emptyLog(db);
      const requests = perRequest(captured, 100);
      const perRequestMs = label === 'sqlite' ? await sqlitePreparedInsert(db, requests) : await mysqlMultiRowInsert(db, requests, 1000);
      if (keep) perRequestRuns.push(total / (perRequestMs / 1000));
    }
    const knexCeiling = figure(`knex multi-row insert of the same order rows (${tag})`, 'rows/s', knexRuns);
    figures.push(knexCeiling);
    let ceiling: Figure;
    if (label === 'sqlite') {
      ceiling = figure(`true ceiling: better-sqlite3 prepared statements, same rows (${tag})`, 'rows/s', driverRuns.get(0)!);
      figures.push(ceiling);
    } else {
      const bySize = sizes.map((size) => figure(`mysql2 multi-row INSERT, ${size} rows a statement, same rows (${tag})`, 'rows/s', driverRuns.get(size)!));
      figures.push(...bySize);
      const best = bySize.reduce((x, y) => (y.median > x.median ? y : x));
      ceiling = { ...best, name: `true ceiling: the fastest of those (${best.name.match(/\d+ rows/)![0]}) (${tag})` };
      figures.push(ceiling);
    }
    knexCeiling.ratio = { to: 'this / true ceiling', value: knexCeiling.median / ceiling.median };
    // Per run: the Seeder's rows/s of that run against the ceiling of its own rows, measured right after.
    const bestRuns = label === 'sqlite' ? driverRuns.get(0)! : driverRuns.get(Number(/(\d+) rows/.exec(ceiling.name)![1]))!;
    const share = figure(`Seeder order rows as a share of the true ceiling, run by run (${tag})`, '%', seederRunRows.map((x, i) => (x / bestRuns[i]!) * 100));
    share.goal = { text: '>= 40 % of the true ceiling', met: share.median >= 40 };
    figures.push(share);
    const knexShare = figure(`Seeder order rows as a share of the knex multi-row figure, run by run (${tag})`, '%', seederRunRows.map((x, i) => (x / knexRuns[i]!) * 100));
    figures.push(knexShare);
    // Information: how much of the ceiling one transaction per request of 100 orders costs by itself (on
    // SQLite each commit writes its pages to the log, the shared index pages again each time), and the
    // Seeder against that.
    const perRequestCeiling = figure(
      label === 'sqlite'
        ? `better-sqlite3 prepared statements, same rows, a transaction per 100 orders (${tag})`
        : `mysql2 multi-row INSERTs, same rows, a transaction per 100 orders (${tag})`,
      'rows/s',
      perRequestRuns,
    );
    perRequestCeiling.ratio = { to: 'this / true ceiling', value: perRequestCeiling.median / ceiling.median };
    const perRequestShare = figure(`Seeder order rows as a share of that, run by run (${tag})`, '%', seederRunRows.map((x, i) => (x / perRequestRuns[i]!) * 100));
    figures.push(perRequestCeiling, perRequestShare);
    o.summary[`orders_share_of_per_request_ceiling_${label}`] = perRequestShare.median / 100;
    o.summary[`orders_share_of_true_ceiling_${label}`] = share.median / 100;
    o.summary[`orders_share_of_knex_insert_${label}`] = knexShare.median / 100;
    o.summary[`true_ceiling_rows_per_s_${label}`] = ceiling.median;
    o.summary[`orders_per_s_${label}`] = median(perResource.order.reqs) * 100;

    // 4. what a user writes instead.
    const customerIds = (await db('emp_customers').pluck('id')).map(Number);
    const productIds = (await db('emp_products').where({ type: 'simple' }).pluck('id')).map(Number);
    const naiveRuns: number[] = [];
    for (let r = 0; r < o.runs; r++) {
      const start = 10_000_000 + r * 100_000;
      const [rows, ms] = await timed(() => naiveOrders(db, o.requests * 20, customerIds, productIds, start));
      naiveRuns.push(rows / (ms / 1000));
    }
    const naive = figure(`faker + knex, one row at a time (${tag})`, 'rows/s', naiveRuns);
    naive.ratio = { to: 'Seeder order rows/s / this', value: seederRows / naive.median };
    naive.goal = { text: 'Seeder >= 5x this', met: naive.ratio.value >= 5 };
    figures.push(naive);
    o.summary[`orders_vs_naive_${label}`] = naive.ratio.value;

    // 6. cleanup: ledger rows removed per second, against a plain DELETE ... WHERE id IN (...) of the same
    // records in one transaction. The records are deleted plainly (the ledger rows stay), put back with the
    // same ids, and then removed by cleanup through the ledger.
    const cleanupRuns: number[] = [];
    const plainRuns: number[] = [];
    const shares: number[] = [];
    for (let r = 0; r < Math.min(o.runs, 3); r++) {
      const before = await tableCounts(site, store.tables);
      for (let i = 0; i < o.requests; i++) await generate(req, 'order', { count: 100, seed: `cleanup-${r}-${i}`, reference_date: '2026-06-30', recipe_run: `cleanup-${r}` });
      const after = await tableCounts(site, store.tables);
      const others = store.tables.filter((t) => !ORDER_TABLES.includes(t) && after[t] !== before[t]);
      if (others.length > 0) throw new Error(`orders wrote rows in ${others.join(', ')} too: the plain delete would not cover them`);
      // The run's records, by the ledger (not by id ranges: the faker + knex script above inserted rows with ids far
      // above the store's sequences, so "id above the largest before" found nothing and the plain delete timed none).
      const orderIds = (await db(LEDGER_TABLE).where({ run_id: `cleanup-${r}`, resource: 'order' }).pluck('record_id')).map(Number);
      const captured: Captured = [];
      for (const t of ORDER_TABLES) captured.push([t, await selectOf(db, t, t === 'emp_orders' ? 'id' : 'order_id', orderIds)]);
      const total = captured.reduce((n, [, rows]) => n + rows.length, 0);
      if (captured[0]![1].length !== orderIds.length || total <= orderIds.length) throw new Error(`the plain delete would cover ${total} rows of ${orderIds.length} orders: not the run's records`);
      const ledgerRows = Number((await db(LEDGER_TABLE).where('run_id', `cleanup-${r}`).count({ n: '*' }))[0].n);
      await emptyLog(db);
      const [, plainMs] = await timed(() => removeCaptured(db, captured));
      await knexInsert(db, captured);
      await emptyLog(db);
      const t = process.hrtime.bigint();
      let deleted = 0;
      let res = await cleanup(req, { run_id: `cleanup-${r}`, limit: 500 });
      deleted += res.deleted;
      while (res.remaining > 0 && res.deleted > 0) {
        res = await cleanup(req, { run_id: `cleanup-${r}`, limit: 500 });
        deleted += res.deleted;
      }
      const cleanupMs = Number(process.hrtime.bigint() - t) / 1e6;
      if (deleted !== ledgerRows) throw new Error(`cleanup removed ${deleted} ledger rows, the run had ${ledgerRows}`);
      cleanupRuns.push(deleted / (cleanupMs / 1000));
      plainRuns.push(ledgerRows / (plainMs / 1000));
      shares.push((plainMs / cleanupMs) * 100);
    }
    figures.push(figure(`cleanup of orders (${tag})`, 'ledger rows/s', cleanupRuns));
    figures.push(figure(`plain DELETE ... WHERE id IN (...) of the same records, one transaction (${tag})`, 'ledger rows/s', plainRuns));
    const cleanupShare = figure(`cleanup as a share of the plain delete (${tag})`, '%', shares);
    figures.push(cleanupShare);
    o.summary[`cleanup_share_of_plain_delete_${label}`] = cleanupShare.median / 100;
    return figures;
  } finally {
    await bench.dispose();
  }
}

// ---- 5. over HTTP ----

/**
 * A 25-row preview may take at most this many times an authenticated GET of a trivial route on the same
 * server: authentication, rate limiting and HTTP are the same on both sides; the preview adds
 * validation, generation of 25 orders and their JSON.
 */
const PREVIEW_GOAL = 4;

export async function overHttp(o: BenchOptions): Promise<Figure[]> {
  const bench = await benchSite('sqlite');
  try {
    await seedShop(bench.req);
    const op = await createOperator(bench.kernel.panelDb, { email: 'bench@example.com', password: 'a long timing passphrase', role: 'administrator', sites: [bench.site.id] });
    const { token } = await new Tokens(() => bench.kernel.panelDb, systemClock, bench.kernel.config.env).create(op.id, { name: 'bench' });
    const app = buildApp(bench.kernel, () => {}, { requestLimits: { authenticated: { points: 1e9, durationSeconds: 60 }, anonymous: { points: 1e9, durationSeconds: 60 } } });
    const { server, url } = await listen(app, 0);
    try {
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${url}/sites/${bench.site.id}/rest/seeder/v1${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        if (res.status >= 300) throw new Error(`${path}: ${res.status}`);
      };
      const get = async (path: string) => {
        const res = await fetch(`${url}/sites/${bench.site.id}/rest/seeder/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status >= 300) throw new Error(`${path}: ${res.status}`);
      };
      const gen: number[] = [];
      const pre: number[] = [];
      const trivial: number[] = [];
      for (let i = 0; i < 5; i++) {
        await post('/orders/preview', { count: 25, seed: `warm-${i}` });
        await get('/platforms');
      }
      // Interleaved, so load that changes during the measurement moves both sides of the ratio alike.
      for (let i = 0; i < o.runs * o.requests; i++) {
        gen.push((await timed(() => post('/orders/generate', { count: 100, seed: `http-${i}`, reference_date: '2026-06-30' })))[1]);
        for (let k = 0; k < 4; k++) {
          pre.push((await timed(() => post('/orders/preview', { count: 25, seed: `http-p-${i}-${k}`, reference_date: '2026-06-30' })))[1]);
          trivial.push((await timed(() => get('/platforms')))[1]);
        }
      }
      const p50 = figure('POST orders/preview, 25 rows, p50 (HTTP)', 'ms', [percentile(pre, 50)]);
      const base = figure('GET /platforms (a trivial authenticated route, same server), p50 (HTTP)', 'ms', [percentile(trivial, 50)]);
      p50.ratio = { to: 'this / the trivial GET', value: p50.median / base.median };
      p50.goal = { text: `at most ${PREVIEW_GOAL}x the trivial GET`, met: p50.ratio.value <= PREVIEW_GOAL };
      o.summary.preview_vs_trivial_get = p50.ratio.value;
      return [
        figure('POST orders/generate, 100 orders, p50 (HTTP)', 'ms', [percentile(gen, 50)]),
        figure('POST orders/generate, 100 orders, p95 (HTTP)', 'ms', [percentile(gen, 95)]),
        base,
        p50,
        figure('POST orders/preview, 25 rows, p95 (HTTP)', 'ms', [percentile(pre, 95)]),
      ];
    } finally {
      server.close();
    }
  } finally {
    await bench.dispose();
  }
}

// ---- 7. bulk through the real CLI ----

function peakRssMb(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmHWM:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Peak memory of the bulk run at most this many times its live heap: the rest is V8's new space and
 * headroom, code, and native memory (SQLite's page cache, buffers); more means memory kept for nothing.
 */
const BULK_MEMORY_GOAL = 6;

export async function bulk(o: BenchOptions, total = 100_000): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'seeder-bulk-'));
  const bin = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../bin/panel.js');
  const env = { ...process.env, PANEL_DATA_DIR: dataDir, PANEL_DATABASE_URL: '' };
  // The executable's own Node flags (its shebang), so the run is what a user runs; the timed run adds
  // --trace-gc, whose lines give the live heap: what a full (mark-compact) collection left.
  const shebang = fs.readFileSync(bin, 'utf8').split('\n', 1)[0]!;
  const nodeFlags = shebang.split(/\s+/).filter((a) => a.startsWith('--'));
  const run = (args: string[], traceGc = false) =>
    new Promise<{ code: number | null; peak: number; liveHeap: number }>((resolve) => {
      const child = spawn(process.execPath, [...nodeFlags, ...(traceGc ? ['--trace-gc'] : []), bin, ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      let peak = 0;
      let liveHeap = 0;
      let pending = '';
      child.stdout.on('data', (d: Buffer) => {
        const lines = (pending + d.toString()).split('\n');
        pending = lines.pop()!;
        for (const line of lines) {
          const m = /Mark-Compact[^>]*-> ([\d.]+) \(/.exec(line);
          if (m) liveHeap = Math.max(liveHeap, Number(m[1]));
        }
      });
      const timer = setInterval(() => {
        peak = Math.max(peak, peakRssMb(child.pid!) ?? 0);
      }, 200);
      child.once('exit', (code) => {
        clearInterval(timer);
        resolve({ code, peak, liveHeap });
      });
    });
  const admin = ['--user=1'];
  await run(['operator', 'add', '--email', 'bulk@example.com', '--password', 'a long loader passphrase']);
  for (const [resource, count] of [['products', 150], ['customers', 300], ['coupons', 10], ['shipping-plans', 5], ['tax-classes', 3]] as const) {
    await run(['seeder', 'generate', resource, `--total=${count}`, ...admin]);
  }
  o.log(`bulk: generating ${total} orders through the CLI...`);
  const t = process.hrtime.bigint();
  const result = await run(['seeder', 'generate', 'orders', `--total=${total}`, '--seed=bulk', ...admin], true);
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (result.code !== 0) throw new Error(`bulk run exited with ${result.code}`);
  const rate = figure(`panel seeder generate orders --total=${total} (SQLite)`, 'orders/s', [total / seconds]);
  const live = figure('bulk run live heap (largest heap a full collection left)', 'MB', [result.liveHeap]);
  const memory = figure('bulk run peak memory (RSS)', 'MB', [result.peak]);
  memory.ratio = { to: 'this / the live heap', value: result.peak / result.liveHeap };
  memory.goal = { text: `at most ${BULK_MEMORY_GOAL}x the live heap`, met: memory.ratio.value <= BULK_MEMORY_GOAL };
  o.summary.bulk_peak_rss_vs_live_heap = memory.ratio.value;
  return [rate, live, memory];
}

