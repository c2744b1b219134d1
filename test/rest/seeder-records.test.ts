/**
 * `GET generated/records` on every database, with Emporium and Cartwheel active: the ledger's records
 * page by page (keyset, filtered by store, resource or run), each with its key fields as the store holds
 * them (the driver's `read`) and `admin_url` (none from the bundled stores; a `seeder_platform_admin_url_<id>`
 * tap supplies one, as a plugin with record screens would); and `GET generated`'s runs with
 * what each made (`parts`). Issue 17 points 10 and 11.
 */
import { expect } from 'chai';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { C as CW } from '../../stores/cartwheel/tables.ts';
import { T as EMP } from '../../stores/emporium/tables.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';

eachDatabase('Seeder REST: generated records as the stores hold them', (target) => {
  let h: SeederHttp;
  let empRun: string;
  let cwRun: string;

  before(async () => {
    h = await startSeederHttp(target, { plugins: ['emporium', 'cartwheel', 'seeder'] });
    // The bundled stores have no record screens; a plugin that gives Emporium some says where they are.
    h.site.hooks.addFilter('seeder_platform_admin_url_emporium', (url, ctx) => url ?? `/sites/${h.site.id}/admin/emporium-records/${ctx.resource}/${ctx.record_id}`);
    const e = await h.client.post('/customers/generate', { count: 5, seed: 'rec-e', platform: 'emporium' });
    const c = await h.client.post('/customers/generate', { count: 2, seed: 'rec-c', platform: 'cartwheel' });
    expect([e.status, c.status]).to.deep.equal([201, 201]);
    [empRun, cwRun] = [e.body.run_id, c.body.run_id];
  });
  after(async () => {
    let res = await h.client.delete('/generated', { limit: 500 });
    while (res.body.remaining > 0 && res.body.deleted > 0) res = await h.client.delete('/generated', { limit: 500 });
    await h.site.db(LEDGER_TABLE).delete();
    for (const table of [EMP.customers, CW.customers]) await h.site.db(table).delete();
    await h.dispose();
  });

  it("one store's records, two pages of three: each with the store's own email and the link a plugin gave Emporium's records", async () => {
    const first = await h.client.get('/generated/records?platform=emporium&limit=3');
    expect(first.status).to.equal(200);
    expect([first.body.data.length, first.body.has_more]).to.deep.equal([3, true]);
    const second = await h.client.get(`/generated/records?platform=emporium&limit=3&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect([second.body.data.length, second.body.has_more]).to.deep.equal([2, false]);
    const rows = [...first.body.data, ...second.body.data] as Array<{ record_id: string; platform: string; run_id: string; fields: Record<string, unknown>; admin_url: string }>;
    const emails = new Map((await h.site.db(EMP.customers).select('id', 'email')).map((r: { id: number; email: string }) => [String(r.id), r.email]));
    expect(rows.map((r) => r.record_id).sort()).to.deep.equal([...emails.keys()].sort());
    for (const r of rows) {
      expect([r.platform, r.run_id, r.fields.email, r.admin_url]).to.deep.equal(['emporium', empRun, emails.get(r.record_id), `/sites/${h.site.id}/admin/emporium-records/customer/${r.record_id}`]);
    }
  });

  it("a store nobody gave record screens links nowhere; the runs in GET generated say what each made", async () => {
    const res = await h.client.get(`/generated/records?run_id=${cwRun}`);
    expect(res.body.data.map((r: { admin_url: string | null }) => r.admin_url)).to.deep.equal([null, null]);
    const runs = (await h.client.get('/generated')).body.runs as Array<{ run_id: string; parts: unknown[] }>;
    expect(runs.find((r) => r.run_id === cwRun)!.parts).to.deep.equal([{ resource: 'customer', platform: 'cartwheel', count: 2 }]);
    expect(runs.find((r) => r.run_id === empRun)!.parts).to.deep.equal([{ resource: 'customer', platform: 'emporium', count: 5 }]);
  });

  it('money comes in minor units with its currency (the record\'s, else the shop\'s) and the row names its run\'s locale; a percentage is not money', async () => {
    await h.site.options.set('emporium_currency', 'EUR');
    await h.site.options.set('cartwheel_currency', 'JPY');
    try {
      const made: Record<string, string> = {};
      for (const platform of ['emporium', 'cartwheel']) {
        for (const [resource, params] of [['products', { product_type: 'physical' }], ['orders', {}], ['coupons', { discount_types: ['percentage'] }]] as const) {
          const res = await h.client.post(`/${resource}/generate`, { count: 2, seed: `money-${platform}`, platform, locale: platform === 'emporium' ? 'de_DE' : 'ja_JP', ...params });
          expect(res.status, JSON.stringify(res.body)).to.equal(201);
          made[`${platform} ${resource}`] = res.body.run_id;
        }
      }
      type Row = { record_id: string; fields: Record<string, unknown>; money: Record<string, { amount_minor: number; currency: string }>; locale: string | null };
      const rows = async (run: string) => (await h.client.get(`/generated/records?run_id=${run}`)).body.data as Row[];
      // Emporium: decimal strings in the order's currency; a product's price in the shop's.
      const empTotals = new Map((await h.site.db(EMP.orders).select('id', 'total', 'currency')).map((r: { id: number; total: string; currency: string }) => [String(r.id), r]));
      for (const r of await rows(made['emporium orders']!)) {
        const order = empTotals.get(r.record_id)!;
        expect(r.money.total).to.deep.equal({ amount_minor: Math.round(Number(order.total) * 100), currency: order.currency });
        expect(r.locale).to.equal('de_DE');
        expect(Object.keys(r.money).every((k) => k in r.fields)).to.equal(true);
        expect(r.money).to.not.have.property('status');
      }
      for (const r of await rows(made['emporium products']!)) expect(r.money.price).to.deep.equal({ amount_minor: Math.round(Number(r.fields.price) * 100), currency: 'EUR' });
      // Cartwheel: whole minor units (yen here).
      const cwTotals = new Map((await h.site.db(CW.orders).select('id', 'total_amount', 'currency')).map((r: { id: number; total_amount: number; currency: string }) => [String(r.id), r]));
      for (const r of await rows(made['cartwheel orders']!)) {
        const order = cwTotals.get(r.record_id)!;
        expect(r.money.total_amount).to.deep.equal({ amount_minor: Number(order.total_amount), currency: order.currency });
        expect(r.locale).to.equal('ja_JP');
      }
      for (const platform of ['emporium', 'cartwheel']) {
        const coupons = await rows(made[`${platform} coupons`]!);
        expect(coupons).to.have.length(2);
        for (const r of coupons) expect(r.money, platform).to.not.have.property('amount');
      }
    } finally {
      await h.site.options.delete('emporium_currency');
      await h.site.options.delete('cartwheel_currency');
    }
  });

  it('an unknown store is 400 platform.unknown and a limit above 50 is 422', async () => {
    expectErrorEnvelope(await h.client.get('/generated/records?platform=nowhere'), 400, 'platform.unknown');
    expectErrorEnvelope(await h.client.get('/generated/records?limit=51'), 422, 'validation.invalid');
  });
});
