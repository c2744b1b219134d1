import { expect } from 'chai';
import { HOOK_ERROR_CODES, HOST_HOOKS, HookBus, HookError, type HookDeclaration, type HookSpec } from '../../hooks/index.ts';
import { generationResultHook, SEEDER_HOOKS } from '../../controllers/hooks.ts';
import { seederBus } from './helpers.ts';

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

const OWNERS: readonly HookDeclaration[] = [HOST_HOOKS, SEEDER_HOOKS];
const declared = (name: string) => OWNERS.some((d) => Object.hasOwn(d.hooks, name) || (d.families ?? []).some((f) => f.pattern === name));
const specs = (): HookSpec[] => OWNERS.flatMap((d) => [...Object.values(d.hooks), ...(d.families ?? [])]);
const DEPRECATIONS = OWNERS.flatMap((d) => d.deprecations ?? []);
const resolveHook = (name: string) => {
  const bus = seederBus();
  // Resolution is observable through the bus: a declared name is tapped without error.
  return bus.isDeclared(name);
};

describe('hook catalogue', () => {
  it('declares every hook of the Events table and of the design', () => {
    expect([...EVENTS_TABLE, ...DESIGN_HOOKS].filter((n) => !declared(n))).to.deep.equal([]);
  });

  it('is frozen, entry by entry', () => {
    for (const d of OWNERS) {
      expect(Object.isFrozen(d), d.owner).to.equal(true);
      expect(Object.isFrozen(d.hooks), d.owner).to.equal(true);
    }
    for (const spec of specs()) expect(Object.isFrozen(spec)).to.equal(true);
  });

  it('gives every hook a kind, a mode, a since and a one-line doc', () => {
    for (const spec of specs()) {
      expect(spec.kind).to.be.oneOf(['filter', 'action']);
      expect(spec.mode).to.be.oneOf(['sync', 'async']);
      expect(spec.since).to.match(/^\d+\.\d+\.\d+$/);
      expect(spec.doc).to.be.a('string').with.length.above(10);
      expect(spec.doc).to.not.contain('\n');
    }
  });

  it('marks exactly the host lifecycle actions as once, and they are synchronous actions', () => {
    const once = OWNERS.flatMap((d) => Object.entries(d.hooks)).filter(([, s]) => s.once);
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
      expect(resolveHook(d.old), d.old).to.equal(true);
      expect(resolveHook(d.replacement), d.replacement).to.equal(true);
      const old = SEEDER_HOOKS.hooks[d.old];
      const family = SEEDER_HOOKS.families!.find((f) => d.replacement.startsWith(f.prefix) && d.replacement.endsWith(f.suffix))!;
      expect([old.kind, old.mode]).to.deep.equal([family.kind, family.mode]);
    }
    const codes = [...DEPRECATIONS.map((d) => d.code), ...Object.keys(HOOK_ERROR_CODES)];
    expect(new Set(codes).size).to.equal(codes.length);
  });

  it('the shipping-method name is declared on its own: the result family lists only real resources', () => {
    expect(Object.keys(SEEDER_HOOKS.hooks)).to.include('seeder_shipping_method_generation_result');
    expect(SEEDER_HOOKS.families!.find((f) => f.pattern === 'seeder_<resource>_generation_result')!.resources).to.not.include('shipping_method');
    expect(resolveHook(generationResultHook('shipping_plan'))).to.equal(true);
  });

  it('dynamic families live in tapable HookMaps keyed by resource', () => {
    // Observable through the bus: a resource's hook exists only once tapped, and is found again by name.
    const bus = seederBus();
    expect(bus.isUsed(generationResultHook('brand'))).to.equal(false);
    bus.addFilter(generationResultHook('brand'), (r) => r);
    expect(bus.isUsed(generationResultHook('brand'))).to.equal(true);
    expect(bus.isUsed(generationResultHook('product_tag'))).to.equal(false);
  });
});

