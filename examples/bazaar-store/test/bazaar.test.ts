/**
 * The bazaar through the real `panel` binary, as its users reach it: a site with the bazaar and the
 * Seeder on SQLite, and on MariaDB too when TEST_MYSQL_URL is set (in a database of its own).
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PANEL = path.join(path.dirname(createRequire(import.meta.url).resolve('seeder-panel/package.json')), 'bin/panel.js');
const USER = '--user=admin@example.com';
type Rows = Array<Record<string, unknown>>;

const mariadb = (url: string) => Object.assign(new URL(url), { pathname: `/bazaar_${randomBytes(4).toString('hex')}` }).href;
const DATABASES = [{ label: 'sqlite', env: {} }];
if (process.env.TEST_MYSQL_URL) DATABASES.push({ label: 'mariadb', env: { PANEL_DATABASE_URL: mariadb(process.env.TEST_MYSQL_URL), PANEL_SECRET_KEY: randomBytes(32).toString('hex') } });

for (const { label, env: databaseEnv } of DATABASES) {
  describe(`the bazaar example plugin through the panel binary [${label}]`, function () {
    this.timeout(240_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-'));
    const env = { ...process.env, NO_COLOR: '1', PANEL_DATA_DIR: dir, PANEL_PLUGINS: fileURLToPath(new URL('../index.ts', import.meta.url)), ...databaseEnv };
    const panel = (...args: string[]) => spawnSync(process.execPath, [PANEL, ...args], { env, encoding: 'utf8', timeout: 120_000 });
    const json = (...args: string[]) => {
      const r = panel(...args, '--site=market', '--format=json');
      expect(r.status, r.stderr).to.equal(0);
      return JSON.parse(r.stdout);
    };
    const stock = (): Record<string, Rows> => json('seeder', 'bazaar-stock');
    const rowCount = (s: Record<string, Rows>) => Object.values(s).flat().length;

    before(() => {
      expect(panel('site', 'add', 'market', '--plugins', 'bazaar,seeder').status).to.equal(0);
      expect(panel('operator', 'add', '--email', 'admin@example.com', '--password', 'a long owner passphrase').status).to.equal(0);
    });
    after(() => {
      panel('site', 'remove', 'market', '--yes');
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('writes nothing on preview, then generates the five resources into its tables as preview showed them', () => {
      json('seeder', 'generate', 'product-categories', '--count=4', USER);
      const products: Rows = json('seeder', 'preview', 'products', '--count=4', '--seed=7', '--bazaar-stall=12').rows;
      const coupons: Rows = json('seeder', 'preview', 'coupons', '--count=2', '--seed=5').rows;
      expect(products.map((p) => p.platform_fields)).to.deep.equal(Array(4).fill({ bazaar_stall: 12 }));
      expect(coupons.map((c) => String(c.code).slice(0, 7))).to.deep.equal(['BAZAAR-', 'BAZAAR-']); // the filter
      expect(rowCount(stock())).to.equal(4);

      const made = json('seeder', 'generate', 'products', '--count=4', '--seed=7', '--bazaar-stall=12', USER);
      json('seeder', 'generate', 'coupons', '--count=2', '--seed=5', USER);
      json('seeder', 'generate', 'customers', '--count=3', USER);
      json('seeder', 'generate', 'orders', '--count=3', USER);
      const s = stock();
      expect(s.bazaar_products!.map((p) => [p.id, p.name, p.stall, p.price_cents])).to.deep.equal(
        products.map((p, i) => [Number(made.created[i].id), p.name, 12, p.sale_price_minor ?? p.regular_price_minor]),
      );
      expect(s.bazaar_coupons!.map((c) => c.code)).to.deep.equal(coupons.map((c) => c.code));
      expect([s.bazaar_categories, s.bazaar_customers, s.bazaar_orders].map((rows) => rows!.length)).to.deep.equal([4, 3, 3]);
      const ids = (rows: Rows | undefined, column = 'id') => rows!.map((r) => r[column]);
      expect(ids(s.bazaar_categories)).to.include.members(ids(s.bazaar_products, 'category_id'));
      expect(ids(s.bazaar_products)).to.include.members(ids(s.bazaar_order_lines, 'product_id'));
      expect(s.bazaar_order_lines).to.have.length.of.at.least(3);
    });

    it('runs the recipe, and cleaning up its run removes exactly what it wrote', () => {
      const before = stock();
      const report = json('seeder', 'recipe', 'run', 'bazaar-market', '--size=small', USER);
      expect(report.steps.map((s: Record<string, unknown>) => [s.resource, s.created])).to.deep.equal([['product_category', 4], ['product', 6], ['customer', 4], ['coupon', 2], ['order', 5]]);
      expect(stock().bazaar_orders).to.have.length(before.bazaar_orders!.length + 5);
      expect(json('seeder', 'cleanup', `--run_id=${report.run_id}`, USER).deleted).to.equal(21);
      expect(stock()).to.deep.equal(before);
    });

    it('writes the coupons the store accepts and reports those it refuses; cleaning up everything empties it', () => {
      const haggle = ['--count=6', '--seed=2', '--discount_types=percentage', '--discount_range={"min":40,"max":55}'];
      const wanted: Rows = json('seeder', 'preview', 'coupons', ...haggle).rows;
      const kept = wanted.filter((c) => Number(c.amount_percent) <= 50).map((c) => c.code);
      const made = json('seeder', 'generate', 'coupons', ...haggle, USER);
      expect([made.created_count, made.failed]).to.deep.equal([kept.length, 6 - kept.length]);
      expect(made.errors.join(' ')).to.contain('the bazaar takes no coupon over 50% off.');
      expect(stock().bazaar_coupons!.slice(2).map((c) => c.code)).to.deep.equal(kept);
      expect(json('seeder', 'cleanup', 'delete', '--yes', USER).deleted).to.equal(16 + kept.length);
      expect(rowCount(stock())).to.equal(0);
    });
  });
}
