import { expect } from 'chai';
import fc from 'fast-check';
import { HookError } from '../../hooks/index.ts';
import { seederBus } from './helpers.ts';

describe('hook bus: priorities', () => {
  it('lower priority runs first and ties keep registration order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 30 }), (priorities) => {
        const bus = seederBus();
        priorities.forEach((priority, i) => {
          bus.addFilter('seeder_purge_order', (order) => [...order, String(i)], priority);
        });
        const expected = priorities
          .map((priority, i) => ({ priority, i }))
          .sort((a, b) => a.priority - b.priority || a.i - b.i)
          .map((t) => String(t.i));
        expect(bus.applyFilters('seeder_purge_order', [])).to.deep.equal(expected);
      }),
    );
  });

  it('the default priority is 10 and negative priorities run before it', () => {
    const bus = seederBus();
    bus.addFilter('seeder_purge_order', (o) => [...o, 'default']);
    bus.addFilter('seeder_purge_order', (o) => [...o, 'eleven'], { priority: 11 });
    bus.addFilter('seeder_purge_order', (o) => [...o, 'nine'], 9);
    bus.addFilter('seeder_purge_order', (o) => [...o, 'minus-five'], -5);
    expect(bus.applyFilters('seeder_purge_order', [])).to.deep.equal(['minus-five', 'nine', 'default', 'eleven']);
  });

  it('a non-integer priority is refused with HOOK_INVALID_PRIORITY and adds nothing', () => {
    const bus = seederBus();
    for (const bad of [1.5, Number.NaN, Infinity, '10' as unknown as number]) {
      expect(() => bus.addFilter('seeder_locales', (l) => l, bad))
        .to.throw(HookError)
        .with.property('code', 'HOOK_INVALID_PRIORITY');
    }
    expect(bus.hasFilter('seeder_locales')).to.equal(false);
  });
});