describe('hook ownership', () => {
  it('a bus knows only declared hooks: the Seeder\'s exist once the Seeder declares them', () => {
    const bus = new HookBus();
    bus.declare(HOST_HOOKS);
    expect(() => bus.addFilter('seeder_locales', (l) => l)).to.throw(HookError, /not declared/).with.property('code', 'HOOK_UNKNOWN');
    bus.declare(SEEDER_HOOKS);
    expect(() => bus.addFilter('seeder_locales', (l) => l)).to.not.throw();
  });

  it('a misspelt tap is refused at tap time, naming the nearest declared hook', () => {
    const bus = seederBus();
    const tap = (name: string) => () => bus.addFilter(name as 'seeder_locales', (v) => v);
    expect(tap('seeder_prodcut_generation_result')).to.throw(HookError, 'did you mean "seeder_product_generation_result"?');
    expect(tap('seeder_local')).to.throw(HookError, 'did you mean "seeder_locale"?');
    expect(tap('seeder_plaftorms')).to.throw(HookError, 'did you mean "seeder_platforms"?');
  });

  it('a family name for a resource that does not exist is refused, at tap time and when built', () => {
    const bus = seederBus();
    expect(() => bus.addFilter('seeder_unicorn_generation_result' as 'seeder_locales', (v) => v)).to.throw(HookError).with.property('code', 'HOOK_UNKNOWN');
    expect(() => generationResultHook('unicorn')).to.throw(HookError).with.property('code', 'HOOK_UNKNOWN');
    expect(() => bus.addFilter(generationResultHook('licence'), (r) => r)).to.not.throw();
  });

  it('only the owner calls: another owner\'s caller is refused with HOOK_NOT_OWNER', () => {
    const bus = new HookBus();
    const host = bus.declare(HOST_HOOKS);
    const seeder = bus.declare(SEEDER_HOOKS);
    const other = bus.declare({ owner: 'toy-store', hooks: {} });
    expect(seeder.applyFilters('seeder_locales', ['en_US'])).to.deep.equal(['en_US']);
    expect(() => other.applyFilters('seeder_locales', ['en_US'])).to.throw(HookError, /declared by "seeder"/).with.property('code', 'HOOK_NOT_OWNER');
    expect(() => host.applyFilters('seeder_locales', ['en_US'])).to.throw(HookError).with.property('code', 'HOOK_NOT_OWNER');
    expect(() => seeder.doAction('plugin_activated', 'x')).to.throw(HookError).with.property('code', 'HOOK_NOT_OWNER');
  });

  it('the tap view offers tapping, untapping and asking, and no way to call', () => {
    const view = seederBus().taps();
    expect(Object.keys(view).sort()).to.deep.equal(['addAction', 'addFilter', 'hasAction', 'hasFilter', 'isDeclared', 'removeAction', 'removeFilter', 'scope']);
    const scoped = view.scope('toy');
    expect(Object.keys(scoped)).to.not.include.members(['applyFilters', 'doAction', 'applyFiltersAsync', 'doActionAsync']);
  });

  it('a name another owner declared cannot be declared again; the names of a new owner can be tapped', () => {
    const bus = seederBus();
    const thief: HookDeclaration = { owner: 'thief', hooks: { seeder_locales: SEEDER_HOOKS.hooks.seeder_locales } };
    expect(() => bus.declare(thief)).to.throw(HookError, /already declared by "seeder"/).with.property('code', 'HOOK_DECLARED_TWICE');
    const mine = bus.declare({ owner: 'mine', hooks: { mine_thing: SEEDER_HOOKS.hooks.seeder_locales } });
    expect(() => bus.addFilter('mine_thing' as 'seeder_locales', (v) => v)).to.not.throw();
    expect(mine.owner).to.equal('mine');
  });

  it('error codes stay unique across the bus and the declared deprecations', () => {
    const codes = [...DEPRECATIONS.map((d) => d.code), ...Object.keys(HOOK_ERROR_CODES)];
    expect(new Set(codes).size).to.equal(codes.length);
  });
});
