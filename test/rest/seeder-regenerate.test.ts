/**
 * Generating again never ends in a 500 (issue 19, point 5): over HTTP, on both stores and both
 * databases. A seed's rows written twice are refused with 409 `generation.conflict` naming the run that
 * holds them, and the refused request writes nothing, in the store or the ledger; fresh seeds never
 * collide on names built from the vocabulary's word lists; a missing prerequisite is 409.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { RESOURCES, type ResourceName } from '../../generators/resources.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';

const STORES = [
  { id: 'emporium', plugins: ['emporium', 'emporium-subscriptions', 'seeder'] },
  { id: 'cartwheel', plugins: ['cartwheel', 'cartwheel-pro', 'seeder'] },
] as const;

/** Every table of the site's database (the stores' and the ledger) and its row count. */
async function tableCounts(db: Knex): Promise<Record<string, number>> {
  const tables =
    db.client.config.client === 'mysql2'
      ? ((await db('information_schema.tables').whereRaw('table_schema = database()').pluck('table_name')) as string[])
      : ((await db('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').pluck('name')) as string[]);
  const out: Record<string, number> = {};
  for (const t of tables.sort()) out[t] = Number(((await db(t).count({ n: '*' }).first()) as { n: number | string }).n);
  return out;
}

/** Records generated in the loop need some of their own kind first: variable products vary, digital ones get downloads. */
const PARAMS: Partial<Record<ResourceName, Record<string, unknown>>> = {
  product: { product_type: 'variable' },
};
const BEFORE: Partial<Record<ResourceName, Array<[string, Record<string, unknown>]>>> = {
  product_download: [['products', { count: 3, seed: 'digital', product_type: 'digital' }]],
};

