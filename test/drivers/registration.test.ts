/**
 * Registering a driver, and declaring the versions a plugin needs (issue 14, point 5): an incomplete
 * driver is refused when its plugin is activated, naming the plugin and what it lacks, never a 500 on a
 * later request; a second driver with a taken id is ignored with a warning naming both plugins; an unmet
 * `requiresVersions` range refuses the activation with 409 plugins.requirement_missing.
 */
import { expect } from 'chai';
import sinon from 'sinon';
import { checkPluginMetadata } from '../../panel/plugin-catalog.ts';
import { isPanelError, type CodedError } from '../../panel/errors.ts';
import { capabilityMatrix, PANEL_VERSION, registerDriver, SEEDER_VERSION, type Plugin, type PluginContext, type SeederDriver } from '../../plugin-api.ts';
import { eachDatabase } from '../support/databases.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';

/** A complete driver with nothing to write: enough to be listed. */
function driver(id: string, label: string): SeederDriver {
  return {
    id,
    label,
    vocabulary: {},
    exists: () => true,
    isActive: () => true,
    version: () => '1.0.0',
    extensions: () => [],
    capabilities: () => capabilityMatrix({}),
    writer: () => undefined,
    existing: async () => ({}),
  };
}

function plugin(name: string, apply: (ctx: PluginContext) => void, extra: Partial<Plugin> = {}): Plugin {
  return { name, version: '1.0.0', label: name, apply, ...extra };
}

/** A driver missing `version` and `extensions`, as a plugin written against an older contract would give. */
const { version: _v, extensions: _e, ...incomplete } = driver('half', 'Half');

const PLUGINS: Plugin[] = [
  plugin('half-driver', (ctx) => void registerDriver(ctx, incomplete as unknown as SeederDriver)),
  plugin('raw-half-driver', (ctx) => void ctx.hooks.addFilter('seeder_platforms', (drivers) => [...drivers, { ...incomplete, id: 'raw-half' } as unknown as SeederDriver])),
  plugin('twin-first', (ctx) => void registerDriver(ctx, driver('twin', 'Twin of twin-first'))),
  plugin('twin-second', (ctx) => void registerDriver(ctx, driver('twin', 'Twin of twin-second'))),
  plugin('shadows-emporium', (ctx) => void registerDriver(ctx, driver('emporium', 'Not emporium'))),
  plugin('needs-new-panel', () => {}, { requiresVersions: { panel: '>=9' } }),
  plugin('needs-this-seeder', () => {}, { requiresVersions: { panel: '>=0.1', seeder: '^0.1' } }),
  plugin('needs-new-seeder', () => {}, { requiresVersions: { seeder: '>=2 || ^1.4' } }),
  plugin('needs-absent-plugin', () => {}, { requiresVersions: { 'not-installed': '*' } }),
];

async function refusal(p: Promise<unknown>): Promise<CodedError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(isPanelError(e), `expected a coded refusal, got ${String(e)}`).to.equal(true);
  return e as CodedError;
}

