/** The cartwheel host plugin: runs its schema migration on activation and offers the CARTWHEEL service. */
import type { Migration, Plugin, PluginContext } from '../../panel/plugin.ts';
import { CARTWHEEL_MIGRATIONS } from './schema.ts';
import { CARTWHEEL } from './service.ts';

export class CartwheelPlugin implements Plugin {
  static readonly NAME = 'cartwheel';
  readonly name = CartwheelPlugin.NAME;
  readonly version = '1.0.0';
  readonly label = 'Cartwheel';
  readonly description = "A bundled online store: products, customers, orders and more, kept in this site's database.";
  readonly requires: readonly string[] = [];
  readonly migrations: readonly Migration[] = CARTWHEEL_MIGRATIONS;

  async apply(ctx: PluginContext): Promise<void> {
    // The object layer loads when a site applies the plugin, not when the panel lists its plugins.
    const { CartwheelStore } = await import('./store.ts');
    ctx.provide(CARTWHEEL, new CartwheelStore(ctx.site.db, ctx.site.options));
  }
}