for (const store of STORES) {
  eachDatabase(`generating again on ${store.id}`, (target) => {
    let h: SeederHttp;

    before(async () => {
      h = await startSeederHttp(target, { plugins: [...store.plugins] });
    });
    after(async () => h.dispose());

    it('every resource generated twice with one seed: the second answer is 409 generation.conflict naming the first run, and writes nothing', async () => {
      const unsupported: string[] = [];
      for (const r of RESOURCES) {
        for (const [base, body] of BEFORE[r.name] ?? []) expect((await h.client.post(`/${base}/generate`, body)).status).to.equal(201);
        const body = { count: 2, seed: 'pinned', ...PARAMS[r.name] };
        const first = await h.client.post(`/${r.base}/generate`, body);
        if (first.status === 400) {
          expectErrorEnvelope(first, 400, `${r.name}.unsupported`);
          unsupported.push(r.name);
          continue;
        }
        expect(first.status, `${r.name}: ${JSON.stringify(first.body)}`).to.equal(201);
        expect(first.body.created_count, r.name).to.be.above(0);

        const before = await tableCounts(h.site.db);
        const again = expectErrorEnvelope(await h.client.post(`/${r.base}/generate`, body), 409, 'generation.conflict');
        expect(again.details!.run_ids, r.name).to.deep.equal([first.body.run_id]);
        expect(again.details).to.include({ resource: r.name, platform: store.id, seed: 'pinned' });
        expect(again.message).to.contain(`run ${first.body.run_id}`).and.contain(`run_id=${first.body.run_id}`).and.contain('another seed');
        expect(await tableCounts(h.site.db), r.name).to.deep.equal(before);
      }
      // What each store cannot hold at all is refused as unsupported, both times, never as a conflict.
      expect(unsupported).to.deep.equal(store.id === 'emporium' ? ['transaction', 'label', 'licence'] : ['product_tag']);
    });

    it('asking for more rows of a seed than were written is refused as a whole; undoing the run lets the seed write again', async () => {
      const first = await h.client.post('/customers/generate', { count: 2, seed: 'grow' });
      expect(first.status).to.equal(201);
      const before = await tableCounts(h.site.db);
      const more = expectErrorEnvelope(await h.client.post('/customers/generate', { count: 5, seed: 'grow' }), 409, 'generation.conflict');
      expect(more.details!.rows).to.deep.equal([0, 1]);
      expect(more.message).to.match(/^Rows 0-1 of customers with seed "grow" were already written to \w+ by run /);
      expect(await tableCounts(h.site.db)).to.deep.equal(before);

      const undo = await h.client.delete(`/generated?run_id=${first.body.run_id}&limit=500`);
      expect(undo.body.remaining).to.equal(0);
      const again = await h.client.post('/customers/generate', { count: 5, seed: 'grow' });
      expect(again.status).to.equal(201);
      expect(again.body.created_count).to.equal(5);
      // The same rows as the first time: the seed, not the store, decides them.
      expect(again.body.created.slice(0, 2).map((c: { key: string }) => c.key)).to.deep.equal(first.body.created.map((c: { key: string }) => c.key));
    });

    it('the same request twice at once: one is written, the other is 409 generation.conflict, never both', async () => {
      const body = { count: 3, seed: 'at-once' };
      const before = await tableCounts(h.site.db);
      const answers = await Promise.all([h.client.post('/logs/generate', body), h.client.post('/logs/generate', body)]);
      expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 409]);
      const written = answers.find((a) => a.status === 201)!;
      expect(expectErrorEnvelope(answers.find((a) => a.status === 409)!, 409, 'generation.conflict').details!.run_ids).to.deep.equal([written.body.run_id]);
      const ledger = (await h.client.get(`/generated?view=rows&run_id=${written.body.run_id}&limit=100`)).body.data;
      expect(ledger).to.have.length(3);
      expect((await tableCounts(h.site.db)).seeder_ledger).to.equal(before.seeder_ledger! + 3);
    });

    it('seeds differing only in letter case are different seeds', async () => {
      expect((await h.client.post('/logs/generate', { count: 1, seed: 'Case' })).status).to.equal(201);
      expect((await h.client.post('/logs/generate', { count: 1, seed: 'case' })).status).to.equal(201);
      expectErrorEnvelope(await h.client.post('/logs/generate', { count: 1, seed: 'Case' }), 409, 'generation.conflict');
    });

    it('rows the ledger forgot but the store still holds are 409 generation.conflict without a run, not 500', async () => {
      const first = await h.client.post('/products/generate', { count: 2, seed: 'forgotten', product_type: 'physical' });
      expect(first.status).to.equal(201);
      expect((await h.client.delete(`/generated?run_id=${first.body.run_id}&forget=true`)).status).to.equal(200);
      const before = await tableCounts(h.site.db);
      const again = expectErrorEnvelope(await h.client.post('/products/generate', { count: 2, seed: 'forgotten', product_type: 'physical' }), 409, 'generation.conflict');
      expect(again.details!.run_ids).to.deep.equal([]);
      expect(again.message).to.contain('already used').and.contain('another seed');
      expect(await tableCounts(h.site.db)).to.deep.equal(before);
    });

    it('2,000 brands, shipping classes and tax classes from fresh seeds, 100 a request, never collide', async () => {
      // The stores refuse a slug already used, so 100 created and none failed in every request is no collision.
      for (const [base, resource] of [['brands', 'brand'], ['shipping-classes', 'shipping_class'], ['tax-classes', 'tax_class']] as const) {
        for (let batch = 0; batch < 20; batch++) {
          const res = await h.client.post(`/${base}/generate`, { count: 100, seed: `fresh-${base}-${batch}` });
          expect(res.status, `${base} batch ${batch}: ${JSON.stringify(res.body)}`).to.equal(201);
          expect(res.body.failed, `${base} batch ${batch}: ${res.body.errors.join(' ')}`).to.equal(0);
          expect(res.body.created_count).to.equal(100);
        }
        const ledger = (await h.client.get('/generated')).body.by_resource as Array<{ resource: string; count: number }>;
        expect(ledger.find((b) => b.resource === resource)!.count, base).to.be.at.least(2000);
      }
    });

    it('variations a store cannot hang on any variable product are 409 generation.missing_prerequisite, and write nothing', async () => {
      // No variable product varies by this axis.
      const before = await tableCounts(h.site.db);
      const none = expectErrorEnvelope(await h.client.post('/product-variations/generate', { count: 2, seed: 'axis', variation_axes: ['Engraving'] }), 409, 'generation.missing_prerequisite');
      expect(none.message).to.contain('variable products that vary by Engraving');
      expect(await tableCounts(h.site.db)).to.deep.equal(before);
    });

    if (store.id === 'emporium') {
      it('variations of a variable product without matching attribute terms are 409 generation.missing_prerequisite, and write nothing', async () => {
        // A variable product made before any attribute existed has no terms to vary: emporium cannot hold its variations.
        const fresh = await startSeederHttp(target, { plugins: [...store.plugins] });
        try {
          expect((await fresh.client.post('/products/generate', { count: 2, seed: 'bare', product_type: 'variable' })).status).to.equal(201);
          const before = await tableCounts(fresh.site.db);
          const err = expectErrorEnvelope(await fresh.client.post('/product-variations/generate', { count: 3, seed: 'bare' }), 409, 'generation.missing_prerequisite');
          expect(err.message).to.match(/offers no ".+: .+" as a global attribute term/);
          expect(err.details).to.include({ resource: 'product_variation', generate_first: 'product' });
          expect(await tableCounts(fresh.site.db)).to.deep.equal(before);
        } finally {
          await fresh.dispose();
        }
      });
    } else {
      it('subscriptions with no product sold by subscription are 409 generation.missing_prerequisite, and write nothing', async () => {
        const fresh = await startSeederHttp(target, { plugins: [...store.plugins] });
        try {
          expect((await fresh.client.post('/products/generate', { count: 2, seed: 'once', product_type: 'physical' })).status).to.equal(201);
          expect((await fresh.client.post('/customers/generate', { count: 2, seed: 'once' })).status).to.equal(201);
          const before = await tableCounts(fresh.site.db);
          const err = expectErrorEnvelope(await fresh.client.post('/subscriptions/generate', { count: 2, seed: 'once' }), 409, 'generation.missing_prerequisite');
          expect(err.message).to.contain('generate digital products');
          expect(await tableCounts(fresh.site.db)).to.deep.equal(before);
        } finally {
          await fresh.dispose();
        }
      });
    }
  });
}
