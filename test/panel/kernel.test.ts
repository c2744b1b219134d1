import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Express } from 'express';
import { buildApp } from '../../panel/boot.ts';
import { asOwner, ownerToken } from '../support/owner.ts';
import { Kernel } from '../../panel/kernel.ts';
import { PluginCatalog } from '../../panel/plugin-catalog.ts';
import { bootTestKernel, eachDatabase } from '../support/databases.ts';
import type { Plugin } from '../../panel/plugin.ts';
import { rejection } from '../support/rejection.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const HELLO = path.join(here, '../fixtures/plugins/hello-plugin.ts');
const BROKEN = path.join(here, '../fixtures/plugins/broken-plugin.ts');


const needsHello: Plugin = {
  name: 'hello-addon',
  version: '0.1.0',
  label: 'Needs hello',
  requires: ['hello'],
  apply() {},
};

eachDatabase('kernel', (target) => {
  let kernel: Awaited<ReturnType<typeof bootTestKernel>>;
  let token: string;

  before(async () => {
    kernel = await bootTestKernel(target, { config: { plugins: [HELLO] }, builtins: [needsHello] });
    await kernel.createSite({ id: 'one', name: 'Site one' });
    await kernel.createSite({ id: 'two' });
    token = await ownerToken(kernel);
  });
  const owner = (app: Express) => asOwner(app, token);
  after(async () => kernel.dispose());

  it('two sites hold separate options', async () => {
    const one = await kernel.site('one');
    const two = await kernel.site('two');
    await one.options.set('colour', { value: 'blue' });
    expect(await one.options.get('colour')).to.deep.equal({ value: 'blue' });
    expect(await two.options.get('colour')).to.equal(undefined);
  });

  it('two sites hold separate tables: a plugin table created on one is absent on the other', async () => {
    await kernel.activatePlugin('one', 'hello');
    const one = await kernel.site('one');
    const two = await kernel.site('two');
    await one.db('hello_greetings').insert({ text: 'hi' });
    expect(await one.db.schema.hasTable('hello_greetings')).to.equal(true);
    expect(await two.db.schema.hasTable('hello_greetings')).to.equal(false);
    await kernel.deactivatePlugin('one', 'hello');
  });

  it('a plugin activated on one site adds its route and filter there only, and deactivation removes both at once', async () => {
    const app = buildApp(kernel, () => {});
    await kernel.activatePlugin('one', 'hello');

    const onOne = await owner(app).get('/sites/one/rest/hello/v1/greeting');
    expect(onOne.status).to.equal(200);
    expect(onOne.body.greeting).to.equal('hello from one');
    const indexOne = await owner(app).get('/sites/one/rest');
    expect(indexOne.body.namespaces).to.include('hello/v1').and.include('hello-was-here');

    const onTwo = await owner(app).get('/sites/two/rest/hello/v1/greeting');
    expect(onTwo.status).to.equal(404);
    const indexTwo = await owner(app).get('/sites/two/rest');
    expect(indexTwo.body.namespaces).to.deep.equal([]);

    await kernel.deactivatePlugin('one', 'hello');
    const after = await owner(app).get('/sites/one/rest/hello/v1/greeting');
    expect(after.status).to.equal(404);
    expect(after.body.error.code).to.equal('route.not_found');
    const indexAfter = await owner(app).get('/sites/one/rest');
    expect(indexAfter.body.namespaces).to.deep.equal([]);
  });

  it('deactivation keeps the plugin data; reactivation finds it and does not rerun migrations', async () => {
    await kernel.activatePlugin('two', 'hello');
    const two = await kernel.site('two');
    await two.db('hello_greetings').insert({ text: 'kept' });
    await kernel.deactivatePlugin('two', 'hello');
    await kernel.activatePlugin('two', 'hello');
    const res = await owner(buildApp(kernel, () => {})).get('/sites/two/rest/hello/v1/greeting');
    expect(res.body.stored).to.equal(1);
    await kernel.deactivatePlugin('two', 'hello');
  });

  it('the active plugin list survives a restart', async () => {
    await kernel.activatePlugin('one', 'hello');
    const again = await Kernel.boot({ config: kernel.config, builtins: [needsHello] });
    try {
      const site = await again.site('one');
      expect(site.isActive('hello')).to.equal(true);
      expect((await again.site('two')).isActive('hello')).to.equal(false);
    } finally {
      await again.close();
    }
    await kernel.deactivatePlugin('one', 'hello');
  });

  it('activating a plugin whose requirement is inactive fails with plugins.requirement_missing', async () => {
    const err = await rejection(kernel.activatePlugin('two', 'hello-addon'));
    expect(err.code).to.equal('plugins.requirement_missing');
    expect(err.status).to.equal(409);
    expect(err.message).to.contain('"hello"');
    expect((await kernel.site('two')).isActive('hello-addon')).to.equal(false);
  });

  it('deactivating a plugin another active plugin requires fails with plugins.required_by_active', async () => {
    await kernel.activatePlugin('two', 'hello');
    await kernel.activatePlugin('two', 'hello-addon');
    const err = await rejection(kernel.deactivatePlugin('two', 'hello'));
    expect(err.code).to.equal('plugins.required_by_active');
    expect((await kernel.site('two')).isActive('hello')).to.equal(true);
    await kernel.deactivatePlugin('two', 'hello-addon');
    await kernel.deactivatePlugin('two', 'hello');
  });

  it('unknown plugins and sites give coded errors', async () => {
    expect((await rejection(kernel.activatePlugin('one', 'nope'))).code).to.equal('plugins.not_found');
    expect((await rejection(kernel.site('nope'))).code).to.equal('sites.not_found');
    expect((await rejection(kernel.createSite({ id: 'one' }))).code).to.equal('sites.conflict');
    expect((await rejection(kernel.createSite({ id: 'Bad Id' }))).code).to.equal('sites.invalid');
  });

  it('removing a site drops its database', async () => {
    await kernel.createSite({ id: 'gone' });
    const gone = await kernel.site('gone');
    await gone.options.set('x', 1);
    await kernel.removeSite('gone');
    expect((await rejection(kernel.site('gone'))).code).to.equal('sites.not_found');
    await kernel.createSite({ id: 'gone' });
    expect(await (await kernel.site('gone')).options.get('x')).to.equal(undefined);
    await kernel.removeSite('gone');
  });
});

describe('plugin metadata', () => {
  it('a module with bad metadata is refused with plugins.invalid_metadata naming every bad field', async () => {
    const catalog = new PluginCatalog();
    const err = await rejection(catalog.loadModules([BROKEN]));
    expect(err.code).to.equal('plugins.invalid_metadata');
    expect(err.details?.fields).to.deep.equal(['name', 'version', 'label', 'apply']);
  });
});
