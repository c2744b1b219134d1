/** The cartwheel-pro extension plugin: needs cartwheel active, adds licences and the CARTWHEEL_PRO service. */
import type { Migration, Plugin, PluginContext } from '../../panel/plugin.ts';
import { CartwheelPlugin } from '../cartwheel/plugin.ts';
import { PRO_MIGRATIONS } from './schema.ts';
import { CARTWHEEL_PRO } from './service.ts';

export class CartwheelProPlugin implements Plugin {
  static readonly NAME = 'cartwheel-pro';
  readonly name = CartwheelProPlugin.NAME;
  readonly version = '1.0.0';
  readonly label = 'Cartwheel Pro';
  readonly description = 'Adds licences to the Cartwheel store.';
  readonly requires: readonly string[] = [CartwheelPlugin.NAME];
  readonly migrations: readonly Migration[] = PRO_MIGRATIONS;

  async apply(ctx: PluginContext): Promise<void> {
    // The object layer loads when a site applies the plugin, not when the panel lists its plugins.
    const { CartwheelProStore } = await import('./store.ts');
    ctx.provide(CARTWHEEL_PRO, new CartwheelProStore(ctx.site.db));
  }
}
