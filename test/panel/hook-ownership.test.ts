/**
 * Hooks belong to their owners: the host declares its own, the Seeder its catalogue; plugins tap
 * through a view that cannot call, and a tap on a name nobody declares fails the plugin's activation
 * with the nearest declared name.
 */
import { expect } from 'chai';
import { BUILTIN_PLUGINS } from '../../main.ts';
import type { Plugin, PluginContext } from '../../panel/plugin.ts';
import { bootTestKernel, eachDatabase } from '../support/databases.ts';
import { rejection } from '../support/rejection.ts';

const misspelt: Plugin = {
  name: 'misspelt',
  version: '0.1.0',
  label: 'Taps a misspelt hook',
  apply(ctx) {
    ctx.hooks.addFilter('seeder_prodcut_generation_result' as 'seeder_locales', (v) => v);
  },
};

const seen: { calls: string[]; viewMethods: string[] } = { calls: [], viewMethods: [] };
const intruder: Plugin = {
  name: 'intruder',
  version: '0.1.0',
  label: 'Tries to call the Seeder hooks',
  apply(ctx: PluginContext) {
    seen.viewMethods = Object.keys(ctx.site.hooks);
    try {
      ctx.ownHooks.applyFilters('seeder_platforms', []);
      seen.calls.push('called');
    } catch (e) {
      seen.calls.push(`${(e as { code?: string }).code}: ${(e as Error).message}`);
    }
  },
};

eachDatabase('hook ownership on a site', (target) => {
  let kernel: Awaited<ReturnType<typeof bootTestKernel>>;

  before(async () => {
    seen.calls = [];
    seen.viewMethods = [];
    kernel = await bootTestKernel(target, { builtins: [...BUILTIN_PLUGINS, misspelt, intruder] });
    await kernel.createSite({ id: 'shop', plugins: ['emporium', 'seeder'] });
  });
  after(async () => kernel.dispose());

  it('a plugin tapping a name nobody declares is refused at activation, with the nearest hook, and stays inactive', async () => {
    const error = await rejection(kernel.activatePlugin('shop', 'misspelt'));
    expect(error.code).to.equal('plugins.activation_failed');
    expect(error.details).to.include({ plugin: 'misspelt', reason: 'HOOK_UNKNOWN' });
    expect(error.message).to.contain('"seeder_prodcut_generation_result"').and.contain('did you mean "seeder_product_generation_result"?');
    const site = await kernel.site('shop');
    expect(site.isActive('misspelt')).to.equal(false);
    expect(site.activePlugins().map((p) => p.name)).to.deep.equal(['emporium', 'seeder']);
  });

  it("a plugin cannot call another owner's hooks: the site's view has no calls, its own caller refuses", async () => {
    await kernel.activatePlugin('shop', 'intruder');
    expect(seen.viewMethods).to.not.include.members(['applyFilters', 'applyFiltersAsync', 'doAction', 'doActionAsync']);
    expect(seen.viewMethods).to.include.members(['addFilter', 'removeFilter', 'hasFilter']);
    expect(seen.calls).to.have.length(1);
    expect(seen.calls[0]).to.match(/^HOOK_NOT_OWNER: Hook "seeder_platforms" is declared by "seeder"/);
  });
});

eachDatabase('hook ownership without the Seeder installed', (target) => {
  let kernel: Awaited<ReturnType<typeof bootTestKernel>>;
  const storeOnly = BUILTIN_PLUGINS.filter((p) => (typeof p === 'function' ? new p() : p).name !== 'seeder');
  const integrator: Plugin = {
    name: 'integrator',
    version: '0.1.0',
    label: 'Taps a Seeder hook',
    apply(ctx) {
      ctx.hooks.addFilter('seeder_locales', (l) => l);
    },
  };

  before(async () => {
    kernel = await bootTestKernel(target, { builtins: [...storeOnly, integrator] });
    await kernel.createSite({ id: 'shop', plugins: ['emporium'] });
  });
  after(async () => kernel.dispose());

  it("the Seeder's hooks do not exist on a panel without the Seeder: tapping one fails the activation", async () => {
    const error = await rejection(kernel.activatePlugin('shop', 'integrator'));
    expect(error.message).to.contain('Hook "seeder_locales" is not declared');
  });
});
