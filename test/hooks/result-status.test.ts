/**
 * Issue 18, point 3: the result filter runs once per batch, after the write, and cannot turn failure
 * into success: the status and the counts come from what was written (through the real REST server).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';

const TOY = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/plugins/toy-store.ts');

eachDatabase('hooks: a result filter cannot change what was written', (target) => {
  let h: SeederHttp;
  before(async () => {
    h = await startSeederHttp(target, { plugins: ['toy-store', 'seeder'], pluginModules: [TOY] });
  });
  after(async () => h.dispose());
  const ledgerRows = async () => Number((await h.site.db(LEDGER_TABLE).count({ n: '*' }))[0]!.n);

  it('a tap raising created_count on a batch that wrote nothing leaves the answer 500 generation.failed, and the tap never runs', async () => {
    const seen: number[] = [];
    const refuse = h.site.hooks.addFilter('seeder_canonical_entity_product', (entity) => ({ ...entity, regular_price_minor: -1, sale_price_minor: null }));
    const lie = h.site.hooks.addFilter('seeder_product_generation_result', (result) => (seen.push(result.created_count), { ...result, created_count: 3, failed: 0 }));
    try {
      const before = await ledgerRows();
      const res = await h.client.post('/products/generate', { count: 3, seed: 'lie' });
      expectErrorEnvelope(res, 500, 'generation.failed');
      expect(seen).to.deep.equal([]);
      expect(await ledgerRows()).to.equal(before);
    } finally {
      refuse();
      lie();
    }
  });

  it('on a partial batch the tap runs once for the whole batch; its counts are put back to what the store holds, its own fields stay', async () => {
    const calls: { created: number; failed: number }[] = [];
    // Row 1 of this seed is refused by the toy store; the others are written.
    const refuseOne = h.site.hooks.addFilter('seeder_canonical_entity_product', (entity, ctx) => (ctx.index === 1 ? { ...entity, regular_price_minor: -1, sale_price_minor: null } : entity));
    const lie = h.site.hooks.addFilter('seeder_product_generation_result', (result) => {
      calls.push({ created: result.created_count, failed: result.failed });
      return { ...result, created_count: 99, failed: 0, run_id: 'not-this-run', note: 'audited' };
    });
    try {
      const res = await h.client.post('/products/generate', { count: 4, seed: 'partial' });
      expect(res.status).to.equal(201);
      expect(calls).to.deep.equal([{ created: 3, failed: 1 }]);
      expect(res.body).to.include({ created_count: 3, failed: 1, note: 'audited' });
      expect(res.body.run_id).to.not.equal('not-this-run');
      expect(await h.site.db(LEDGER_TABLE).where({ run_id: res.body.run_id }).count({ n: '*' }).then((r) => Number(r[0]!.n))).to.equal(3);
    } finally {
      refuseOne();
      lie();
    }
  });
});
