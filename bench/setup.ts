/** A site for benchmarks: the built-in stores and the Seeder on a fresh database, with a small shop in it. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_MIGRATIONS } from '../panel/auth/index.ts';
import { BUILTIN_PLUGINS } from '../main.ts';
import { Kernel } from '../panel/kernel.ts';
import { loadConfig } from '../panel/config.ts';
import { Databases } from '../panel/database.ts';
import type { Site } from '../panel/site.ts';
import { generate } from '../controllers/generate.ts';
import type { SeederRequest } from '../controllers/request.ts';
import type { Actor } from '../panel/actor.ts';

export const BENCH_ACTOR: Actor = { operatorId: 0, email: 'bench', owner: true, role: 'administrator', via: 'cli' };

export interface BenchSite {
  label: 'sqlite' | 'mariadb';
  kernel: Kernel;
  site: Site;
  req: SeederRequest;
  dispose(): Promise<void>;
}

export async function benchSite(label: 'sqlite' | 'mariadb', mysqlUrl?: string, siteId = 'bench'): Promise<BenchSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seeder-bench-'));
  let databaseUrl: string | undefined;
  if (label === 'mariadb') {
    const u = new URL(mysqlUrl!);
    u.pathname = `/bench_${crypto.randomBytes(3).toString('hex')}`;
    databaseUrl = u.toString();
  }
  // A database URL needs PANEL_SECRET_KEY (the auth layer refuses to start without one): a throwaway key per bench site.
  const secretKey = databaseUrl ? crypto.randomBytes(32).toString('base64') : undefined;
  const config = { ...loadConfig({}, dataDir), dataDir, databaseUrl, secretKey, plugins: [] };
  const kernel = await Kernel.boot({ config, builtins: BUILTIN_PLUGINS, panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS }] });
  const site = await kernel.createSite({ id: siteId, plugins: ['emporium', 'seeder'] });
  return {
    label,
    kernel,
    site,
    req: { site, actor: BENCH_ACTOR },
    async dispose() {
      const sites = (await kernel.listSites()).map((s) => s.id);
      await kernel.close();
      const dbs = await Databases.open({ url: databaseUrl, dataDir });
      await dbs.dropAll(sites);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small shop the order generator can draw on: what a user would have before generating orders. */
export async function seedShop(req: SeederRequest): Promise<void> {
  const plan: Array<[string, Record<string, unknown>]> = [
    ['product_category', { count: 20 }],
    ['product_tag', { count: 20 }],
    ['brand', { count: 10 }],
    ['product', { count: 100, product_type: 'physical' }],
    ['product', { count: 50, product_type: 'digital' }],
    ['customer', { count: 100 }],
    ['customer', { count: 100 }],
    ['coupon', { count: 10 }],
    ['shipping_plan', { count: 5 }],
    ['tax_class', { count: 3 }],
  ];
  let i = 0;
  for (const [resource, params] of plan) {
    await generate(req, resource, { ...params, seed: `bench-shop-${i++}`, reference_date: '2026-06-30' });
  }
}

/** Rows in each of the store's tables. */
export async function tableCounts(site: Site, tables: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await site.db(t).count({ n: '*' }))[0].n);
  return out;
}

export function rowsAdded(before: Record<string, number>, after: Record<string, number>): number {
  return Object.keys(after).reduce((sum, t) => sum + (after[t] - (before[t] ?? 0)), 0);
}
