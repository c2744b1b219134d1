/**
 * Registering admin pages and notices through a plugin's context: a malformed, reserved or taken
 * slug fails the plugin's activation with a message naming the problem (and leaves nothing behind),
 * and a notice can be withdrawn by the plugin before deactivation.
 */
import { expect } from 'chai';
import type { AdminPage } from '../../panel/admin/contract.ts';
import type { Plugin, PluginContext } from '../../panel/plugin.ts';
import { bootTestKernel, DATABASE_TARGETS } from '../support/databases.ts';

const target = DATABASE_TARGETS[0];

function page(slug: string, extra: Partial<AdminPage> = {}): AdminPage {
  return { slug, title: `Page ${slug}`, assetsDir: '/srv/assets', canView: () => true, payload: () => ({}), ...extra };
}

/** A plugin that registers the given pages and one notice; `withdraw` removes the notice again. */
function pluginWith(name: string, pages: AdminPage[]): Plugin & { withdraw?: () => void } {
  const plugin: Plugin & { withdraw?: () => void } = {
    name,
    version: '1.0.0',
    label: name,
    apply(ctx: PluginContext) {
      plugin.withdraw = ctx.addAdminNotice({ level: 'success', message: `${name} is ready` });
      for (const p of pages) ctx.registerAdminPage(p);
    },
  };
  return plugin;
}

describe(`Admin pages and notices from plugins [${target.label}]`, () => {
  const owner = pluginWith('owner', [page('reports')]);
  const cases: Array<[string, Plugin, RegExp]> = [
    ['a taken slug', pluginWith('copycat', [page('reports')]), /Admin page "reports" is already registered on site "shop" by plugin "owner"/],
    ['an upper-case slug', pluginWith('shouty', [page('Reports')]), /slug must be lowercase letters and digits in dash-separated groups/],
    ['a slug with a trailing dash', pluginWith('dashing', [page('reports-')]), /slug must be lowercase/],
    ['the reserved sign-in slug', pluginWith('sneaky', [page('sign-in')]), /slug "sign-in" is reserved by the admin shell/],
    ['a relative assetsDir', pluginWith('relative', [page('rel', { assetsDir: 'assets' })]), /assetsDir must be an absolute path/],
    ['a script outside assetsDir', pluginWith('escaping', [page('esc', { script: '../app.js' })]), /script must be a relative path inside assetsDir/],
  ];
  let kernel: Awaited<ReturnType<typeof bootTestKernel>>;

  before(async () => {
    kernel = await bootTestKernel(target, { builtins: [owner, ...cases.map(([, p]) => p)] });
    await kernel.createSite({ id: 'shop', plugins: ['owner'] });
  });
  after(async () => kernel.dispose());

  for (const [what, plugin, message] of cases) {
    it(`${what} fails the activation with a clear message and leaves no page or notice behind`, async () => {
      let error: unknown;
      try {
        await kernel.activatePlugin('shop', plugin.name);
      } catch (e) {
        error = e;
      }
      expect(error, 'activation should fail').to.be.instanceOf(Error);
      expect((error as Error).message).to.match(message);
      const site = await kernel.site('shop');
      expect(site.isActive(plugin.name)).to.equal(false);
      expect(site.adminPages().map((e) => [e.plugin, e.page.slug])).to.deep.equal([['owner', 'reports']]);
      expect(site.adminNotices().map((n) => n.plugin)).to.deep.equal(['owner']);
    });
  }

  it('a notice is owned by the plugin that raised it and can be withdrawn; the page stays until deactivation', async () => {
    const site = await kernel.site('shop');
    expect(site.adminNotices()).to.deep.equal([{ level: 'success', message: 'owner is ready', plugin: 'owner' }]);
    owner.withdraw!();
    owner.withdraw!(); // twice does nothing more
    expect(site.adminNotices()).to.deep.equal([]);
    expect(site.adminPage('reports')?.plugin).to.equal('owner');
    await kernel.deactivatePlugin('shop', 'owner');
    expect(site.adminPages()).to.deep.equal([]);
  });
});
