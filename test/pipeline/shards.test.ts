/**
 * A run split into shards (issue 15, point 5): generateMany with `shard` makes exactly the rows of the
 * unsharded run that fall in its range, under one run id, so the shards together equal one run row for
 * row on another database, and `cleanup --run_id` undoes them all.
 */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import { rejection } from '../support/rejection.ts';
import { generate, preview } from '../../controllers/generate.ts';
import { generateMany } from '../../controllers/generate-many.ts';
import { chunkSeed, shardRange, shardRunId } from '../../controllers/runs.ts';
import { cleanup } from '../../controllers/cleanup.ts';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { storedOrders } from '../support/stored-orders.ts';

const TOTAL = 250;
const RUN = 'run_sharded_orders';

/** The shop the orders are made in: the same products and customers, written the same way, on each site. */
async function shop(h: SeederHarness): Promise<void> {
  await generate(h.req, 'product', { count: 8, seed: 'shop' });
  await generate(h.req, 'customer', { count: 8, seed: 'shop' });
}

eachDatabase('a run split into shards', (target) => {
  let sharded: SeederHarness;
  let whole: SeederHarness;

  before(async () => {
    sharded = await bootSeederSite(target, { siteId: 'shards' });
    whole = await bootSeederSite(target, { siteId: 'whole' });
    await shop(sharded);
    await shop(whole);
  });
  after(async () => {
    await sharded?.dispose();
    await whole?.dispose();
  });

  it('splits a run into n contiguous ranges covering every row once', () => {
    for (const [total, n] of [[250, 3], [100_000, 4], [7, 7], [10, 3]] as const) {
      const ranges = Array.from({ length: n }, (_, k) => shardRange(total, { index: k + 1, of: n }));
      expect(ranges[0]!.start).to.equal(0);
      expect(ranges.at(-1)!.end).to.equal(total);
      ranges.forEach((r, k) => {
        expect(r.end, `${total}/${n}`).to.be.greaterThan(r.start);
        if (k > 0) expect(r.start).to.equal(ranges[k - 1]!.end);
      });
    }
    expect(shardRange(100_000, { index: 2, of: 4 })).to.deep.equal({ start: 25_000, end: 50_000 });
  });

  it('three shards write what one run writes, row for row, and cleanup --run_id undoes them all', async function () {
    this.timeout(120_000);
    const reports = [];
    for (const index of [2, 3, 1]) {
      reports.push(await generateMany(sharded.req, 'order', { seed: 'big', recipe_run: RUN }, TOTAL, { shard: { index, of: 3 } }));
    }
    const one = await generateMany(whole.req, 'order', { seed: 'big', recipe_run: RUN }, TOTAL);
    expect(one).to.include({ requested: TOTAL, created_count: TOTAL, failed: 0 });
    expect(reports.map((r) => r.shard)).to.deep.equal([
      { index: 2, of: 3, first_row: 83, last_row: 165 },
      { index: 3, of: 3, first_row: 166, last_row: 249 },
      { index: 1, of: 3, first_row: 0, last_row: 82 },
    ]);
    for (const r of reports) {
      expect(r).to.include({ run_id: RUN, seed: 'big', failed: 0, requested: r.shard!.last_row - r.shard!.first_row + 1 });
      expect(r.created_count).to.equal(r.requested);
    }
    // The ledger keys: the run's, each once (shard 2 started mid-chunk: big:0 rows 83..99 came from offset 83).
    const keys = async (h: SeederHarness) =>
      (await h.site.db(LEDGER_TABLE).where({ run_id: RUN }).select('entity_key')).map((l: { entity_key: string }) => l.entity_key).sort();
    const expected = Array.from({ length: TOTAL }, (_, row) => `order:${chunkSeed('big', Math.floor(row / 100))}:${row % 100}`).sort();
    expect(await keys(sharded)).to.deep.equal(expected);
    expect(await keys(whole)).to.deep.equal(expected);
    // The store's rows, key by key.
    const a = await storedOrders(sharded.site.db, RUN);
    const b = await storedOrders(whole.site.db, RUN);
    expect(Object.keys(a)).to.have.length(TOTAL);
    expect(a).to.deep.equal(b);

    let r = await cleanup(sharded.req, { run_id: RUN, limit: 500 });
    while (r.remaining > 0 && r.deleted > 0) r = await cleanup(sharded.req, { run_id: RUN, limit: 500 });
    expect(Number((await sharded.site.db(LEDGER_TABLE).where({ run_id: RUN }).count({ n: '*' }))[0].n)).to.equal(0);
    expect(Number((await sharded.site.db('emp_orders').count({ n: '*' }))[0].n)).to.equal(0);
  });

  it('without a run id every shard derives the same one from resource, seed and total', async function () {
    this.timeout(60_000);
    const first = await generateMany(sharded.req, 'customer', { seed: 'derived' }, 5, { shard: { index: 1, of: 2 } });
    const second = await generateMany(sharded.req, 'customer', { seed: 'derived' }, 5, { shard: { index: 2, of: 2 } });
    expect(first.run_id).to.equal(shardRunId('customer', 'derived', 5)).and.to.equal(second.run_id).and.to.match(/^run_[A-Za-z0-9_-]{12}$/);
    expect([first.created_count, second.created_count]).to.deep.equal([2, 3]);
    // Running a shard again is refused, naming the run that holds its rows.
    const again = await rejection(generateMany(sharded.req, 'customer', { seed: 'derived' }, 5, { shard: { index: 2, of: 2 } }));
    expect(again.code).to.equal('generation.conflict');
    expect(again.details?.run_ids).to.deep.equal([first.run_id]);
  });

  it('refuses a shard that is not one, without a seed, or of rows that cannot be made apart (422, nothing written)', async () => {
    const before = Number((await sharded.site.db(LEDGER_TABLE).count({ n: '*' }))[0].n);
    const cases: [string, Record<string, unknown>, { index: number; of: number }, number, string[]][] = [
      ['k > n', { seed: 1 }, { index: 4, of: 3 }, 10, ['shard']],
      ['k = 0', { seed: 1 }, { index: 0, of: 3 }, 10, ['shard']],
      ['more shards than rows', { seed: 1 }, { index: 1, of: 11 }, 10, ['shard']],
      ['no seed', {}, { index: 1, of: 2 }, 10, ['seed']],
    ];
    for (const [what, params, shard, total, names] of cases) {
      const e = await rejection(generateMany(sharded.req, 'customer', params, total, { shard }));
      expect(e.code, what).to.equal('validation.invalid');
      expect(Object.keys(e.details?.params as object), what).to.deep.equal(names);
    }
    for (const resource of ['label', 'brand', 'refund'] as const) {
      const e = await rejection(generateMany(sharded.req, resource, { seed: 1 }, 10, { shard: { index: 1, of: 2 } }));
      expect(e.code, resource).to.equal('validation.invalid');
      expect((e.details?.params as Record<string, string>).shard, resource).to.match(/not supported for .*earlier rows/);
    }
    const offset = await rejection(generateMany(sharded.req, 'customer', { seed: 1, offset: 5 }, 10));
    expect(Object.keys(offset.details?.params as object)).to.deep.equal(['offset']);
    expect(Number((await sharded.site.db(LEDGER_TABLE).count({ n: '*' }))[0].n)).to.equal(before);
  });

  it('offset in one request: preview and generate make rows offset.. of the seed, and resources that cannot are 422', async function () {
    this.timeout(60_000);
    const all = await preview(whole.req, 'order', { count: 30, seed: 'slice' });
    const part = await preview(whole.req, 'order', { count: 12, seed: 'slice', offset: 9 });
    expect(part.rows).to.deep.equal(all.rows.slice(9, 21));
    const made = await generate(whole.req, 'order', { count: 12, seed: 'slice', offset: 9 });
    expect(made.created.map((c) => c.key)).to.deep.equal((all.rows as { key: string }[]).slice(9, 21).map((r) => r.key));
    // The rows before and after are still free: a request for them writes them; the written rows are refused.
    expect((await generate(whole.req, 'order', { count: 9, seed: 'slice' })).created_count).to.equal(9);
    const overlap = await rejection(generate(whole.req, 'order', { count: 5, seed: 'slice', offset: 18 }));
    expect(overlap.code).to.equal('generation.conflict');
    const label = await rejection(preview(whole.req, 'label', { count: 2, seed: 'slice', offset: 3 }));
    expect(label.code).to.equal('validation.invalid');
    expect(Object.keys(label.details?.params as object)).to.deep.equal(['offset']);
    // offset 0 is every resource's default.
    expect((await preview(whole.req, 'label', { count: 2, seed: 'slice', offset: 0 })).count).to.equal(2);
  });
});
