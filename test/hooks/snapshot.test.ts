import { expect } from 'chai';
import { seederBus } from './helpers.ts';

describe('hook bus: snapshot semantics', () => {
  it('a tap added during a call runs from the next call', () => {
    const bus = seederBus();
    const late = (list: string[]) => [...list, 'late'];
    let added = false;
    bus.addFilter('seeder_locales', (list) => {
      if (!added) {
        added = true;
        bus.addFilter('seeder_locales', late, 20);
      }
      return [...list, 'first'];
    });

    expect(bus.applyFilters('seeder_locales', [])).to.deep.equal(['first']);
    expect(bus.applyFilters('seeder_locales', [])).to.deep.equal(['first', 'late']);
  });

  it('a tap removed during a call still runs in that call and not the next', () => {
    const bus = seederBus();
    const second = (list: string[]) => [...list, 'second'];
    bus.addFilter('seeder_locales', (list) => {
      bus.removeFilter('seeder_locales', second, 20);
      return [...list, 'first'];
    });
    bus.addFilter('seeder_locales', second, 20);

    expect(bus.applyFilters('seeder_locales', [])).to.deep.equal(['first', 'second']);
    expect(bus.applyFilters('seeder_locales', [])).to.deep.equal(['first']);
  });

  it('an async call keeps its snapshot while taps change between its awaits', async () => {
    const bus = seederBus();
    bus.addFilter('seeder_recipes', async (list) => {
      await new Promise((r) => setTimeout(r, 5));
      return [...list, { id: 'slow' }];
    });
    const pending = bus.applyFiltersAsync('seeder_recipes', []);
    bus.addFilter('seeder_recipes', async (list) => [...list, { id: 'added-while-running' }]);

    expect((await pending).map((r) => r.id)).to.deep.equal(['slow']);
    expect((await bus.applyFiltersAsync('seeder_recipes', [])).map((r) => r.id)).to.deep.equal(['slow', 'added-while-running']);
  });

  it('an action tap added during the firing runs from the next firing', () => {
    const bus = seederBus();
    const seen: string[] = [];
    bus.addAction('plugin_activated', (slug) => {
      seen.push(`a:${slug}`);
      bus.addAction('plugin_activated', (s) => void seen.push(`b:${s}`));
    });
    bus.doAction('plugin_activated', 'one');
    expect(seen).to.deep.equal(['a:one']);
  });
});
