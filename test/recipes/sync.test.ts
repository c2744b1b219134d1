/**
 * Issue 8: recipe archive sync against a local HTTP server serving archives the tests build. Consent is
 * required; a malicious, oversized or index-less archive is refused with nothing on disk changed; an
 * interrupted download leaves the previous copy in use; `force` deletes the local copy first.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { packTarGz } from '../../recipes/archive.ts';
import { BUNDLED_RECIPES_DIR, syncedRecipesRoot } from '../../recipes/paths.ts';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { bundledArchive, craftedArchive, diskState } from './support/archives.ts';
import { cutShort, startSourceServer, type SourceServer } from './support/source-server.ts';

const groceryManifest = (name: string) => {
  const m = JSON.parse(fs.readFileSync(path.join(BUNDLED_RECIPES_DIR, 'grocery', 'manifest.json'), 'utf8'));
  return JSON.stringify({ ...m, name, locales: ['en_US'] });
};
const groceryWords = fs.readFileSync(path.join(BUNDLED_RECIPES_DIR, 'grocery', 'words', 'en_US.json'), 'utf8');

eachDatabase('recipe archive sync', (target) => {
  let h: SeederHttp;
  let server: SourceServer;
  let v1: Buffer;
  let v2: Buffer;
  let root: string;

  before(async () => {
    server = await startSourceServer();
    h = await startSeederHttp(target, { plugins: ['emporium', 'seeder'] });
    h.site.hooks.addFilter('seeder_recipes_source', () => `${server.base}/recipes.tar.gz`);
    [v1, v2] = await Promise.all([bundledArchive('(v1)'), bundledArchive('(v2)')]);
    server.set('/recipes.tar.gz', v1);
    root = syncedRecipesRoot(h.site);
  });
  after(async () => {
    await h?.dispose();
    await server?.close();
  });

  const recipeNamed = async (id: string) => {
    const res = await h.client.get('/recipes');
    return res.body.recipes.find((r: { id: string }) => r.id === id) as { name: string; origin: string };
  };

  it('is refused with 409 recipes.consent_required until sample-data consent is granted, and fetches nothing', async () => {
    expectErrorEnvelope(await h.client.post('/recipes/sync', {}), 409, 'recipes.consent_required');
    expect((await h.client.post('/sample-data/consent', { state: 'declined' })).body.consent.state).to.equal('declined');
    const refused = expectErrorEnvelope(await h.client.post('/recipes/sync', { force: true }), 409, 'recipes.consent_required');
    expect(refused.message).to.contain('consent');
    expect(server.requests).to.have.length(0);
    expect(fs.existsSync(root)).to.equal(false);
  });

  it('with consent it downloads the archive with a plain GET that carries nothing about the site, and the synced recipes are used', async () => {
    expect((await h.client.post('/sample-data/consent', { state: 'granted' })).body.consent).to.include({ state: 'granted' });
    const res = await h.client.post('/recipes/sync', {});
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ changed: true, forced: false, removed_previous: false, size_bytes: v1.length, source: `${server.base}/recipes.tar.gz` });
    expect(res.body.sha256).to.equal(crypto.createHash('sha256').update(v1).digest('hex'));
    expect(res.body.recipes.map((r: { id: string }) => r.id)).to.deep.equal(['electronics', 'fashion', 'grocery']);
    expect(res.body.invalid).to.deep.equal([]);

    expect(server.requests).to.have.length(1);
    const sent = server.requests[0];
    expect(sent).to.include({ method: 'GET', url: '/recipes.tar.gz', body: '' });
    expect(sent.headers).to.not.have.any.keys('cookie', 'authorization', 'referer');
    for (const value of Object.values(sent.headers)) {
      expect(String(value)).to.not.contain('shop');
      expect(String(value)).to.not.contain(h.client.token);
    }
    expect(await recipeNamed('grocery')).to.include({ name: 'Grocery store (v1)', origin: 'synced' });
  });

  it('GET recipes/status reports what is on disk and fetches nothing', async () => {
    const before = server.requests.length;
    const status = (await h.client.get('/recipes/status')).body;
    expect(status.consent).to.equal('granted');
    expect(status.source).to.equal(`${server.base}/recipes.tar.gz`);
    expect(status.local).to.include({ size_bytes: v1.length, source: `${server.base}/recipes.tar.gz` });
    expect(status.local.recipes.find((r: { id: string }) => r.id === 'grocery').name).to.equal('Grocery store (v1)');
    expect(status.bundled.map((r: { id: string }) => r.id)).to.deep.equal(['electronics', 'fashion', 'grocery']);
    expect(server.requests.length).to.equal(before);
  });

  it('syncing the same archive again rewrites nothing', async () => {
    const disk = diskState(root);
    const res = await h.client.post('/recipes/sync', {});
    expect(res.body).to.include({ changed: false, forced: false });
    expect(diskState(root)).to.deep.equal(disk);
  });

  const hostile: Array<[string, () => Promise<Buffer>, string]> = [
    ['an archive with a symbolic link', () => craftedArchive({ 'grocery/manifest.json': groceryManifest('Evil') }, ['grocery'], [{ name: 'grocery/words', type: 'symlink', linkname: '/etc' }]), 'symlink'],
    ['an archive with a hard link', () => craftedArchive({ 'grocery/manifest.json': groceryManifest('Evil') }, ['grocery'], [{ name: 'grocery/words/en_US.json', type: 'link', linkname: 'index.json' }]), 'link'],
    ['an archive with a ".." entry', () => craftedArchive({ 'grocery/manifest.json': groceryManifest('Evil') }, ['grocery'], [{ name: '../../escape.json', data: '{}' }]), '".."'],
    ['an archive with an absolute path', () => craftedArchive({ 'grocery/manifest.json': groceryManifest('Evil') }, ['grocery'], [{ name: '/tmp/escape.json', data: '{}' }]), 'absolute path'],
    ['an archive without an index', () => packTarGz([{ name: 'grocery/manifest.json', data: groceryManifest('Evil') }]), 'no index.json'],
    ['an archive with a file its index does not list', () => craftedArchive({ 'grocery/manifest.json': groceryManifest('Evil') }, ['grocery'], [{ name: 'grocery/words/en_US.json', data: groceryWords }]), 'not listed'],
    ['an oversized archive', async () => crypto.randomBytes(600 * 1024), 'more than'],
    ['an oversized archive sent without a length', async () => crypto.randomBytes(600 * 1024), 'more than'],
    ['a download that is not gzip', async () => Buffer.from('<html>maintenance</html>'), 'not gzip'],
  ];
  for (const [what, build, reason] of hostile) {
    it(`${what} is refused with 502 recipes.archive_rejected and nothing on disk changes`, async () => {
      const disk = diskState(root);
      const data = await build();
      // Without a length the size cap applies while reading the stream.
      server.set('/recipes.tar.gz', what.includes('without a length') ? (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/gzip' });
        for (let i = 0; i < data.length; i += 16 * 1024) res.write(data.subarray(i, i + 16 * 1024));
        res.end();
      } : data);
      const err = expectErrorEnvelope(await h.client.post('/recipes/sync', {}), 502, 'recipes.archive_rejected');
      expect(err.message).to.contain(reason);
      expect(diskState(root)).to.deep.equal(disk);
      expect(fs.existsSync(path.join(path.dirname(root), 'escape.json'))).to.equal(false);
      expect(await recipeNamed('grocery')).to.include({ name: 'Grocery store (v1)', origin: 'synced' });
    });
  }

  it('an interrupted download is 502 recipes.download_failed and leaves the previous copy in use', async () => {
    const disk = diskState(root);
    server.set('/recipes.tar.gz', cutShort(v2));
    expectErrorEnvelope(await h.client.post('/recipes/sync', {}), 502, 'recipes.download_failed');
    server.set('/recipes.tar.gz', (_req, res) => res.writeHead(503).end());
    const unavailable = expectErrorEnvelope(await h.client.post('/recipes/sync', {}), 502, 'recipes.download_failed');
    expect(unavailable.message).to.contain('HTTP 503');
    expect(diskState(root)).to.deep.equal(disk);
    expect(await recipeNamed('grocery')).to.include({ name: 'Grocery store (v1)', origin: 'synced' });
  });

  it('leftovers of an extraction cut short by a crash are ignored, and the next sync removes them', async () => {
    fs.mkdirSync(path.join(root, '.tmp-crash', 'grocery'), { recursive: true });
    fs.writeFileSync(path.join(root, '.tmp-crash', 'grocery', 'manifest.json'), '{"id":');
    fs.mkdirSync(path.join(root, 'v-0000000000000000'));
    expect(await recipeNamed('grocery')).to.include({ name: 'Grocery store (v1)' });
    server.set('/recipes.tar.gz', v2);
    expect((await h.client.post('/recipes/sync', {})).body).to.include({ changed: true });
    expect(fs.readdirSync(root).sort()).to.deep.equal(['current.json', `v-${crypto.createHash('sha256').update(v2).digest('hex').slice(0, 16)}`]);
    expect(await recipeNamed('grocery')).to.include({ name: 'Grocery store (v2)', origin: 'synced' });
  });

  it("a broken manifest in the archive is dropped with its reason; the archive's other recipes are used", async () => {
    server.set(
      '/recipes.tar.gz',
      await craftedArchive(
        { 'grocery/manifest.json': groceryManifest('Grocery (crafted)'), 'grocery/words/en_US.json': groceryWords, 'oops/manifest.json': '{"id":"oops","plan":[]}' },
        ['grocery', 'oops'],
      ),
    );
    const res = await h.client.post('/recipes/sync', {});
    expect(res.status).to.equal(200);
    expect(res.body.invalid).to.have.length(1);
    expect(res.body.invalid[0]).to.include({ id: 'oops' });
    expect(res.body.invalid[0].reason).to.contain('name is required');
    expect(await recipeNamed('grocery')).to.include({ name: 'Grocery (crafted)', origin: 'synced' });
    expect(await recipeNamed('fashion')).to.include({ name: 'Fashion boutique', origin: 'bundled' });
  });

  it('force deletes the local copy first rather than replacing it: a forced sync that fails leaves only the bundled recipes', async () => {
    server.set('/recipes.tar.gz', v1);
    const forced = await h.client.post('/recipes/sync?force=1');
    expect(forced.body).to.include({ changed: true, forced: true, removed_previous: true });
    expect(await recipeNamed('grocery')).to.include({ name: 'Grocery store (v1)', origin: 'synced' });
    server.set('/recipes.tar.gz', (_req, res) => res.writeHead(404).end());
    expectErrorEnvelope(await h.client.post('/recipes/sync', { force: true }), 502, 'recipes.download_failed');
    expect((await h.client.get('/recipes/status')).body.local).to.equal(null);
    expect(fs.existsSync(root)).to.equal(false);
    expect(await recipeNamed('grocery')).to.include({ name: 'Grocery store', origin: 'bundled' });
  });

  it('refuses a force that is not a boolean and unknown parameters', async () => {
    expectErrorEnvelope(await h.client.post('/recipes/sync', { force: 'maybe' }), 422, 'validation.invalid');
    const unknown = expectErrorEnvelope(await h.client.post('/recipes/sync', { forse: true }), 422, 'validation.invalid');
    expect(unknown.message).to.equal('Invalid parameter(s): forse');
  });

  it('revoking consent removes the synced copy; the bundled recipes are used again', async () => {
    server.set('/recipes.tar.gz', v1);
    expect((await h.client.post('/recipes/sync', {})).body.changed).to.equal(true);
    const revoked = await h.client.post('/sample-data/consent', { state: 'declined' });
    expect(revoked.body.removed).to.deep.equal({ sample_data_files: 0, recipe_archive: true });
    expect(fs.existsSync(root)).to.equal(false);
    expect(await recipeNamed('grocery')).to.include({ name: 'Grocery store', origin: 'bundled' });
    expectErrorEnvelope(await h.client.post('/recipes/sync', {}), 409, 'recipes.consent_required');
  });
});
