/** Issue #3: the four store plugins as host plugins: metadata, requirements, migrations, deactivation. */
import { expect } from 'chai';
import { bootTestKernel, eachDatabase } from '../support/databases.ts';
import { BUILTIN_PLUGINS } from '../../main.ts';
import { PanelError } from '../../panel/errors.ts';
import { STORE_PLUGINS } from '../../stores/index.ts';
import { EMPORIUM } from '../../stores/emporium/index.ts';
import { CARTWHEEL } from '../../stores/cartwheel/index.ts';
import { CARTWHEEL_PRO } from '../../stores/cartwheel-pro/index.ts';
import { EMPORIUM_SUBSCRIPTIONS } from '../../stores/emporium-subscriptions/index.ts';

describe('store plugins: metadata', () => {
  it('are four built-in plugins with a name, a label and version 1.0.0, each extension requiring its store', () => {
    const plugins = STORE_PLUGINS.map((P) => new P());
    expect(plugins.map((p) => [p.name, p.version, p.requires])).to.deep.equal([
      ['emporium', '1.0.0', []],
      ['emporium-subscriptions', '1.0.0', ['emporium']],
      ['cartwheel', '1.0.0', []],
      ['cartwheel-pro', '1.0.0', ['cartwheel']],
    ]);
    for (const p of plugins) expect(p.label).to.be.a('string').and.not.equal('');
    for (const P of STORE_PLUGINS) expect(BUILTIN_PLUGINS).to.include(P);
  });
});

eachDatabase('store plugins', (target) => {
  let kernel: Awaited<ReturnType<typeof bootTestKernel>>;

  before(async () => {
    kernel = await bootTestKernel(target, { builtins: [...STORE_PLUGINS] });
  });
  after(async () => kernel.dispose());

  it('activating an extension without its store fails with plugins.requirement_missing', async () => {
    await kernel.createSite({ id: 'bare' });
    for (const [extension, store] of [['emporium-subscriptions', 'emporium'], ['cartwheel-pro', 'cartwheel']]) {
      const err = await kernel.activatePlugin('bare', extension).then(() => undefined, (e: unknown) => e);
      expect(err).to.be.instanceOf(PanelError);
      expect((err as PanelError).code).to.equal('plugins.requirement_missing');
      expect((err as PanelError).details).to.deep.include({ plugin: extension, missing: [store] });
    }
    const site = await kernel.site('bare');
    expect(site.services.has(EMPORIUM_SUBSCRIPTIONS)).to.equal(false);
    expect(await site.db.schema.hasTable('emp_subscriptions')).to.equal(false);
  });

  it('activating runs the migrations and offers the service; deactivating keeps the data and withdraws the service', async () => {
    const site = await kernel.createSite({ id: 'both', plugins: ['emporium', 'cartwheel', 'cartwheel-pro', 'emporium-subscriptions'] });
    const emporium = site.services.get(EMPORIUM)!;
    const cartwheel = site.services.get(CARTWHEEL)!;
    expect(site.services.get(CARTWHEEL_PRO)).to.not.equal(undefined);
    for (const t of [...emporium.tables, ...cartwheel.tables, 'emp_subscriptions', 'cw_licenses']) expect(await site.db.schema.hasTable(t), t).to.equal(true);
    const id = await emporium.customers.create(site.db, { email: 'kept@example.com' });

    await kernel.deactivatePlugin('both', 'emporium-subscriptions');
    await kernel.deactivatePlugin('both', 'emporium');
    expect(site.services.get(EMPORIUM)).to.equal(undefined);
    expect(site.services.get(CARTWHEEL)).to.not.equal(undefined);
    expect(await site.db('emp_customers').where({ id }).first('email')).to.deep.equal({ email: 'kept@example.com' });

    await kernel.activatePlugin('both', 'emporium');
    expect((await site.services.get(EMPORIUM)!.customers.get(site.db, id))!.email).to.equal('kept@example.com');
  });

  it('two stores share one site database without clashing tables', async () => {
    const site = await kernel.site('both');
    const emporium = site.services.get(EMPORIUM)!;
    const cartwheel = site.services.get(CARTWHEEL)!;
    const overlap = emporium.tables.filter((t) => cartwheel.tables.includes(t));
    expect(overlap).to.deep.equal([]);
    expect(emporium.tables.every((t) => t.startsWith('emp_'))).to.equal(true);
    expect(cartwheel.tables.every((t) => t.startsWith('cw_'))).to.equal(true);
  });
});
