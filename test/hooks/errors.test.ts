import { expect } from 'chai';
import { HookError } from '../../hooks/index.ts';
import { generationResultHook } from '../../controllers/hooks.ts';
import { context, result, seederBus } from './helpers.ts';

const hook = generationResultHook('order');

describe('hook bus: errors', () => {
  it('a throwing tap is reported with the hook name and the plugin name', () => {
    const bus = seederBus();
    const original = new Error('database is gone');
    bus.addFilter(hook, () => {
      throw original;
    }, { plugin: 'acme-audit' });

    let caught: unknown;
    try {
      bus.applyFilters(hook, result(), context);
    } catch (e) {
      caught = e;
    }
    expect(caught).to.be.instanceOf(HookError);
    const error = caught as HookError;
    expect(error.code).to.equal('HOOK_TAP_FAILED');
    expect(error.message).to.contain('seeder_order_generation_result').and.contain('acme-audit').and.contain('database is gone');
    expect(error.hook).to.equal('seeder_order_generation_result');
    expect(error.plugin).to.equal('acme-audit');
    expect(error.cause).to.equal(original);
  });

  it('a throwing action tap stops the firing with the same report', () => {
    const bus = seederBus();
    const seen: string[] = [];
    bus.addAction('plugin_activated', () => {
      throw new TypeError('bad');
    }, { plugin: 'first' });
    bus.addAction('plugin_activated', () => void seen.push('second'), 20);
    expect(() => bus.doAction('plugin_activated', 'x')).to.throw(HookError, /plugin "first" on hook "plugin_activated"/);
    expect(seen).to.deep.equal([]);
  });

  it('a filter tap returning undefined is an error', () => {
    const bus = seederBus();
    bus.addFilter('seeder_locales', (() => undefined) as unknown as (l: string[]) => string[], { plugin: 'forgetful' });
    expect(() => bus.applyFilters('seeder_locales', ['en_US']))
      .to.throw(HookError, /"forgetful".*"seeder_locales"/)
      .with.property('code', 'HOOK_FILTER_RETURNED_UNDEFINED');
  });

  it('an async filter tap that rejects or resolves undefined follows the same rules', async () => {
    const bus = seederBus();
    const dispose = bus.addFilter('seeder_recipes', async () => {
      throw new Error('offline');
    }, { plugin: 'remote-recipes' });
    const rejected = await bus.applyFiltersAsync('seeder_recipes', []).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(rejected).to.be.instanceOf(HookError).with.property('code', 'HOOK_TAP_FAILED');
    expect((rejected as HookError).message).to.contain('remote-recipes').and.contain('seeder_recipes');
    expect((rejected as HookError).cause).to.have.property('message', 'offline');

    dispose();
    bus.addFilter('seeder_recipes', (async () => undefined) as unknown as () => Promise<never[]>);
    const undef = await bus.applyFiltersAsync('seeder_recipes', []).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(undef).to.be.instanceOf(HookError).with.property('code', 'HOOK_FILTER_RETURNED_UNDEFINED');
  });

  it('applyFiltersAsync awaits each tap in order', async () => {
    const bus = seederBus();
    bus.addFilter('seeder_recipes', async (list) => {
      await new Promise((r) => setTimeout(r, 10));
      return [...list, { id: 'slow' }];
    });
    bus.addFilter('seeder_recipes', (list) => [...list, { id: `fast after ${list.length}` }]);
    expect((await bus.applyFiltersAsync('seeder_recipes', [])).map((r) => r.id)).to.deep.equal(['slow', 'fast after 1']);
  });

  it('an async hook cannot be called synchronously', () => {
    const bus = seederBus();
    expect(() => bus.applyFilters('seeder_recipes' as 'seeder_locales', []))
      .to.throw(HookError)
      .with.property('code', 'HOOK_ASYNC_ONLY');
  });

  it('an async tap in a synchronous call is refused instead of running unawaited', () => {
    const bus = seederBus();
    bus.addAction('plugin_activated', async () => {}, { plugin: 'eager' });
    expect(() => bus.doAction('plugin_activated', 'x'))
      .to.throw(HookError, /"eager"/)
      .with.property('code', 'HOOK_TAP_RETURNED_PROMISE');
  });

  it('a tap that is not a function or an empty plugin name is HOOK_INVALID_TAP', () => {
    const bus = seederBus();
    expect(() => bus.addFilter('seeder_locales', 'nope' as unknown as (l: string[]) => string[]))
      .to.throw(HookError)
      .with.property('code', 'HOOK_INVALID_TAP');
    expect(() => bus.addFilter('seeder_locales', (l) => l, { plugin: '' }))
      .to.throw(HookError)
      .with.property('code', 'HOOK_INVALID_TAP');
    expect(() => bus.scope('')).to.throw(HookError).with.property('code', 'HOOK_INVALID_TAP');
  });
});
