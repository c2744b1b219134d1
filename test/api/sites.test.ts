/**
 * Issue 6: sites. Keyset pagination in the list envelope (limit 1 to 100, default 20; opaque
 * cursors that survive deletion of the item they point at; 422 for a bad limit or cursor), and
 * create/read/delete for administrators with step-up, wired to the kernel's site registry.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { eachDatabase } from '../support/databases.ts';
import { call } from './support/client.ts';
import { fakeDate, signedIn, startPanel, type TestPanel } from './support/harness.ts';
import type { Browser } from './support/client.ts';

const siteIds = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((s) => s.id);

eachDatabase('sites', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  it('the owner creates a site (201, Location) that the kernel serves at once; GET /sites/{id} reads it', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel, { owner: true });
    const res = await browser.post('/api/v1/sites', { id: 'shop-one', name: 'Shop one' });
    expect(res.status).to.equal(201);
    expect(res.headers.location).to.equal('/api/v1/sites/shop-one');
    expect(res.body).to.deep.equal({ id: 'shop-one', name: 'Shop one', created_at: new Date(Date.now()).toISOString() });
    expect((await browser.get('/api/v1/sites/shop-one')).body).to.deep.equal(res.body);
    expect((await browser.get('/sites/shop-one/rest')).status).to.equal(200);
    expect((await panel.kernel.listSites()).map((s) => s.id)).to.include('shop-one');
  });

  it('without a plugin list, a new site gets the default site plugins that are installed, in order', async () => {
    panel.kernel.plugins.register({ name: 'hello-default', version: '1.0.0', label: 'Hello', apply: () => undefined });
    const app = panel.appWith({ defaultSitePlugins: ['not-installed', 'hello-default'] });
    const { browser } = await signedIn(app, panel.kernel, { owner: true });
    expect((await browser.post('/api/v1/sites', { id: 'with-defaults' })).status).to.equal(201);
    expect((await panel.kernel.site('with-defaults')).activePlugins().map((p) => p.name)).to.deep.equal(['hello-default']);
    expect((await browser.post('/api/v1/sites', { id: 'without-any', plugins: [] })).status).to.equal(201);
    expect((await panel.kernel.site('without-any')).activePlugins()).to.deep.equal([]);
  });

  it('a duplicate id is 409 sites.conflict; a bad id or an unknown plugin is 422 naming the field, and nothing is created', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel, { owner: true });
    expect((await browser.post('/api/v1/sites', { id: 'dup-site' })).status).to.equal(201);
    const dup = await browser.post('/api/v1/sites', { id: 'dup-site' });
    expect(dup.status).to.equal(409);
    expect(dup.body.error).to.include({ code: 'sites.conflict' });
    const badId = await browser.post('/api/v1/sites', { id: 'Not A Slug' });
    expect(badId.status).to.equal(422);
    expect(badId.body.error.details.field).to.equal('id');
    const badPlugin = await browser.post('/api/v1/sites', { id: 'with-plugin', plugins: ['no-such-plugin'] });
    expect(badPlugin.status).to.equal(422);
    expect(badPlugin.body.error.details.field).to.equal('plugins');
    expect(await panel.kernel.siteRecord('with-plugin')).to.equal(undefined);
  });

  it('members who are not the owner, administrators of every site included, list their sites but do not create or delete sites (403 auth.forbidden)', async () => {
    for (const role of ['administrator', 'editor', 'viewer'] as const) {
      const { browser } = await signedIn(panel.app, panel.kernel, { role });
      expect((await browser.get('/api/v1/sites')).body.data.map((s: { id: string }) => s.id)).to.include('shop-one');
      const create = await browser.post('/api/v1/sites', { id: `by-${role}` });
      expect(create.status).to.equal(403);
      expect(create.body.error).to.include({ code: 'auth.forbidden', message: 'Only the panel owner creates and deletes sites.' });
      expect((await browser.delete('/api/v1/sites/shop-one')).status).to.equal(403);
      expect(await panel.kernel.siteRecord('shop-one')).to.not.equal(undefined);
    }
  });

  it('deleting a site (204) removes it through the kernel; then it is 404 sites.not_found with details.field', async () => {
    const { browser } = await signedIn(panel.app, panel.kernel, { owner: true });
    await browser.post('/api/v1/sites', { id: 'short-lived' });
    expect((await browser.delete('/api/v1/sites/short-lived')).status).to.equal(204);
    expect(await panel.kernel.siteRecord('short-lived')).to.equal(undefined);
    const gone = await browser.get('/api/v1/sites/short-lived');
    expect(gone.status).to.equal(404);
    expect(gone.body.error.code).to.equal('sites.not_found');
    expect(gone.body.error.details.field).to.equal('id');
    expect((await browser.delete('/api/v1/sites/short-lived')).status).to.equal(404);
    expect((await browser.get('/sites/short-lived/rest')).status).to.equal(404);
  });

  it('site create and delete need step-up for a session older than 5 minutes', async () => {
    const { browser, operator } = await signedIn(panel.app, panel.kernel, { owner: true });
    time.clock.tick(301_000);
    expect((await browser.post('/api/v1/sites', { id: 'late-site' })).body.error.code).to.equal('auth.step_up_required');
    await browser.post('/api/v1/auth/step-up', { password: operator.password });
    expect((await browser.post('/api/v1/sites', { id: 'late-site' })).status).to.equal(201);
  });

  it("a bearer token of the owner with the sites:write scope manages sites without step-up; without it, 403 auth.insufficient_scope", async () => {
    const { browser } = await signedIn(panel.app, panel.kernel, { owner: true });
    const { body } = await browser.post('/api/v1/operators/me/tokens', { name: 'sites bot', scopes: ['sites:read', 'sites:write'] });
    const { body: reader } = await browser.post('/api/v1/operators/me/tokens', { name: 'reader' });
    const refused = await call(panel.app, 'post', '/api/v1/sites', { bearer: reader.token, body: { id: 'bot-site' } });
    expect(refused.status).to.equal(403);
    expect(refused.body.error).to.deep.include({ code: 'auth.insufficient_scope', details: { scope: 'sites:write' } });
    time.clock.tick(3600_000);
    expect((await call(panel.app, 'post', '/api/v1/sites', { bearer: body.token, body: { id: 'bot-site' } })).status).to.equal(201);
    expect((await call(panel.app, 'delete', '/api/v1/sites/bot-site', { bearer: body.token })).status).to.equal(204);
  });
});

eachDatabase('site listing and pagination', (target) => {
  let panel: TestPanel;
  let admin: Browser;
  fakeDate();
  before(async () => {
    panel = await startPanel(target);
    admin = (await signedIn(panel.app, panel.kernel, { owner: true })).browser;
  });
  after(async () => panel.dispose());

  /** Rows straight into the registry (no site databases): listing reads only the registry. */
  async function seed(rows: Array<{ id: string; created_at: string }>) {
    await panel.kernel.panelDb('sites').delete();
    if (rows.length > 0) await panel.kernel.panelDb('sites').insert(rows.map((r) => ({ ...r, name: `Site ${r.id}` })));
  }

  it('the default page is 20, oldest first, with has_more and next_cursor; the last page has has_more false and next_cursor null', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: `s${String(i).padStart(2, '0')}`, created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString() }));
    await seed(rows);
    const first = await admin.get('/api/v1/sites');
    expect(first.status).to.equal(200);
    expect(siteIds(first)).to.deep.equal(rows.slice(0, 20).map((r) => r.id));
    expect(first.body.has_more).to.equal(true);
    expect(first.body.next_cursor).to.be.a('string');
    const second = await admin.get(`/api/v1/sites?cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(siteIds(second)).to.deep.equal(rows.slice(20).map((r) => r.id));
    expect(second.body).to.include({ has_more: false, next_cursor: null });
    expect(siteIds(await admin.get('/api/v1/sites?limit=100'))).to.have.length(25);
    expect(siteIds(await admin.get('/api/v1/sites?limit=1'))).to.deep.equal(['s00']);
  });

  it('limit outside 1..100, or not an integer, is 422 validation.invalid naming limit', async () => {
    for (const limit of ['0', '101', '-1', 'abc', '2.5', '', '1e2']) {
      const res = await admin.get(`/api/v1/sites?limit=${encodeURIComponent(limit)}`);
      expect(res.status, limit).to.equal(422);
      expect(res.body.error.code).to.equal('validation.invalid');
      expect(res.body.error.details.field).to.equal('limit');
    }
    expect((await admin.get('/api/v1/sites?limit=1&limit=2')).status).to.equal(422);
  });

  it('a cursor from another list (tokens) is refused with 422 naming cursor', async () => {
    await admin.post('/api/v1/operators/me/tokens', { name: 'a' });
    await admin.post('/api/v1/operators/me/tokens', { name: 'b' });
    const tokens = await admin.get('/api/v1/operators/me/tokens?limit=1');
    const res = await admin.get(`/api/v1/sites?cursor=${encodeURIComponent(tokens.body.next_cursor)}`);
    expect(res.status).to.equal(422);
    expect(res.body.error.details.field).to.equal('cursor');
  });

  it('property: walking every page returns each live site exactly once, in order, while sites are deleted mid-walk (the cursor\'s own item too)', async () => {
    const idArb = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?$/);
    const rowsArb = fc.uniqueArray(fc.record({ id: idArb, t: fc.integer({ min: 0, max: 6 }) }), { selector: (r) => r.id, maxLength: 30 });
    const deletionArb = fc.array(fc.record({ afterPage: fc.nat(12), pick: fc.constantFrom('cursor', 'seen', 'unseen'), index: fc.nat() }), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(rowsArb, fc.integer({ min: 1, max: 7 }), deletionArb, async (rows, limit, deletions) => {
        // Few distinct timestamps, so ties on created_at are common and the id decides.
        await seed(rows.map((r) => ({ id: r.id, created_at: new Date(Date.UTC(2030, 0, 1) + r.t * 1000).toISOString() })));
        const deleted = new Set<string>();
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 100; page++) {
          const res = await admin.get(`/api/v1/sites?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
          expect(res.status).to.equal(200);
          const ids = siteIds(res);
          expect(ids.length).to.be.at.most(limit);
          seen.push(...ids);
          for (const d of deletions.filter((x) => x.afterPage === page)) {
            const unseen = rows.map((r) => r.id).filter((id) => !seen.includes(id) && !deleted.has(id));
            const seenLive = seen.filter((id) => !deleted.has(id));
            const pool = d.pick === 'cursor' ? ids.slice(-1).filter((id) => !deleted.has(id)) : d.pick === 'seen' ? seenLive : unseen;
            if (pool.length === 0) continue;
            const victim = pool[d.index % pool.length];
            expect((await admin.delete(`/api/v1/sites/${victim}`)).status).to.equal(204);
            deleted.add(victim);
          }
          if (!res.body.has_more) {
            expect(res.body.next_cursor).to.equal(null);
            break;
          }
          cursor = res.body.next_cursor;
        }
        expect(new Set(seen).size, 'no site twice').to.equal(seen.length);
        for (const r of rows) if (!deleted.has(r.id)) expect(seen, `live site ${r.id} listed`).to.include(r.id);
        for (const id of seen) expect(rows.map((r) => r.id)).to.include(id);
      }),
      { numRuns: 30 },
    );
  });

  it('property: random cursors and bad limits always give 422 in the envelope, never 500', async () => {
    await seed([{ id: 'only', created_at: new Date(Date.UTC(2030, 0, 1)).toISOString() }]);
    const badLimit = fc.oneof(
      fc.integer({ max: 0 }).map(String),
      fc.integer({ min: 101 }).map(String),
      fc.string({ maxLength: 12 }).filter((s) => !(/^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= 100)),
    );
    await fc.assert(
      fc.asyncProperty(fc.option(badLimit, { nil: undefined }), fc.option(fc.string({ maxLength: 600, unit: 'binary' }), { nil: undefined }), async (limit, cursor) => {
        fc.pre(limit !== undefined || cursor !== undefined);
        const params = new URLSearchParams();
        if (limit !== undefined) params.set('limit', limit);
        if (cursor !== undefined) params.set('cursor', cursor);
        const res = await admin.get(`/api/v1/sites?${params.toString()}`);
        expect(res.status).to.equal(422);
        expect(res.body.error.code).to.equal('validation.invalid');
        expect(['limit', 'cursor']).to.include(res.body.error.details.field);
        expect(res.body.error.request_id).to.match(/^req_/);
      }),
      { numRuns: 150 },
    );
  });
});
