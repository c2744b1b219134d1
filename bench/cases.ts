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

/** Inserts rows with knex multi-row statements in one transaction (chunks below the placeholder limits). */
async function rawInsert(db: Knex, byTable: Array<[string, Record<string, unknown>[]]>): Promise<void> {
  await db.transaction(async (trx) => {
    for (const [table, rows] of byTable) {
      if (rows.length === 0) continue;
      const columns = Object.keys(rows[0]).length;
      const chunk = Math.max(1, Math.min(500, Math.floor(30000 / columns)));
      for (let i = 0; i < rows.length; i += chunk) await trx(table).insert(rows.slice(i, i + chunk));
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
      if (resource === 'order' && label === 'sqlite') entities.goal = { text: '>= 2,000 orders/s on SQLite', met: entities.median >= 2000 };
      figures.push(entities);
      figures.push(figure(`${resource} requests of 100 (${tag})`, 'req/s', reqs));
      figures.push(figure(`${resource} store rows written (${tag})`, 'rows/s', rows));
      const p50 = figure(`${resource} request p50 (${tag})`, 'ms', [percentile(lat, 50)]);
      const p95 = figure(`${resource} request p95 (${tag})`, 'ms', [percentile(lat, 95)]);
      figures.push(p50, p95);
    }

    // 3. the physical limit: the same order rows, re-inserted raw in one transaction.
    const seederRows = median(perResource.order.rows);
    const ceilingRuns: number[] = [];
    for (let r = 0; r < o.runs; r++) {
      const before = await maxIds(db, ORDER_TABLES);
      for (let i = 0; i < o.requests; i++) await generate(req, 'order', { count: 100, seed: `ceiling-${r}-${i}`, reference_date: '2026-06-30' });
      const captured: Array<[string, Record<string, unknown>[]]> = [];
      for (const t of ORDER_TABLES) captured.push([t, await db(t).where('id', '>', before[t]).orderBy('id').select('*')]);
      // Remove them (children first) and the ledger rows naming them, then time putting the same rows back.
      await db.transaction(async (trx) => {
        for (const [t] of [...captured].reverse()) await trx(t).where('id', '>', before[t]).delete();
        await trx(LEDGER_TABLE).where('resource', 'order').where('record_id', '>', String(before.emp_orders)).delete();
      });
      const total = captured.reduce((s, [, rows]) => s + rows.length, 0);
      const [, ms] = await timed(() => rawInsert(db, captured));
      ceilingRuns.push(total / (ms / 1000));
    }
    const ceiling = figure(`raw multi-row insert of the same order rows (${tag})`, 'rows/s', ceilingRuns);
    figures.push(ceiling);
    const ratio = figure(`Seeder order rows as a share of the raw ceiling (${tag})`, '%', [(seederRows / ceiling.median) * 100]);
    ratio.goal = { text: '>= 30 % of the raw insert ceiling', met: ratio.median >= 30 };
    figures.push(ratio);

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
    figures.push(naive);

    // 6. cleanup: ledger rows deleted per second.
    const cleanupRuns: number[] = [];
    for (let r = 0; r < Math.min(o.runs, 3); r++) {
      for (let i = 0; i < o.requests; i++) await generate(req, 'order', { count: 100, seed: `cleanup-${r}-${i}`, reference_date: '2026-06-30', recipe_run: `cleanup-${r}` });
      const t = process.hrtime.bigint();
      let deleted = 0;
      let res = await cleanup(req, { run_id: `cleanup-${r}`, limit: 500 });
      deleted += res.deleted;
      while (res.remaining > 0 && res.deleted > 0) {
        res = await cleanup(req, { run_id: `cleanup-${r}`, limit: 500 });
        deleted += res.deleted;
      }
      cleanupRuns.push(deleted / (Number(process.hrtime.bigint() - t) / 1e9));
    }
    figures.push(figure(`cleanup of orders (${tag})`, 'ledger rows/s', cleanupRuns));
    return figures;
  } finally {
    await bench.dispose();
  }
}

// ---- 5. over HTTP ----

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
      const gen: number[] = [];
      const pre: number[] = [];
      for (let i = 0; i < 5; i++) await post('/orders/preview', { count: 25, seed: `warm-${i}` });
      for (let i = 0; i < o.runs * o.requests; i++) {
        gen.push((await timed(() => post('/orders/generate', { count: 100, seed: `http-${i}`, reference_date: '2026-06-30' })))[1]);
        pre.push((await timed(() => post('/orders/preview', { count: 25, seed: `http-p-${i}`, reference_date: '2026-06-30' })))[1]);
      }
      const p50 = figure('POST orders/preview, 25 rows, p50 (HTTP)', 'ms', [percentile(pre, 50)]);
      p50.goal = { text: 'p50 under 5 ms', met: p50.median < 5 };
      return [
        figure('POST orders/generate, 100 orders, p50 (HTTP)', 'ms', [percentile(gen, 50)]),
        figure('POST orders/generate, 100 orders, p95 (HTTP)', 'ms', [percentile(gen, 95)]),
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

export async function bulk(o: BenchOptions, total = 100_000): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'seeder-bulk-'));
  const bin = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../bin/panel.js');
  const env = { ...process.env, PANEL_DATA_DIR: dataDir, PANEL_DATABASE_URL: '' };
  const run = (args: string[]) =>
    new Promise<{ code: number | null; peak: number }>((resolve) => {
      // Run as a user runs it: the executable itself, so its shebang's Node flags apply.
      const child = spawn(bin, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
      let peak = 0;
      const timer = setInterval(() => {
        peak = Math.max(peak, peakRssMb(child.pid!) ?? 0);
      }, 200);
      child.once('exit', (code) => {
        clearInterval(timer);
        resolve({ code, peak });
      });
    });
  const admin = ['--user=1'];
  await run(['operator', 'add', '--email', 'bulk@example.com', '--password', 'a long loader passphrase']);
  for (const [resource, count] of [['products', 150], ['customers', 300], ['coupons', 10], ['shipping-plans', 5], ['tax-classes', 3]] as const) {
    await run(['seeder', 'generate', resource, `--total=${count}`, ...admin]);
  }
  o.log(`bulk: generating ${total} orders through the CLI...`);
  const t = process.hrtime.bigint();
  const result = await run(['seeder', 'generate', 'orders', `--total=${total}`, '--seed=bulk', ...admin]);
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (result.code !== 0) throw new Error(`bulk run exited with ${result.code}`);
  const rate = figure(`panel seeder generate orders --total=${total} (SQLite)`, 'orders/s', [total / seconds]);
  const memory = figure('bulk run peak memory (RSS)', 'MB', [result.peak]);
  memory.goal = { text: 'under 300 MB', met: result.peak < 300 };
  return [rate, memory];
}

