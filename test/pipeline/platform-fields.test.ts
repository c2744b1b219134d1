/**
 * Issue #5, point 1: optional platform-specific fields. A driver declares parameters only its store
 * understands; the pipeline accepts them only for the resources they list and only when writing to
 * that platform, records each entity's value (so preview shows what generate writes), and the
 * driver's writer stores it. Built-in: emporium_tax_status (one value for every product) and
 * cartwheel_archived_customer_ratio (decided per row); the toy store's toy_shelf is the guide's example.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import { rejection } from '../support/rejection.ts';
import { generate, preview } from '../../controllers/generate.ts';
import { cleanup } from '../../controllers/cleanup.ts';
import { endpointSchema } from '../../controllers/params.ts';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { T } from '../../stores/emporium/tables.ts';
import { C } from '../../stores/cartwheel/tables.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOY = path.join(here, '../fixtures/plugins/toy-store.ts');

type Row = { key: string; platform_fields?: Record<string, unknown> };

eachDatabase('platform fields', (target) => {
  let h: SeederHarness;
  const ledgerRows = async () => Number((await h.site.db(LEDGER_TABLE).count({ n: '*' }))[0].n);

  before(async () => {
    h = await bootSeederSite(target, { plugins: ['emporium', 'cartwheel', 'toy-store', 'seeder'], pluginModules: [TOY] });
  });
  after(async () => h.dispose());
  afterEach(async () => {
    await cleanup(h.req, { limit: 500 });
  });

  it('emporium_tax_status reaches every generated product; preview shows it on each row; unsent, the store default applies and rows carry nothing', async () => {
    const params = { count: 3, seed: 'tax', platform: 'emporium', emporium_tax_status: 'none' };
    const shown = await preview(h.req, 'products', params);
    expect(shown.rows.map((r) => (r as Row).platform_fields)).to.deep.equal([0, 1, 2].map(() => ({ emporium_tax_status: 'none' })));
    const made = await generate(h.req, 'products', params);
    expect(made.created_count).to.equal(3);
    expect(made.ignored_parameters).to.deep.equal([]);
    const stored = await h.site.db(T.products).whereIn('id', made.created.map((c) => Number(c.id))).pluck('tax_status');
    expect(stored).to.deep.equal(['none', 'none', 'none']);

    const plain = await preview(h.req, 'products', { count: 2, seed: 'tax', platform: 'emporium' });
    for (const row of plain.rows) expect(row).to.not.have.property('platform_fields');
    const defaulted = await generate(h.req, 'products', { count: 2, seed: 'tax-2', platform: 'emporium' });
    expect(await h.site.db(T.products).whereIn('id', defaulted.created.map((c) => Number(c.id))).pluck('tax_status')).to.deep.equal(['taxable', 'taxable']);
  });

  it('cartwheel_archived_customer_ratio is decided per row from the seed: preview shows each choice, generate stores exactly those', async () => {
    const params = { count: 40, seed: 'archive', platform: 'cartwheel', cartwheel_archived_customer_ratio: 25 };
    const shown = (await preview(h.req, 'customers', params)).rows as Row[];
    const archived = shown.map((r) => r.platform_fields!.cartwheel_archived_customer_ratio);
    expect(archived.every((a) => typeof a === 'boolean')).to.equal(true);
    const share = archived.filter(Boolean).length;
    expect(share).to.be.within(3, 20);
    // Row i is the same whatever the count.
    const fewer = (await preview(h.req, 'customers', { ...params, count: 10 })).rows as Row[];
    expect(fewer.map((r) => r.platform_fields!.cartwheel_archived_customer_ratio)).to.deep.equal(archived.slice(0, 10));

    const made = await generate(h.req, 'customers', params);
    expect(made.created.map((c) => c.key)).to.deep.equal(shown.map((r) => r.key));
    const statuses = new Map(
      (await h.site.db(C.customers).whereIn('id', made.created.map((c) => Number(c.id))).select('id', 'status')).map((r: { id: number; status: string }) => [String(r.id), r.status]),
    );
    expect(made.created.map((c) => statuses.get(c.id))).to.deep.equal(archived.map((a) => (a ? 'archived' : 'active')));
    expect(made.created.filter((c) => c.summary.endsWith('(archived)'))).to.have.length(share);

    const all = await generate(h.req, 'customers', { ...params, seed: 'all', count: 5, cartwheel_archived_customer_ratio: 100 });
    expect(await h.site.db(C.customers).whereIn('id', all.created.map((c) => Number(c.id))).pluck('status')).to.deep.equal(Array(5).fill('archived'));
    const none = await generate(h.req, 'customers', { count: 5, seed: 'none', platform: 'cartwheel' });
    expect(await h.site.db(C.customers).whereIn('id', none.created.map((c) => Number(c.id))).pluck('status')).to.deep.equal(Array(5).fill('active'));
  });

  it("a field sent to another platform is 422 naming it and the platform it belongs to, on generate and preview; nothing is written", async () => {
    const before = await ledgerRows();
    const params = { count: 2, seed: 1, platform: 'emporium', cartwheel_archived_customer_ratio: 50 };
    for (const run of [generate, preview]) {
      const err = await rejection(run(h.req, 'customers', params));
      expect(err.code).to.equal('validation.invalid');
      expect(err.message).to.equal('Invalid parameter(s): cartwheel_archived_customer_ratio');
      const why = (err.details as { params: Record<string, string> }).params.cartwheel_archived_customer_ratio;
      expect(why).to.contain('only when writing to Cartwheel').and.contain('writes to Emporium');
    }
    expect(await ledgerRows()).to.equal(before);
    expect(Number((await h.site.db(T.customers).count({ n: '*' }))[0].n)).to.equal(0);
  });

  it('a bad value is refused like any parameter, together with the canonical problems of the same request', async () => {
    const err = await rejection(generate(h.req, 'products', { count: 0, platform: 'emporium', emporium_tax_status: 'sometimes' }));
    expect(err.code).to.equal('validation.invalid');
    expect(err.message).to.equal('Invalid parameter(s): count, emporium_tax_status');
    expect((err.details as { params: Record<string, string> }).params.emporium_tax_status).to.contain('allowed values');
    const ratio = await rejection(preview(h.req, 'customers', { count: 1, cartwheel_archived_customer_ratio: 101 }));
    expect(ratio.message).to.equal('Invalid parameter(s): cartwheel_archived_customer_ratio');
  });

  it('a field is accepted only by the resources it lists; the unknown-parameter answer lists the fields that are accepted', async () => {
    const err = await rejection(preview(h.req, 'customers', { count: 1, emporium_tax_status: 'none' }));
    expect(err.message).to.equal('Invalid parameter(s): emporium_tax_status');
    const accepted = (err.details as { accepted: string[] }).accepted;
    expect(accepted).to.include('cartwheel_archived_customer_ratio').and.include('count').and.not.include('emporium_tax_status');
    expect(accepted).to.deep.equal([...accepted].sort());
  });

  it('the seeder_rest_params filters see platform fields and may set them', async () => {
    const dispose = h.site.hooks.addFilter('seeder_rest_params_product', (params) => ({ ...params, emporium_tax_status: 'shipping' }));
    try {
      const made = await generate(h.req, 'products', { count: 2, seed: 'filtered', platform: 'emporium' });
      expect(await h.site.db(T.products).whereIn('id', made.created.map((c) => Number(c.id))).pluck('tax_status')).to.deep.equal(['shipping', 'shipping']);
    } finally {
      dispose();
    }
  });

  it("the toy store's toy_shelf works end to end, with its own pattern; a deactivated store's fields are no longer accepted", async () => {
    const made = await generate(h.req, 'products', { count: 2, seed: 'shelf', platform: 'toy', toy_shelf: 'B7' });
    expect(await h.site.db('toy_products').whereIn('id', made.created.map((c) => Number(c.id))).pluck('shelf')).to.deep.equal(['B7', 'B7']);
    const plain = await generate(h.req, 'products', { count: 1, seed: 'shelf-2', platform: 'toy' });
    expect(await h.site.db('toy_products').where({ id: Number(plain.created[0].id) }).pluck('shelf')).to.deep.equal(['A1']);
    expect((await rejection(preview(h.req, 'products', { count: 1, platform: 'toy', toy_shelf: 'b7' }))).message).to.equal('Invalid parameter(s): toy_shelf');

    expect(endpointSchema(h.site, 'product').properties).to.have.property('toy_shelf');
    await h.kernel.deactivatePlugin(h.site.id, 'toy-store');
    try {
      expect(endpointSchema(h.site, 'product').properties).to.not.have.property('toy_shelf');
      const err = await rejection(preview(h.req, 'products', { count: 1, toy_shelf: 'B7' }));
      expect((err.details as { accepted: string[] }).accepted).to.not.include('toy_shelf');
    } finally {
      await h.kernel.activatePlugin(h.site.id, 'toy-store');
    }
  });
});
