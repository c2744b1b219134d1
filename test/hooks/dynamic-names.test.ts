import { expect } from 'chai';
import { HookError } from '../../hooks/index.ts';
import { canonicalEntityHook, generationResultHook, restParamsHook } from '../../controllers/hooks.ts';
import { context, result, seederBus } from './helpers.ts';

const entityContext = { resource: 'order', index: 0, params: {} };

describe('hook bus: dynamic names', () => {
  it('the name helpers build the documented names', () => {
    expect(generationResultHook('order')).to.equal('seeder_order_generation_result');
    expect(canonicalEntityHook('product_variation')).to.equal('seeder_canonical_entity_product_variation');
    expect(restParamsHook('coupon')).to.equal('seeder_rest_params_coupon');
  });

  it('a name helper refuses a resource that is not a resource segment', () => {
    for (const bad of ['', 'Order', 'order-items', 'a__b', '_x']) {
      expect(() => generationResultHook(bad)).to.throw(HookError).with.property('code', 'HOOK_UNKNOWN');
    }
    // Would resolve to the rest-params family, so it cannot be a generation-result name.
    expect(() => generationResultHook('rest_params_x')).to.throw(HookError, /rest_params_x/);
  });

  it('each resource has its own hook in a family', () => {
    const bus = seederBus();
    bus.addFilter(generationResultHook('order'), (r) => ({ ...r, failed: r.failed + 1 }));
    expect(bus.applyFilters(generationResultHook('order'), result(), context).failed).to.equal(1);
    expect(bus.applyFilters(generationResultHook('coupon'), result(), context).failed).to.equal(0);
    expect(bus.hasFilter(generationResultHook('coupon'))).to.equal(false);
  });

  it('generic filter runs before the resource-specific one', () => {
    const bus = seederBus();
    const trail = (step: string) => (e: Record<string, unknown>) => ({ ...e, trail: [...((e.trail as string[]) ?? []), step] });
    bus.addFilter(canonicalEntityHook('order'), trail('specific'), -100);
    bus.addFilter('seeder_canonical_entity', trail('generic'), 100);
    bus.addFilter(canonicalEntityHook('coupon'), trail('other resource'));

    const entity = bus.applyFiltersGenericThenSpecific('seeder_canonical_entity', 'order', {}, entityContext);
    expect(entity.trail).to.deep.equal(['generic', 'specific']);
  });

  it('generic-then-specific works for rest params and asynchronously', async () => {
    const bus = seederBus();
    bus.addFilter(restParamsHook('order'), (p) => ({ ...p, count: (p.count as number) * 10 }));
    bus.addFilter('seeder_rest_params', (p) => ({ ...p, count: (p.count as number) + 1 }));
    const params = await bus.applyFiltersGenericThenSpecificAsync('seeder_rest_params', 'order', { count: 1 }, {
      resource: 'order',
      action: 'generate',
    });
    expect(params).to.deep.equal({ count: 20 });
  });

  it('a generic filter without resource-specific counterparts is refused', () => {
    const bus = seederBus();
    expect(() =>
      bus.applyFiltersGenericThenSpecific('seeder_locales' as 'seeder_rest_params', 'x', {}, { resource: 'x', action: 'preview' }),
    )
      .to.throw(HookError)
      .with.property('code', 'HOOK_UNKNOWN');
  });

  it('a name not in the catalogue is HOOK_UNKNOWN at runtime', () => {
    const bus = seederBus();
    const unknown = 'seeder_nonsense' as 'seeder_locales';
    expect(() => bus.addFilter(unknown, (l) => l)).to.throw(HookError, /seeder_nonsense/).with.property('code', 'HOOK_UNKNOWN');
    expect(() => bus.applyFilters(unknown, [])).to.throw(HookError).with.property('code', 'HOOK_UNKNOWN');
    expect(() => bus.hasFilter(unknown)).to.throw(HookError).with.property('code', 'HOOK_UNKNOWN');
    expect(() => bus.didAction('nope' as 'panel_init')).to.throw(HookError).with.property('code', 'HOOK_UNKNOWN');
  });

  it('a filter name used as an action is HOOK_WRONG_KIND', () => {
    const bus = seederBus();
    expect(() => bus.doAction('seeder_locales' as 'plugin_activated', 'x'))
      .to.throw(HookError)
      .with.property('code', 'HOOK_WRONG_KIND');
  });
});
