/**
 * Issue 18, point 1: each extension point, tapped by a plugin, shown through the real REST server (and
 * the MCP ones through a real MCP client). Two stores are active (emporium and the toy store), so the
 * per-platform hooks are seen to run for their platform only.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { expect } from 'chai';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { createOperator } from '../../panel/operators.ts';
import { eachDatabase, siteIds } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { connectHttp, jsonOf, listen, textOf } from '../mcp/support.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/plugins');
const TOY = path.join(FIXTURES, 'toy-store.ts');
const EXTENSIONS = path.join(FIXTURES, 'seeder-extensions.ts');

eachDatabase('hooks: the extension points, through REST and MCP', (target) => {
  let h: SeederHttp;
  const taps: Array<() => boolean> = [];
  before(async () => {
    h = await startSeederHttp(target, { plugins: ['emporium', 'toy-store', 'seeder', 'seeder-extensions'], pluginModules: [TOY, EXTENSIONS] });
  });
  after(async () => h.dispose());
  afterEach(() => {
    for (const untap of taps.splice(0)) untap();
  });
  const ledgerCount = async (runId: string) => Number((await h.site.db(LEDGER_TABLE).where({ run_id: runId }).count({ n: '*' }))[0]!.n);

  describe('per platform', () => {
    it('seeder_platform_supports_<id> changes one platform\'s matrix: platforms shows it and generate follows it', async () => {
      taps.push(h.site.hooks.addFilter('seeder_platform_supports_emporium', (matrix) => ({ ...matrix, coupon: { status: 'unsupported', reason: 'Coupons are switched off on this shop.' } })));
      const report = (await h.client.get('/platforms')).body;
      const cell = (id: string) => report.platforms.find((p: { id: string }) => p.id === id).capabilities.coupon;
      expect(cell('emporium')).to.deep.equal({ status: 'unsupported', reason: 'Coupons are switched off on this shop.' });
      expect(cell('toy').status).to.equal('unsupported');
      const refused = expectErrorEnvelope(await h.client.post('/coupons/generate', { count: 1, platform: 'emporium' }), 400, 'coupon.unsupported');
      expect(refused.message).to.equal('Coupons are switched off on this shop.');
      // And the other way: the toy store made to hold product categories would be asked to write them (it has no writer: refused naming that).
      taps.push(h.site.hooks.addFilter('seeder_platform_supports_toy', (matrix) => ({ ...matrix, product_category: { status: 'supported' } })));
      const toy = expectErrorEnvelope(await h.client.post('/product-categories/generate', { count: 1, platform: 'toy' }), 400, 'product_category.unsupported');
      expect(toy.message).to.contain('offers no writer');
    });

    it('seeder_platform_fields_<id> adds and removes fields: OpenAPI, validation and the entities follow', async () => {
      taps.push(
        h.site.hooks.addFilter('seeder_platform_fields_emporium', (fields) => [
          ...fields.filter((f) => f.name !== 'emporium_tax_status'),
          { name: 'emporium_shelf_label', resources: ['product'], schema: { type: 'string', maxLength: 8, description: 'A label printed on the shelf.' } },
        ]),
      );
      const doc = (await h.client.get('/openapi.json')).body;
      const props = doc.components.schemas.Params_product.properties;
      expect(props.emporium_shelf_label.description).to.contain('A label printed on the shelf.');
      expect(props).to.not.have.property('emporium_tax_status');
      const rows = (await h.client.post('/products/preview', { count: 2, seed: 'f', platform: 'emporium', emporium_shelf_label: 'NEW' })).body.rows;
      expect(rows.map((r: { platform_fields: Record<string, unknown> }) => r.platform_fields.emporium_shelf_label)).to.deep.equal(['NEW', 'NEW']);
      expectErrorEnvelope(await h.client.post('/products/preview', { count: 1, platform: 'emporium', emporium_shelf_label: 'far too long' }), 422, 'validation.invalid');
      expectErrorEnvelope(await h.client.post('/products/preview', { count: 1, platform: 'emporium', emporium_tax_status: 'taxable' }), 422, 'validation.invalid');
    });

    it('seeder_platform_search_<id> filters what lookup answers', async () => {
      expect((await h.client.post('/product-tags/generate', { count: 3, seed: 'look', platform: 'emporium' })).status).to.equal(201);
      const first = await h.client.get('/lookup?resource=product-tags&search=a&platform=emporium');
      const plain = first.body.items;
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(plain.length).to.be.above(0);
      taps.push(h.site.hooks.addFilter('seeder_platform_search_emporium', (items, ctx) => items.map((i) => ({ ...i, label: `${i.label.toUpperCase()} (${ctx.resource})` }))));
      const filtered = (await h.client.get('/lookup?resource=product-tags&search=a&platform=emporium')).body.items;
      expect(filtered.map((i: { label: string }) => i.label)).to.deep.equal(plain.map((i: { label: string }) => `${i.label.toUpperCase()} (product_tag)`));
    });
  });

  describe('target and responses', () => {
    it('seeder_target_platform picks the target from the raw request, and its answer is still validated', async () => {
      expectErrorEnvelope(await h.client.post('/customers/generate', { count: 1, seed: 't0' }), 409, 'platform.required');
      taps.push(h.site.hooks.addFilter('seeder_target_platform', (platform, ctx) => (ctx.raw.seed === 'to-toy' ? 'toy' : ctx.raw.seed === 'to-nowhere' ? 'nowhere' : platform)));
      const made = await h.client.post('/customers/generate', { count: 1, seed: 'to-toy' });
      expect(made.status).to.equal(201);
      expect(made.body.platform).to.equal('toy');
      expect((await h.client.post('/customers/preview', { count: 1, seed: 'to-toy' })).body.platform).to.equal('toy');
      expectErrorEnvelope(await h.client.post('/customers/generate', { count: 1, seed: 'to-nowhere' }), 400, 'platform.unknown');
    });

    it('seeder_rest_message and seeder_rest_response shape the final answer; the written counts stay', async () => {
      taps.push(h.site.hooks.addFilter('seeder_rest_message', (message, ctx) => `${message} (${ctx.result.run_id})`));
      taps.push(h.site.hooks.addFilter('seeder_rest_response', (response) => ({ ...response, audited: true, created_count: 0 })));
      const res = await h.client.post('/customers/generate', { count: 2, seed: 'msg', platform: 'toy' });
      expect(res.status).to.equal(201);
      // seeder-extensions (active here) appends " [extensions]" to every message, before this tap.
      expect(res.body.message).to.equal(`Created 2 of 2 customer records. [extensions] (${res.body.run_id})`);
      expect(res.body).to.include({ audited: true, created_count: 2 });
    });
  });

  describe('generation', () => {
    it('a plugin parameter (seeder-extensions\' gift_note) is documented, validated, defaulted and reaches the filters', async () => {
      const doc = (await h.client.get('/openapi.json')).body;
      expect(doc.components.schemas.Params_product_category.properties.gift_note).to.include({ type: 'string', default: 'none', maxLength: 20 });
      const bad = expectErrorEnvelope(await h.client.post('/product-categories/preview', { count: 1, gift_note: 'x'.repeat(21) }), 422, 'validation.invalid');
      expect(bad.message).to.equal('Invalid parameter(s): gift_note');
      const rows = (await h.client.post('/product-categories/preview', { count: 2, seed: 'gift' })).body.rows;
      for (const r of rows) expect(r.description).to.match(/\[note: none\]$/);
      const noted = (await h.client.post('/product-categories/preview', { count: 1, seed: 'gift', gift_note: 'hello' })).body.rows;
      expect(noted[0].description).to.match(/\[note: hello\]$/);
    });

    it('seeder_generation_params_<resource> changes the parameters after validation (gift_note just-one: one record), and is validated again', async () => {
      const one = await h.client.post('/product-categories/generate', { count: 3, seed: 'gp', platform: 'emporium', gift_note: 'just-one' });
      expect(one.body).to.include({ requested: 1, created_count: 1 });
      taps.push(h.site.hooks.addFilter('seeder_generation_params_customer', (params) => ({ ...params, count: 1000 })));
      const refused = expectErrorEnvelope(await h.client.post('/customers/preview', { count: 1 }), 422, 'validation.invalid');
      expect(refused.message).to.equal('Invalid parameter(s): count');
    });

    it('seeder_generated_item_<resource>: a falsy answer drops the item from the response, never from the ledger', async () => {
      const res = await h.client.post('/product-categories/generate', { count: 3, seed: 'hide', platform: 'emporium', gift_note: 'hide-first' });
      expect(res.status).to.equal(201);
      expect(res.body.created_count).to.equal(3);
      expect(res.body.created).to.have.length(2);
      expect(res.body.created.map((c: { key: string }) => c.key)).to.not.include('product_category:hide:0');
      expect(await ledgerCount(res.body.run_id)).to.equal(3);
    });

    it('the per-item, per-batch and per-write actions fire in order, the after-write one also on failure with the error', async () => {
      const calls: string[] = [];
      taps.push(h.site.hooks.addFilter('seeder_canonical_entity_product', (e, ctx) => (ctx.index === 1 ? { ...e, regular_price_minor: -1, sale_price_minor: null } : e)));
      taps.push(h.site.hooks.addAction('seeder_before_generate_item_product', (_e, ctx) => void calls.push(`before-item ${ctx.index}`)));
      taps.push(h.site.hooks.addAction('seeder_before_write_toy_product', (entities) => void calls.push(`before-write ${entities.length}`)));
      taps.push(
        h.site.hooks.addAction('seeder_after_write_toy_product', (entities, outcome) =>
          void calls.push(outcome.ok ? `after-write ${entities.length} ids ${outcome.ids.length}` : `after-write ${entities.length} failed: ${(outcome.error as Error).message}`),
        ),
      );
      taps.push(h.site.hooks.addAction('seeder_after_generate_item_product', (item, entity, ctx) => void calls.push(`after-item ${ctx.index} ${item.key === entity.key}`)));
      taps.push(h.site.hooks.addAction('seeder_after_batch_generate_product', (result) => void calls.push(`after-batch ${result.created_count}/${result.failed}`)));
      // Not this platform's hook: never fires.
      taps.push(h.site.hooks.addAction('seeder_before_write_emporium_product', () => void calls.push('wrong platform')));
      const res = await h.client.post('/products/generate', { count: 2, seed: 'acts', platform: 'toy' });
      expect(res.status).to.equal(201);
      const refusal = 'Toy store: item 0 needs a title and a positive price.';
      expect(calls).to.deep.equal([
        'before-item 0',
        'before-item 1',
        'before-write 2',
        `after-write 2 failed: Toy store: item 1 needs a title and a positive price.`,
        // Entity by entity: the first is written, the second refused; the transaction starts again
        // without it (controllers/set-aside.ts), so the first is written once more and then committed.
        'before-write 1',
        'after-write 1 ids 1',
        'before-write 1',
        `after-write 1 failed: ${refusal}`,
        'before-write 1',
        'after-write 1 ids 1',
        'after-item 0 true',
        'after-batch 1/1',
      ]);
    });
  });

  describe('MCP', () => {
    const withMcp = async (fn: (mcp: Awaited<ReturnType<typeof connectHttp>>) => Promise<void>) => {
      const server = await listen(h.app);
      try {
        const mcp = await connectHttp(server.origin, h.client.token);
        try {
          await fn(mcp);
        } finally {
          await mcp.close();
        }
      } finally {
        await server.close();
      }
    };

    it('seeder_mcp_settings decides the switches in effect: generate tools off, then the server off (404)', async () => {
      taps.push(h.site.hooks.addFilter('seeder_mcp_settings', (s) => ({ ...s, generate_tools: false })));
      await withMcp(async (mcp) => {
        const names = (await mcp.listTools()).tools.map((t) => t.name);
        expect(names).to.include('preview-products');
        expect(names.filter((n) => n.startsWith('generate-'))).to.deep.equal([]);
      });
      // GET mcp-settings shows the switches in effect, and what is stored (unchanged) beside them.
      expect((await h.client.get('/mcp-settings')).body).to.deep.equal({
        enabled: true,
        preview_tools: true,
        generate_tools: false,
        stored: { enabled: true, preview_tools: true, generate_tools: true },
        decided_by_plugins: ['generate_tools'],
      });
      taps.push(h.site.hooks.addFilter('seeder_mcp_settings', (s) => ({ ...s, enabled: false })));
      const res = await request(h.app).post('/sites/shop/rest/seeder/v1/mcp').set('Authorization', `Bearer ${h.client.token}`).set('Accept', 'application/json, text/event-stream').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(res.status).to.equal(404);
    });

    it('seeder_mcp_abilities decides the tool list: a withdrawn tool is not listed and cannot be called; a renamed one works', async () => {
      taps.push(h.site.hooks.addFilter('seeder_mcp_abilities', (list) => list.filter((a) => a.resource === 'customer').map((a) => (a.mode === 'preview' ? { ...a, name: 'peek-customers' } : a))));
      await withMcp(async (mcp) => {
        expect((await mcp.listTools()).tools.map((t) => t.name)).to.deep.equal(['peek-customers', 'generate-customers']);
        expect(jsonOf(await mcp.callTool({ name: 'peek-customers', arguments: { count: 1, seed: 'peek', platform: 'toy' } })).rows).to.have.length(1);
        const gone = await mcp.callTool({ name: 'preview-products', arguments: { count: 1 } }).then(textOf, (e: Error) => e.message);
        expect(gone).to.contain('Unknown tool: preview-products');
      });
    });

    it('the generation hooks act the same through MCP: the plugin parameter in the input schema, params, items and message', async () => {
      await withMcp(async (mcp) => {
        const tool = (await mcp.listTools()).tools.find((t) => t.name === 'generate-product-categories')!;
        expect((tool.inputSchema.properties as Record<string, { default?: unknown }>).gift_note.default).to.equal('none');
        const one = jsonOf(await mcp.callTool({ name: 'generate-product-categories', arguments: { count: 3, seed: 'mcp-one', platform: 'emporium', gift_note: 'just-one' } }));
        expect(one).to.include({ requested: 1, created_count: 1 });
        expect(one.message).to.equal('Created 1 of 1 product category records. [extensions]');
        const hidden = jsonOf(await mcp.callTool({ name: 'generate-product-categories', arguments: { count: 2, seed: 'mcp-hide', platform: 'emporium', gift_note: 'hide-first' } }));
        expect(hidden.created_count).to.equal(2);
        expect(hidden.created).to.have.length(1);
        expect(await ledgerCount(hidden.run_id)).to.equal(2);
      });
    });
  });

  it('the admin screen boots with the plugin parameter in the resource schema its form is built from', async () => {
    const email = `ext-${process.pid}@example.test`;
    await createOperator(h.kernel.panelDb, { email, password: 'a long test password', role: 'administrator', sites: await siteIds(h.kernel) });
    const login = await request(h.app).post('/api/v1/auth/login').send({ email, password: 'a long test password' });
    const cookie = String(login.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    const html = (await request(h.app).get('/sites/shop/admin/seeder/').set('Cookie', cookie)).text;
    const json = /<script type="application\/json" id="admin-payload">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const payload = JSON.parse(json);
    const categories = payload.resources.find((r: { name: string }) => r.name === 'product_category');
    expect(categories.schema.properties.gift_note).to.include({ default: 'none', description: 'A note written into each category description.' });
  });
});
