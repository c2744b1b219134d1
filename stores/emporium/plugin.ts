/** The emporium host plugin: runs its schema migration on activation and offers the EMPORIUM service. */
import type { Migration, Plugin, PluginContext } from '../../panel/plugin.ts';
import { EMPORIUM_MIGRATIONS } from './schema.ts';
import { EMPORIUM } from './service.ts';

export class EmporiumPlugin implements Plugin {
  static readonly NAME = 'emporium';
  readonly name = EmporiumPlugin.NAME;
  readonly version = '1.0.0';
  readonly label = 'Emporium';
  readonly description = "A bundled online store: products, customers, orders and more, kept in this site's database.";
  readonly requires: readonly string[] = [];
  readonly migrations: readonly Migration[] = EMPORIUM_MIGRATIONS;

  async apply(ctx: PluginContext): Promise<void> {
    // The object layer loads when a site applies the plugin, not when the panel lists its plugins.
    const { EmporiumStore } = await import('./store.ts');
    ctx.provide(EMPORIUM, new EmporiumStore(ctx.site.db, ctx.site.options));
  }
}
