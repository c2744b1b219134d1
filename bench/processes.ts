/**
 * Issue 15, point 8: what several processes cost and give.
 * - The per-request state check (`Site.look`: one read of the site's change counters, which the
 *   existing-record cache then trusts instead of reading its own) as a ratio to the preview it guards,
 *   measured interleaved in one process on each database. Goal: under 5 %.
 * - Orders per second written by one `panel` process and by two processes splitting the same run with
 *   `--shard` (the real binary, as users run it), on MariaDB, where writers run side by side.
 * - With a Galera cluster (BENCH_GALERA_URLS or TEST_GALERA_URLS, three node URLs): orders per second
 *   through one, two and three nodes (one process per node, each a shard of one run), and how many
 *   batches the cluster aborted and the write path ran again, per thousand batches (issue 16).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from '../controllers/generate.ts';
import { benchSite, seedShop } from './setup.ts';
import { figure, median, timed, type Figure } from './stats.ts';
import type { BenchOptions } from './cases.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/panel.js');

export async function stateCheck(label: 'sqlite' | 'mariadb', o: BenchOptions): Promise<Figure[]> {
  const bench = await benchSite(label, o.mysqlUrl);
  try {
    await seedShop(bench.req);
    const params = { count: 25, reference_date: '2026-06-30' };
    for (let i = 0; i < 5; i++) await preview(bench.req, 'order', { ...params, seed: `warm-${i}` });
    const ratios: number[] = [];
    const checks: number[] = [];
    const previews: number[] = [];
    for (let run = 0; run < o.runs; run++) {
      const plain: number[] = [];
      const checked: number[] = [];
      const alone: number[] = [];
      // Many samples a run: the check is tens of microseconds, and a median of few previews is noisier than that.
      for (let i = 0; i < o.requests * 40; i++) {
        // As the CLI runs a preview: the existing-record cache reads the write counters itself.
        plain.push((await timed(() => preview(bench.req, 'order', { ...params, seed: `plain-${run}-${i}` })))[1]);
        // As an HTTP request runs it: the state check reads every counter once, and the preview trusts that read.
        const [counters, c] = await timed(() => bench.site.look());
        const [, p] = await timed(() => preview({ ...bench.req, counters }, 'order', { ...params, seed: `checked-${run}-${i}` }));
        checked.push(c + p);
        alone.push(c);
      }
      ratios.push(median(checked) / median(plain));
      checks.push(median(alone) * 1000);
      previews.push(median(plain));
    }
    const name = label === 'sqlite' ? 'SQLite' : 'MariaDB';
    const cost = figure(`orders preview of 25 with the state check / without, medians (${name})`, 'x', ratios);
    cost.goal = { text: 'under 1.05 (the check costs under 5 % of a preview)', met: cost.median < 1.05 };
    return [cost, figure(`per-request state check alone, median (${name})`, 'µs', checks), figure(`orders preview of 25, in process, median (${name})`, 'ms', previews)];
  } finally {
    await bench.dispose();
  }
}

/** Orders per second with one process and with two (`--shard=1/2`, `--shard=2/2` at once) on one MariaDB. */
export async function processThroughput(o: BenchOptions, total = o.full ? 20_000 : 2_000): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seeder-processes-'));
  const u = new URL(o.mysqlUrl!);
  u.pathname = `/bench_procs_${crypto.randomBytes(3).toString('hex')}`;
  const env = { ...process.env, PANEL_DATA_DIR: dataDir, PANEL_DATABASE_URL: u.toString(), PANEL_SECRET_KEY: crypto.randomBytes(32).toString('base64') };
  const run = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(BIN, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`panel ${args.join(' ')} exited with ${code}`))));
    });
  const admin = ['--user=1'];
  try {
    await run(['operator', 'add', '--email', 'procs@example.com', '--password', 'a long loader passphrase']);
    for (const [resource, count] of [['products', 150], ['customers', 300], ['coupons', 10], ['shipping-plans', 5], ['tax-classes', 3]] as const) {
      await run(['seeder', 'generate', resource, `--total=${count}`, ...admin]);
    }
    const one: number[] = [];
    const two: number[] = [];
    // Quick mode: one run (each is two spawned runs of the real binary; --full takes three).
    for (let r = 0; r < (o.full ? 3 : 1); r++) {
      o.log(`processes: ${total} orders with one process, then with two (run ${r + 1})`);
      const [, t1] = await timed(() => run(['seeder', 'generate', 'orders', `--total=${total}`, `--seed=one-${r}`, ...admin]));
      one.push(total / (t1 / 1000));
      const shard = (k: number) => run(['seeder', 'generate', 'orders', `--total=${total}`, `--shard=${k}/2`, `--seed=two-${r}`, ...admin]);
      const [, t2] = await timed(() => Promise.all([shard(1), shard(2)]));
      two.push(total / (t2 / 1000));
    }
    const single = figure(`orders written, one process (MariaDB, ${total} per run)`, 'orders/s', one);
    const pair = figure(`orders written, two processes sharding one run (MariaDB)`, 'orders/s', two);
    pair.ratio = { to: 'one process', value: median(two) / median(one) };
    return [single, pair];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const { Databases } = await import('../panel/database.ts');
    const dbs = await Databases.open({ url: u.toString(), dataDir });
    await dbs.dropAll(['default']);
    await dbs.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Orders/s through 1, 2 and 3 Galera nodes (a process per node, sharding one run), and retries per 1,000 batches. */
export async function galeraThroughput(o: BenchOptions, urls: readonly string[], total = o.full ? 12_000 : 3_000): Promise<Figure[]> {
  const name = `bench_galera_${crypto.randomBytes(3).toString('hex')}`;
  const secret = crypto.randomBytes(32).toString('base64');
  const folders: string[] = [];
  const envFor = (node: number) => {
    const u = new URL(urls[node]!);
    u.pathname = `/${name}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seeder-galera-'));
    folders.push(dataDir);
    return { ...process.env, PANEL_DATA_DIR: dataDir, PANEL_DATABASE_URL: u.toString(), PANEL_SECRET_KEY: secret };
  };
  const run = (node: number, args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(BIN, args, { env: envFor(node), stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`panel ${args.join(' ')} on node ${node + 1} exited with ${code}`))));
    });
  // By email: on Galera, auto-increment ids interleave by node, so the first operator is not id 1.
  const admin = ['--user=galera@example.com'];
  const figures: Figure[] = [];
  try {
    await run(0, ['operator', 'add', '--email', 'galera@example.com', '--password', 'a long loader passphrase']);
    for (const [resource, count] of [['products', 150], ['customers', 300], ['shipping-plans', 5]] as const) {
      await run(0, ['seeder', 'generate', resource, `--total=${count}`, ...admin]);
    }
    let retries = 0;
    let batches = 0;
    const rates: number[] = [];
    for (const nodes of [1, 2, 3]) {
      o.log(`galera: ${total} orders through ${nodes} node(s)`);
      const shard = (k: number) => run(k - 1, ['seeder', 'generate', 'orders', `--total=${total}`, `--shard=${k}/${nodes}`, `--seed=galera-${nodes}`, ...admin]);
      const [outs, ms] = await timed(() => Promise.all(Array.from({ length: nodes }, (_, i) => shard(i + 1))));
      rates.push(total / (ms / 1000));
      for (const out of outs) retries += Number(/Ran (\d+) aborted/.exec(out)?.[1] ?? 0);
      batches += Math.ceil(total / 100);
      figures.push(figure(`orders written through ${nodes} Galera node(s), a process each`, 'orders/s', [total / (ms / 1000)]));
    }
    figures[1]!.ratio = { to: 'one node', value: rates[1]! / rates[0]! };
    figures[2]!.ratio = { to: 'one node', value: rates[2]! / rates[0]! };
    figures.push(figure('batches the cluster aborted and the write path ran again', 'per 1,000 batches', [(retries / batches) * 1000]));
    return figures;
  } finally {
    const { Databases } = await import('../panel/database.ts');
    const u = new URL(urls[0]!);
    u.pathname = `/${name}`;
    const dbs = await Databases.open({ url: u.toString(), dataDir: folders[0] ?? os.tmpdir() });
    await dbs.dropAll(['default']);
    await dbs.close();
    for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
  }
}