eachDatabase('driver registration and version requirements', (target) => {
  let h: SeederHttp;
  let warn: sinon.SinonStub;

  before(async () => {
    h = await startSeederHttp(target, { extraPlugins: PLUGINS });
  });
  after(async () => h.dispose());
  beforeEach(() => {
    warn = sinon.stub(process, 'emitWarning');
  });
  afterEach(() => warn.restore());

  const platformIds = async () => {
    const res = await h.client.get('/platforms');
    expect(res.status, res.text).to.equal(200);
    return res.body.platforms as Array<{ id: string; label: string }>;
  };
  const warnings = () => warn.getCalls().map((c) => `${(c.args[1] as { code?: string } | undefined)?.code}: ${String(c.args[0])}`);

  it('a driver missing version and extensions is refused at activation with 422 platform.invalid_driver naming the plugin', async () => {
    const err = await refusal(h.kernel.activatePlugin('shop', 'half-driver'));
    expect(err.status).to.equal(422);
    expect(err.code).to.equal('platform.invalid_driver');
    expect(err.message).to.equal('Plugin "half-driver" registered driver "half" that is not complete: it lacks version (a function), extensions (a function).');
    expect(err.details).to.deep.equal({ plugin: 'half-driver', driver: 'half', missing: ['version', 'extensions'] });
    expect((await h.kernel.site('shop')).isActive('half-driver')).to.equal(false);
    expect((await platformIds()).map((p) => p.id)).to.not.include('half');
  });

  it('an incomplete driver tapped in without registerDriver is left out with a warning, and the platforms list still answers', async () => {
    await h.kernel.activatePlugin('shop', 'raw-half-driver');
    try {
      expect((await platformIds()).map((p) => p.id)).to.deep.equal(['emporium', 'cartwheel']);
      await platformIds();
      const bad = warnings().filter((w) => w.startsWith('SEEDER_BAD_DRIVER'));
      expect(bad).to.deep.equal([
        'SEEDER_BAD_DRIVER: Driver "raw-half" registered by a plugin that tapped seeder_platforms without registerDriver was ignored: it lacks version (a function), extensions (a function).',
      ]);
    } finally {
      await h.kernel.deactivatePlugin('shop', 'raw-half-driver');
    }
  });

  it('a second driver with a taken id is ignored with one warning naming both plugins; the first registration wins', async () => {
    await h.kernel.activatePlugin('shop', 'twin-first');
    await h.kernel.activatePlugin('shop', 'twin-second');
    await h.kernel.activatePlugin('shop', 'shadows-emporium');
    try {
      const platforms = await platformIds();
      expect(platforms.map((p) => p.id)).to.deep.equal(['emporium', 'cartwheel', 'twin']);
      expect(platforms.find((p) => p.id === 'twin')!.label).to.equal('Twin of twin-first');
      expect(platforms.find((p) => p.id === 'emporium')!.label).to.equal('Emporium');
      await platformIds();
      expect(warnings().filter((w) => w.startsWith('SEEDER_DUPLICATE_DRIVER'))).to.deep.equal([
        'SEEDER_DUPLICATE_DRIVER: Driver "twin" registered by plugin "twin-second" was ignored: plugin "twin-first" registered a driver with that id first.',
        'SEEDER_DUPLICATE_DRIVER: Driver "emporium" registered by plugin "shadows-emporium" was ignored: plugin "seeder" registered a driver with that id first.',
      ]);
    } finally {
      for (const slug of ['shadows-emporium', 'twin-second', 'twin-first']) await h.kernel.deactivatePlugin('shop', slug);
    }
  });

  it('a plugin needing a newer panel is refused at activation with 409 plugins.requirement_missing naming the panel and its version', async () => {
    const err = await refusal(h.kernel.activatePlugin('shop', 'needs-new-panel'));
    expect(err.status).to.equal(409);
    expect(err.code).to.equal('plugins.requirement_missing');
    expect(err.message).to.equal(`Plugin "needs-new-panel" needs the panel >=9 (this one is ${PANEL_VERSION}).`);
    expect(err.details).to.deep.equal({ plugin: 'needs-new-panel', versions: [{ name: 'panel', range: '>=9', found: PANEL_VERSION }] });
    expect((await h.kernel.site('shop')).isActive('needs-new-panel')).to.equal(false);
  });

  it("a plugin's Seeder range is checked against the installed Seeder: met, unmet, and a plugin that is not installed", async () => {
    await h.kernel.activatePlugin('shop', 'needs-this-seeder');
    expect((await h.kernel.site('shop')).isActive('needs-this-seeder')).to.equal(true);
    await h.kernel.deactivatePlugin('shop', 'needs-this-seeder');

    const newer = await refusal(h.kernel.activatePlugin('shop', 'needs-new-seeder'));
    expect(newer.code).to.equal('plugins.requirement_missing');
    expect(newer.message).to.equal(`Plugin "needs-new-seeder" needs plugin "seeder" >=2 || ^1.4 (this one is ${SEEDER_VERSION}).`);

    const absent = await refusal(h.kernel.activatePlugin('shop', 'needs-absent-plugin'));
    expect(absent.message).to.equal('Plugin "needs-absent-plugin" needs plugin "not-installed" * (not installed).');
  });

  it('a requiresVersions that is not a map of slugs to ranges is refused at registration with plugins.invalid_metadata', () => {
    for (const bad of [{ seeder: 'soon' }, { 'Not A Slug': '>=1' }, ['>=1'], { panel: '>=1 ||' }]) {
      let thrown: unknown;
      try {
        checkPluginMetadata(plugin('odd-versions', () => {}, { requiresVersions: bad as unknown as Record<string, string> }), 'a test');
      } catch (e) {
        thrown = e;
      }
      expect(isPanelError(thrown) && thrown.code, JSON.stringify(bad)).to.equal('plugins.invalid_metadata');
      expect((thrown as CodedError).details?.fields, JSON.stringify(bad)).to.deep.equal(['requiresVersions']);
    }
  });
});
