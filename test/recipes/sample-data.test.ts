/**
 * Issue 8: sample data against a local HTTP server. Consent is site-wide (undecided, granted, declined)
 * and needed before anything is fetched; the download carries nothing about the site; generators use
 * the data (after recipe words, before the built-in defaults) and fall back once consent is revoked,
 * which removes the files.
 */
import fs from 'node:fs';
import { expect } from 'chai';
import { DE } from '../../generators/vocabulary/languages/de.ts';
import { sampleDataDir } from '../../recipes/paths.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { startSourceServer, type SourceServer } from './support/source-server.ts';

const GERMAN = { locale: 'de_DE', product_names: ['Zwetschgenkuchen', 'Laugenbrezel', 'Bienenstich'], product_adjectives: [], tag_labels: ['Hausgemacht', 'Regional'] };

eachDatabase('sample data', (target) => {
  let h: SeederHttp;
  let server: SourceServer;
  let dir: string;

  before(async () => {
    server = await startSourceServer();
    server.set('/v1/de_DE.json', JSON.stringify(GERMAN));
    h = await startSeederHttp(target, { plugins: ['emporium', 'seeder'] });
    h.site.hooks.addFilter('seeder_sample_data_source', (_url, locale) => `${server.base}/v1/${locale}.json`);
    dir = sampleDataDir(h.site);
  });
  after(async () => {
    await h?.dispose();
    await server?.close();
  });

  const names = async (locale: string, extra: Record<string, unknown> = {}) =>
    ((await h.client.post('/products/preview', { count: 6, seed: 'sd', locale, product_type: 'physical', ...extra })).body.rows as Array<{ name: string }>).map((r) => r.name);

  it('starts undecided; nothing is downloaded before an administrator consents (409 sample_data.consent_required)', async () => {
    expect((await h.client.get('/sample-data')).body).to.deep.equal({ consent: { state: 'undecided', decided_at: null, decided_by: null }, files: [] });
    expectErrorEnvelope(await h.client.post('/sample-data/sync', { locales: ['de_DE'] }), 409, 'sample_data.consent_required');
    const declined = await h.client.post('/sample-data/consent', { state: 'declined' });
    expect(declined.body.consent.state).to.equal('declined');
    expect(declined.body.consent.decided_by).to.match(/^administrator.*@example\.test$/);
    expectErrorEnvelope(await h.client.post('/sample-data/sync', { locales: ['de_DE'] }), 409, 'sample_data.consent_required');
    expect(server.requests).to.have.length(0);
    expectErrorEnvelope(await h.client.post('/sample-data/consent', { state: 'maybe' }), 422, 'validation.invalid');
  });

  it('with consent, a sync downloads each locale with a plain GET that carries nothing about the site', async () => {
    const before = await names('de_DE');
    await h.client.post('/sample-data/consent', { state: 'granted' });
    const res = await h.client.post('/sample-data/sync', { locales: ['de_DE'] });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.failed).to.deep.equal([]);
    expect(res.body.downloaded).to.have.length(1);
    expect(res.body.downloaded[0]).to.include({ locale: 'de_DE' });
    expect(res.body.downloaded[0].fields).to.deep.equal(['product_adjectives', 'product_names', 'tag_labels']);
    expect(server.requests).to.have.length(1);
    const sent = server.requests[0];
    expect(sent).to.include({ method: 'GET', url: '/v1/de_DE.json', body: '' });
    expect(sent.headers).to.not.have.any.keys('cookie', 'authorization', 'referer');
    for (const value of Object.values(sent.headers)) {
      expect(String(value)).to.not.contain('shop');
      expect(String(value)).to.not.contain(h.client.token);
    }
    const status = (await h.client.get('/sample-data')).body;
    expect(status.files.map((f: { locale: string }) => f.locale)).to.deep.equal(['de_DE']);
    expect(before.every((n) => !GERMAN.product_names.includes(n))).to.equal(true);
  });

  it('generators use sample data for the fields it has, its language for related locales, and the built-in words for the rest', async () => {
    for (const n of await names('de_DE')) expect(GERMAN.product_names).to.include(n);
    for (const n of await names('de_AT')) expect(GERMAN.product_names).to.include(n);
    const tags = (await h.client.post('/product-tags/preview', { count: 2, seed: 'sd', locale: 'de_DE' })).body.rows.map((r: { name: string }) => r.name);
    for (const t of tags) expect(GERMAN.tag_labels).to.include(t);
    const brands = (await h.client.post('/brands/preview', { count: 3, seed: 'sd', locale: 'de_DE', max_depth: 1 })).body.rows;
    // Fields the sample data lacks come from the language's built-in words.
    for (const b of brands) expect(DE.brand_names).to.include(b.name);
  });

  it("a recipe's words come before sample data", async () => {
    const grocery = (await h.client.get('/recipes?locale=de_DE')).body.recipes.find((r: { id: string }) => r.id === 'grocery').vocabulary;
    for (const n of await names('de_DE', { recipe: 'grocery' })) {
      expect(grocery.product_names.some((p: string) => n.endsWith(p)), n).to.equal(true);
    }
  });

  it('a download that is not sample data is refused and the previous file stays; some locales failing is reported per locale', async () => {
    const file = fs.readFileSync(`${dir}/de_DE.json`, 'utf8');
    server.set('/v1/de_DE.json', JSON.stringify({ product_name: ['typo'] }));
    const err = expectErrorEnvelope(await h.client.post('/sample-data/sync', { locales: ['de_DE'] }), 502, 'sample_data.download_failed');
    expect(err.message).to.contain('unknown field "product_name"');
    expect(fs.readFileSync(`${dir}/de_DE.json`, 'utf8')).to.equal(file);
    server.set('/v1/de_DE.json', JSON.stringify(GERMAN));
    const partial = await h.client.post('/sample-data/sync', { locales: ['de_DE', 'fr_FR'] });
    expect(partial.status).to.equal(200);
    expect(partial.body.downloaded.map((d: { locale: string }) => d.locale)).to.deep.equal(['de_DE']);
    expect(partial.body.failed).to.have.length(1);
    expect(partial.body.failed[0].error).to.contain('HTTP 404');
    expectErrorEnvelope(await h.client.post('/sample-data/sync', { locales: ['xx_XX'] }), 422, 'validation.invalid');
  });

  it('revoking consent removes the downloaded files and generators fall back to the built-in words', async () => {
    const revoked = await h.client.post('/sample-data/consent', { state: 'declined' });
    expect(revoked.status).to.equal(200);
    expect(revoked.body.removed).to.deep.equal({ sample_data_files: 1, recipe_archive: false });
    expect(fs.existsSync(dir)).to.equal(false);
    expect((await h.client.get('/sample-data')).body.files).to.deep.equal([]);
    const fallback = await names('de_DE');
    for (const n of fallback) expect(GERMAN.product_names).to.not.include(n);
    for (const n of fallback) expect(DE.product_names!.some((p) => n.endsWith(p)), n).to.equal(true);
  });

  it('a file left on disk without consent is not used', async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${dir}/de_DE.json`, JSON.stringify(GERMAN));
    for (const n of await names('de_DE')) expect(GERMAN.product_names).to.not.include(n);
  });
});
