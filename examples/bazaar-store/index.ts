/**
 * The bazaar plugin: a store (store.ts), its Seeder driver (driver.ts), a recipe and a filter. Load it
 * with PANEL_PLUGINS=examples/bazaar-store/index.ts and activate it with the Seeder on a site. README.md
 * walks through it.
 */
import { registerDriver, type Plugin, type PluginContext, type RecipeManifestInput, type Site } from 'seeder-panel/plugin-api';
import { BazaarDriver } from './driver.ts';
import { Bazaar, BAZAAR, migrations } from './store.ts';

/** A recipe: words and numbers for a market day (`panel seeder recipe run bazaar-market`). */
const MARKET_DAY: RecipeManifestInput = {
  id: 'bazaar-market',
  name: 'Market day',
  description: 'A covered market: spices, rugs and lamps.',
  plan: [
    { resource: 'product_category', counts: { small: 4, medium: 8, large: 12 } },
    { resource: 'product', counts: { small: 6, medium: 40, large: 200 } },
    { resource: 'customer', counts: { small: 4, medium: 25, large: 100 } },
    { resource: 'coupon', counts: { small: 2, medium: 5, large: 10 } },
    { resource: 'order', counts: { small: 5, medium: 60, large: 300 } },
  ],
  words: {
    en_US: {
      product_names: ['Saffron Tin', 'Kilim Rug', 'Brass Lantern', 'Copper Pot', 'Silk Scarf'],
      product_adjectives: ['Antique', 'Hand-made'],
      category_tree: [{ name: 'Spices' }, { name: 'Textiles', children: [{ name: 'Rugs' }, { name: 'Scarves' }] }, { name: 'Lamps' }],
      coupon_words: ['SOUK', 'HAGGLE'],
    },
  },
};

export default class BazaarPlugin implements Plugin {
  readonly name = 'bazaar';
  readonly version = '1.0.0';
  readonly label = 'Bazaar (a store with its Seeder driver)';
  readonly migrations = migrations;

  apply(ctx: PluginContext): void {
    const store = new Bazaar();
    ctx.provide(BAZAAR, store);
    registerDriver(ctx, new BazaarDriver());
    ctx.hooks.addFilter('seeder_recipes', (recipes) => [...recipes, MARKET_DAY]);
    // A filter: every generated coupon code names the market (it runs for any store of the site).
    ctx.hooks.addFilter('seeder_canonical_entity_coupon', (coupon) => ('code' in coupon ? { ...coupon, code: `BAZAAR-${coupon.code}` } : coupon));
    // A command of its own, `panel seeder bazaar-stock`: the store's tables, row by row (`--format=json` for scripts).
    const stock = async (site: Site) => Object.fromEntries(await Promise.all(store.tables.map(async (t) => [t.name, await t.list(site.db)])));
    ctx.hooks.addFilter('seeder_cli_commands', (commands) => [...commands, { name: 'bazaar-stock', summary: "The bazaar's tables, row by row.", run: (_params, { site }) => stock(site) }]);
  }
}
