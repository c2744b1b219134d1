/** The emporium-subscriptions extension plugin: needs emporium active, adds its tables and the EMPORIUM_SUBSCRIPTIONS service. */
import type { Migration, Plugin, PluginContext } from '../../panel/plugin.ts';
import { EmporiumPlugin } from '../emporium/plugin.ts';
import { SUBSCRIPTION_MIGRATIONS } from './schema.ts';
import { EMPORIUM_SUBSCRIPTIONS, EmporiumSubscriptionsStore } from './store.ts';

export class EmporiumSubscriptionsPlugin implements Plugin {
  static readonly NAME = 'emporium-subscriptions';
  readonly name = EmporiumSubscriptionsPlugin.NAME;
  readonly version = '1.0.0';
  readonly label = 'Emporium Subscriptions';
  readonly requires: readonly string[] = [EmporiumPlugin.NAME];
  readonly migrations: readonly Migration[] = SUBSCRIPTION_MIGRATIONS;

  apply(ctx: PluginContext): void {
    ctx.provide(EMPORIUM_SUBSCRIPTIONS, new EmporiumSubscriptionsStore(ctx.site.db));
  }
}
