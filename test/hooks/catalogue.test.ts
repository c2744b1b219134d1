import { expect } from 'chai';
import {
  DEPRECATIONS,
  generationResultHook,
  HOOK_CATALOGUE,
  HOOK_ERROR_CODES,
  HOOK_FAMILIES,
  HookBus,
} from '../../hooks/index.ts';
import { resolveHook } from '../../hooks/hook-names.ts';

// The seeder-api.md "Events" table, plus the hooks the design uses.
const EVENTS_TABLE = [
  'seeder_<resource>_generation_result',
  'seeder_shipping_method_generation_result',
  'seeder_recipes',
  'seeder_recipe_directories',
  'seeder_recipes_source',
  'seeder_platforms',
  'seeder_capability',
  'seeder_canonical_entity',
  'seeder_rest_params',
  'seeder_locales',
  'seeder_mcp_ability_definition',
  'seeder_admin_payload',
  'seeder_sample_data_source',
  'seeder_hide_foreign_admin_notices',
];
const DESIGN_HOOKS = [
  'seeder_canonical_entity_<resource>',
  'seeder_rest_params_<resource>',
  'seeder_locale',
  'seeder_purge_order',
  'panel_init',
  'plugins_loaded',
  'seeder_loaded',
  'plugin_activated',
  'plugin_deactivated',
  'rest_index',
];

const declared = (name: string) =>
  Object.hasOwn(HOOK_CATALOGUE, name) || HOOK_FAMILIES.some((f) => f.pattern === name);

describe('hook catalogue', () => {
  it('declares every hook of the Events table and of the design', () => {
    expect([...EVENTS_TABLE, ...DESIGN_HOOKS].filter((n) => !declared(n))).to.deep.equal([]);
  });

  it('is frozen, entry by entry', () => {
    expect(Object.isFrozen(HOOK_CATALOGUE)).to.equal(true);
    expect(Object.isFrozen(HOOK_FAMILIES)).to.equal(true);
    for (const spec of [...Object.values(HOOK_CATALOGUE), ...HOOK_FAMILIES]) expect(Object.isFrozen(spec)).to.equal(true);
  });

  it('gives every hook a kind, a mode, a since and a one-line doc', () => {
    for (const spec of [...Object.values(HOOK_CATALOGUE), ...HOOK_FAMILIES]) {
      expect(spec.kind).to.be.oneOf(['filter', 'action']);
      expect(spec.mode).to.be.oneOf(['sync', 'async']);
      expect(spec.since).to.match(/^\d+\.\d+\.\d+$/);
      expect(spec.doc).to.be.a('string').with.length.above(10);
      expect(spec.doc).to.not.contain('\n');
    }
  });

  it('marks exactly the host lifecycle actions as once, and they are synchronous actions', () => {
    const once = Object.entries(HOOK_CATALOGUE).filter(([, s]) => s.once);
    expect(once.map(([n]) => n).sort()).to.deep.equal(['panel_init', 'plugins_loaded', 'seeder_loaded']);
    for (const [, s] of once) expect(s).to.include({ kind: 'action', mode: 'sync' });
  });

  it('every deprecation row pairs two catalogue hooks of the same kind and mode, with unique codes', () => {
    expect(DEPRECATIONS[0]).to.deep.equal({
      old: 'seeder_shipping_method_generation_result',
      replacement: 'seeder_shipping_plan_generation_result',
      since: '0.1.0',
      code: 'SEEDER_DEP_SHIPPING_METHOD_RESULT',
    });
    for (const d of DEPRECATIONS) {
      const old = resolveHook(d.old);
      const replacement = resolveHook(d.replacement);
      expect(old, d.old).to.not.equal(undefined);
      expect(replacement, d.replacement).to.not.equal(undefined);
      expect([old!.spec.kind, old!.spec.mode]).to.deep.equal([replacement!.spec.kind, replacement!.spec.mode]);
    }
    const codes = [...DEPRECATIONS.map((d) => d.code), ...Object.keys(HOOK_ERROR_CODES)];
    expect(new Set(codes).size).to.equal(codes.length);
  });

  it('the shipping-method name resolves to its own declaration, not to the generation-result family', () => {
    expect(resolveHook('seeder_shipping_method_generation_result')?.family).to.equal(undefined);
    expect(resolveHook(generationResultHook('shipping_plan'))?.family?.pattern).to.equal('seeder_<resource>_generation_result');
  });

  it('dynamic families live in tapable HookMaps keyed by resource', () => {
    // Observable through the bus: a resource's hook exists only once tapped, and is found again by name.
    const bus = new HookBus();
    expect(bus.isUsed(generationResultHook('brand'))).to.equal(false);
    bus.addFilter(generationResultHook('brand'), (r) => r);
    expect(bus.isUsed(generationResultHook('brand'))).to.equal(true);
    expect(bus.isUsed(generationResultHook('product_tag'))).to.equal(false);
  });
});
