import { expect } from 'chai';
import { HookError } from '../../hooks/index.ts';
import { seederBus } from './helpers.ts';

const tag = (name: string) => (list: string[]) => [...list, name];

describe('hook bus: removal', () => {
  it('a disposer removes exactly its tap', () => {
    const bus = seederBus();
    const a = tag('a');
    const b = tag('b');
    bus.addFilter('seeder_locales', a);
    const disposeB = bus.addFilter('seeder_locales', b);
    const disposeA20 = bus.addFilter('seeder_locales', a, 20);

    expect(disposeA20()).to.equal(true);
    expect(bus.applyFilters('seeder_locales', [])).to.deep.equal(['a', 'b']);
    expect(disposeA20()).to.equal(false);
    expect(disposeB()).to.equal(true);
    expect(bus.applyFilters('seeder_locales', [])).to.deep.equal(['a']);
  });

  it('an old disposer does not remove a later re-registration of the same fn', () => {
    const bus = seederBus();
    const a = tag('a');
    const first = bus.addFilter('seeder_locales', a);
    expect(first()).to.equal(true);
    bus.addFilter('seeder_locales', a);
    expect(first()).to.equal(false);
    expect(bus.applyFilters('seeder_locales', [])).to.deep.equal(['a']);
  });

  it('removeFilter must match the priority and reports whether it removed something', () => {
    const bus = seederBus();
    const a = tag('a');
    bus.addFilter('seeder_locales', a, 5);
    expect(bus.removeFilter('seeder_locales', a)).to.equal(false);
    expect(bus.hasFilter('seeder_locales', a)).to.equal(true);
    expect(bus.removeFilter('seeder_locales', a, 5)).to.equal(true);
    expect(bus.removeFilter('seeder_locales', a, 5)).to.equal(false);
    expect(bus.hasFilter('seeder_locales')).to.equal(false);
  });

  it('removeAction mirrors removeFilter', () => {
    const bus = seederBus();
    const seen: string[] = [];
    const fn = (slug: string) => void seen.push(slug);
    bus.addAction('plugin_deactivated', fn);
    expect(bus.removeAction('plugin_deactivated', fn, 9)).to.equal(false);
    expect(bus.removeAction('plugin_deactivated', fn)).to.equal(true);
    bus.doAction('plugin_deactivated', 'x');
    expect(seen).to.deep.equal([]);
    expect(bus.hasAction('plugin_deactivated')).to.equal(false);
  });

  it('adding the same fn twice at the same priority keeps one tap', () => {
    const bus = seederBus();
    const a = tag('a');
    bus.addFilter('seeder_locales', a);
    bus.addFilter('seeder_locales', a, { priority: 10, plugin: 'other' });
    bus.addFilter('seeder_locales', a, 11);
    expect(bus.applyFilters('seeder_locales', [])).to.deep.equal(['a', 'a']);
  });

  it('hasFilter tells whether a name or a given fn is tapped', () => {
    const bus = seederBus();
    const a = tag('a');
    expect(bus.hasFilter('seeder_locales')).to.equal(false);
    bus.addFilter('seeder_locales', a, 3);
    expect(bus.hasFilter('seeder_locales')).to.equal(true);
    expect(bus.hasFilter('seeder_locales', a)).to.equal(true);
    expect(bus.hasFilter('seeder_locales', tag('b'))).to.equal(false);
  });

  it('scope.dispose removes all of a plugin\'s taps', () => {
    const bus = seederBus();
    bus.addFilter('seeder_locales', tag('host'));
    const scope = bus.scope('acme');
    scope.addFilter('seeder_locales', tag('acme-1'));
    scope.addFilter('seeder_locales', tag('acme-2'), 1);
    const seen: string[] = [];
    scope.addAction('plugin_activated', (slug) => void seen.push(slug));
    const early = scope.addFilter('seeder_purge_order', tag('gone-early'));
    expect(early()).to.equal(true);

    expect(bus.applyFilters('seeder_locales', [])).to.deep.equal(['acme-2', 'host', 'acme-1']);
    expect(scope.dispose()).to.equal(3);
    expect(bus.applyFilters('seeder_locales', [])).to.deep.equal(['host']);
    bus.doAction('plugin_activated', 'x');
    expect(seen).to.deep.equal([]);
    expect(scope.dispose()).to.equal(0);
  });

  it('a scope names its plugin in tap errors', () => {
    const bus = seederBus();
    bus.scope('acme').addFilter('seeder_locales', () => {
      throw new Error('boom');
    });
    expect(() => bus.applyFilters('seeder_locales', [])).to.throw(HookError, /plugin "acme"/);
  });

  it('isUsed tells whether a call would run any tap, counting deprecated aliases', () => {
    const bus = seederBus({ warn: () => {} });
    expect(bus.isUsed('seeder_shipping_plan_generation_result')).to.equal(false);
    const dispose = bus.addFilter('seeder_shipping_method_generation_result', (r) => r);
    expect(bus.isUsed('seeder_shipping_plan_generation_result')).to.equal(true);
    expect(bus.hasFilter('seeder_shipping_plan_generation_result')).to.equal(false);
    dispose();
    expect(bus.isUsed('seeder_shipping_plan_generation_result')).to.equal(false);
    bus.addAction('seeder_loaded', () => {});
    expect(bus.isUsed('seeder_loaded')).to.equal(true);
  });
});
