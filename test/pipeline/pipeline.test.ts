import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, VIEWER, type SeederHarness } from '../support/seeder.ts';
import { generate, preview } from '../../controllers/generate.ts';
import { cleanup, purgeOrder } from '../../controllers/cleanup.ts';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { cleanupOrder } from '../../generators/resources.ts';
import { rejection } from '../support/rejection.ts';
import { isPanelError } from '../../panel/errors.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOY = path.join(here, '../fixtures/plugins/toy-store.ts');


eachDatabase('pipeline on the toy driver', (target) => {
  let h: SeederHarness;
  const count = async (table: string) => Number((await h.site.db(table).count({ n: '*' }))[0].n);

  before(async () => {
    h = await bootSeederSite(target, { plugins: ['toy-store', 'seeder'], pluginModules: [TOY] });
  });
  after(async () => h.dispose());
  afterEach(async () => {
    await cleanup(h.req, { limit: 500 });
  });

  it('preview returns exactly the rows generate writes, and touches nothing', async () => {
    const shown = await preview(h.req, 'products', { count: 4, seed: 'same' });
    expect(await count('toy_products')).to.equal(0);
    const made = await generate(h.req, 'products', { count: 4, seed: 'same' });
    const stored = await h.site.db('toy_products').whereIn('id', made.created.map((c) => c.id)).orderBy('id').select('title', 'cents');
    expect(stored.map((s: { title: string }) => s.title)).to.deep.equal(shown.rows.map((r) => (r as { name: string }).name));
    expect(made.created.map((c) => c.key)).to.deep.equal(shown.rows.map((r) => (r as { key: string }).key));
  });

  it('every ledger row is written with its record, in the same request', async () => {
    const made = await generate(h.req, 'customers', { count: 7, seed: 3 });
    const ledger = await h.site.db(LEDGER_TABLE).where({ run_id: made.run_id }).select('record_id', 'resource', 'platform');
    expect(ledger.map((l: { record_id: string }) => l.record_id).sort()).to.deep.equal(made.created.map((c) => c.id).sort());
    expect(new Set(ledger.map((l: { platform: string }) => l.platform))).to.deep.equal(new Set(['toy']));
  });

  it('a writer that fails on one entity of a batch leaves the others written and ledgered, and the failed one absent', async () => {
    // The toy store refuses a price of zero: make row 2 of the batch invalid through the documented entity filter.
    const dispose = h.site.hooks.addFilter('seeder_canonical_entity_product', (entity, ctx) =>
      ctx.index === 2 ? { ...entity, regular_price_minor: 0, sale_price_minor: null } : entity,
    );
    try {
      const before = await count('toy_products');
      const made = await generate(h.req, 'products', { count: 5, seed: 11 });
      expect(made.created_count).to.equal(4);
      expect(made.failed).to.equal(1);
      expect(made.errors).to.deep.equal(['Toy store: item 0 needs a title and a positive price.']);
      expect(made.created.map((c) => c.key)).to.not.include('product:11:2');
      expect(await count('toy_products')).to.equal(before + 4);
      const ledger = await h.site.db(LEDGER_TABLE).where({ run_id: made.run_id }).select('record_id');
      expect(ledger.map((l: { record_id: string }) => l.record_id).sort()).to.deep.equal(made.created.map((c) => c.id).sort());
    } finally {
      dispose();
    }
  });

  it('a writer that answers fewer ids than entities fails the request (a bug, not a refusal) and writes nothing (issue 14)', async () => {
    const { TOY_STORE } = await import('../fixtures/plugins/toy-store.ts');
    const store = h.site.services.get(TOY_STORE)!;
    const original = store.addProducts.bind(store);
    store.addProducts = async (db, items) => (await original(db, items)).slice(1);
    try {
      const before = { records: await count('toy_products'), ledger: await count(LEDGER_TABLE) };
      const err = await generate(h.req, 'products', { count: 3, seed: 12 }).then(() => undefined, (e: unknown) => e);
      expect(isPanelError(err)).to.equal(false);
      expect((err as Error).message).to.equal('Driver "toy" wrote 3 product entities but answered 2 ids.');
      expect({ records: await count('toy_products'), ledger: await count(LEDGER_TABLE) }).to.deep.equal(before);
    } finally {
      store.addProducts = original;
    }
  });

  it('a batch where every entity fails is 500 generation.failed and writes nothing', async () => {
    const dispose = h.site.hooks.addFilter('seeder_canonical_entity_product', (entity) => ({ ...entity, regular_price_minor: -1, sale_price_minor: null }));
    try {
      const before = await count('toy_products');
      const err = await rejection(generate(h.req, 'products', { count: 3, seed: 1 }));
      expect(err.code).to.equal('generation.failed');
      expect(err.status).to.equal(500);
      expect(await count('toy_products')).to.equal(before);
      expect(await count(LEDGER_TABLE)).to.equal(0);
    } finally {
      dispose();
    }
  });

  it('seeder_canonical_entity runs before seeder_canonical_entity_<resource>, on every entity, in preview and generate alike', async () => {
    const calls: string[] = [];
    const d1 = h.site.hooks.addFilter('seeder_canonical_entity_customer', (e, ctx) => {
      calls.push(`specific:${ctx.index}`);
      return { ...e, display_name: `${String(e.display_name)} (specific)` };
    });
    const d2 = h.site.hooks.addFilter('seeder_canonical_entity', (e, ctx) => {
      calls.push(`generic:${ctx.index}`);
      return { ...e, display_name: `${String(e.display_name)} (generic)` };
    });
    try {
      const shown = await preview(h.req, 'customers', { count: 2, seed: 5 });
      expect(calls).to.deep.equal(['generic:0', 'specific:0', 'generic:1', 'specific:1']);
      expect((shown.rows[0] as { display_name: string }).display_name).to.match(/ \(generic\) \(specific\)$/);
      const made = await generate(h.req, 'customers', { count: 2, seed: 5 });
      const names = await h.site.db('toy_customers').whereIn('id', made.created.map((c) => c.id)).pluck('name');
      for (const n of names) expect(n).to.match(/ \(generic\) \(specific\)$/);
    } finally {
      d1();
      d2();
    }
  });

  it('seeder_<resource>_generation_result filters what generate answers, named after the writer\'s resource', async () => {
    const dispose = h.site.hooks.addFilter('seeder_product_generation_result', (result, ctx) => ({ ...result, note: `seen ${ctx.resource} on ${ctx.platform}` }));
    try {
      const made = await generate(h.req, 'products', { count: 1, seed: 1 });
      expect(made.note).to.equal('seen product on toy');
      const other = await generate(h.req, 'customers', { count: 1, seed: 1 });
      expect(other).to.not.have.property('note');
    } finally {
      dispose();
    }
  });

  it('seeder_rest_params runs before validation, generic before specific', async () => {
    const d1 = h.site.hooks.addFilter('seeder_rest_params_product', (p) => ({ ...p, count: Number(p.count) + 1 }));
    const d2 = h.site.hooks.addFilter('seeder_rest_params', (p) => ({ ...p, count: Number(p.count) * 10 }));
    try {
      expect((await preview(h.req, 'products', { count: 1, seed: 1 })).count).to.equal(11);
      // The filtered value is validated like any other: 100 * 10 + 1 is refused.
      const err = await rejection(preview(h.req, 'products', { count: 100, seed: 1 }));
      expect(err.message).to.equal('Invalid parameter(s): count');
    } finally {
      d1();
      d2();
    }
  });

  it('an actor without the capability is refused before anything is generated', async () => {
    const err = await rejection(generate({ site: h.site, actor: VIEWER }, 'products', { count: 1 }));
    expect(err.code).to.equal('auth.forbidden');
    const narrowed = h.site.hooks.addFilter('seeder_capability', () => 'manage_store');
    try {
      // editors hold manage_store; viewers still do not
      expect((await rejection(preview({ site: h.site, actor: VIEWER }, 'products', { count: 1 }))).code).to.equal('auth.forbidden');
      expect((await preview({ site: h.site, actor: { ...VIEWER, role: 'editor' } }, 'products', { count: 1 })).count).to.equal(1);
    } finally {
      narrowed();
    }
  });

  it('the purge order is the reverse of the resource list; seeder_purge_order reorders it, unknown entries dropped, omitted ones appended', async () => {
    expect(purgeOrder(h.site)).to.deep.equal(cleanupOrder());
    const dispose = h.site.hooks.addFilter('seeder_purge_order', () => ['customer', 'nonsense', 'product']);
    try {
      const order = purgeOrder(h.site);
      expect(order.slice(0, 2)).to.deep.equal(['customer', 'product']);
      expect(order).to.have.length(cleanupOrder().length);
      expect(order.slice(2)).to.deep.equal(cleanupOrder().filter((r) => r !== 'customer' && r !== 'product'));
    } finally {
      dispose();
    }
  });

  it('cleanup deletes newest first in batches, restricted by resource, and reports per resource', async () => {
    const p = await generate(h.req, 'products', { count: 3, seed: 21 });
    await generate(h.req, 'customers', { count: 2, seed: 21 });
    const first = await cleanup(h.req, { resource: 'products', limit: 2 });
    expect(first).to.include({ deleted: 2, remaining: 1 });
    expect(first.by_resource).to.deep.equal({ product: 2 });
    // Newest first: the first product of the request is the one left.
    const left = await h.site.db(LEDGER_TABLE).where({ resource: 'product' }).pluck('record_id');
    expect(left.map(String)).to.deep.equal([p.created[0].id]);
    const rest = await cleanup(h.req, {});
    expect(rest).to.include({ deleted: 3, remaining: 0 });
  });

  it('rows of a platform whose driver is gone are left alone, with a message, and not counted as remaining', async () => {
    await generate(h.req, 'products', { count: 2, seed: 31 });
    await h.kernel.deactivatePlugin('shop', 'toy-store');
    try {
      const res = await cleanup(h.req, {});
      expect(res).to.include({ deleted: 0, remaining: 0, left_alone: 2 });
      expect(res.errors[0]).to.contain('toy').and.contain('left alone');
    } finally {
      await h.kernel.activatePlugin('shop', 'toy-store');
    }
    expect((await cleanup(h.req, {})).deleted).to.equal(2);
  });

  it('a record that refuses deletion keeps its ledger row and is reported once', async () => {
    const made = await generate(h.req, 'products', { count: 2, seed: 41 });
    const { TOY_STORE, ToyRefusal } = await import('../fixtures/plugins/toy-store.ts');
    const store = h.site.services.get(TOY_STORE)!;
    const original = store.remove.bind(store);
    store.remove = async (db, table, ids) => {
      if (ids.includes(Number(made.created[1].id))) throw new ToyRefusal('Toy store: this item is on hold and cannot be removed.');
      return original(db, table, ids);
    };
    try {
      const first = await cleanup(h.req, {});
      expect(first.deleted).to.equal(1);
      expect(first.errors).to.deep.equal(['Toy store: this item is on hold and cannot be removed.']);
      expect(first).to.include({ remaining: 0, refused: 1 });
      const second = await cleanup(h.req, {});
      expect(second).to.include({ deleted: 0, refused: 1 });
      expect(second.errors).to.deep.equal([]);
      expect(await h.site.db(LEDGER_TABLE).where({ record_id: made.created[1].id }).pluck('delete_error')).to.deep.equal(['Toy store: this item is on hold and cannot be removed.']);
    } finally {
      store.remove = original;
      await cleanup(h.req, { forget: true, limit: 500 });
      await h.site.db('toy_products').delete();
    }
  });

  it('a removal that breaks (not a refusal of the store) is thrown, and the ledger row stays without a delete error (issue 14)', async () => {
    const made = await generate(h.req, 'products', { count: 2, seed: 42 });
    const { TOY_STORE } = await import('../fixtures/plugins/toy-store.ts');
    const store = h.site.services.get(TOY_STORE)!;
    const original = store.remove.bind(store);
    store.remove = async (db, table, ids) => {
      if (ids.includes(Number(made.created[1].id))) throw new TypeError('connection reset while deleting');
      return original(db, table, ids);
    };
    try {
      const err = await cleanup(h.req, {}).then(() => undefined, (e: unknown) => e);
      expect(err).to.be.instanceOf(TypeError);
      const ledger = await h.site.db(LEDGER_TABLE).where({ record_id: made.created[1].id }).select('delete_error');
      expect(ledger).to.deep.equal([{ delete_error: null }]);
    } finally {
      store.remove = original;
    }
    expect((await cleanup(h.req, {})).deleted).to.be.greaterThan(0);
    expect(await count('toy_products')).to.equal(0);
    expect(await count(LEDGER_TABLE)).to.equal(0);
  });
});
