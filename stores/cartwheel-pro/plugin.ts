/** The cartwheel-pro extension plugin: needs cartwheel active, adds licences and the CARTWHEEL_PRO service. */
import type { Migration, Plugin, PluginContext } from '../../panel/plugin.ts';
import { CartwheelPlugin } from '../cartwheel/plugin.ts';
import { PRO_MIGRATIONS } from './schema.ts';
import { CARTWHEEL_PRO, CartwheelProStore } from './store.ts';

export class CartwheelProPlugin implements Plugin {
  static readonly NAME = 'cartwheel-pro';
  readonly name = CartwheelProPlugin.NAME;
  readonly version = '1.0.0';
  readonly label = 'Cartwheel Pro';
  readonly requires: readonly string[] = [CartwheelPlugin.NAME];
  readonly migrations: readonly Migration[] = PRO_MIGRATIONS;

  apply(ctx: PluginContext): void {
    ctx.provide(CARTWHEEL_PRO, new CartwheelProStore(ctx.site.db));
  }
}
