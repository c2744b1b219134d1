/** The emporium-subscriptions extension plugin: needs emporium active, adds its tables and the EMPORIUM_SUBSCRIPTIONS service. */
import type { Migration, Plugin, PluginContext } from '../../panel/plugin.ts';
import { EmporiumPlugin } from '../emporium/plugin.ts';
import { SUBSCRIPTION_MIGRATIONS } from './schema.ts';
import { EMPORIUM_SUBSCRIPTIONS } from './service.ts';

export class EmporiumSubscriptionsPlugin implements Plugin {
  static readonly NAME = 'emporium-subscriptions';
  readonly name = EmporiumSubscriptionsPlugin.NAME;
  readonly version = '1.0.0';
  readonly label = 'Emporium Subscriptions';
  readonly description = 'Adds subscriptions to the Emporium store.';
  readonly requires: readonly string[] = [EmporiumPlugin.NAME];
  readonly migrations: readonly Migration[] = SUBSCRIPTION_MIGRATIONS;

  async apply(ctx: PluginContext): Promise<void> {
    // The object layer loads when a site applies the plugin, not when the panel lists its plugins.
    const { EmporiumSubscriptionsStore } = await import('./store.ts');
    ctx.provide(EMPORIUM_SUBSCRIPTIONS, new EmporiumSubscriptionsStore(ctx.site.db));
  }
}
