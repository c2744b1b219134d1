/**
 * The composition root: which plugins ship with the panel, handed to the host, and the entry of the
 * `panel` command (bin/panel.js). The host (panel/) imports no plugin; this is the one module that
 * knows them all (ARCHITECTURE.md, "Layers").
 */
import type { Distribution } from './panel/boot.ts';
import { main } from './panel/cli/main.ts';
import type { Plugin } from './panel/plugin.ts';
import { SeederPlugin } from './plugin.ts';
import { CartwheelPlugin } from './stores/cartwheel/plugin.ts';
import { CartwheelProPlugin } from './stores/cartwheel-pro/plugin.ts';
import { EmporiumPlugin } from './stores/emporium/plugin.ts';
import { EmporiumSubscriptionsPlugin } from './stores/emporium-subscriptions/plugin.ts';

/** The plugins that ship with the panel, in catalogue order. */
export const BUILTIN_PLUGINS: ReadonlyArray<Plugin | (new () => Plugin)> = [
  EmporiumPlugin,
  EmporiumSubscriptionsPlugin,
  CartwheelPlugin,
  CartwheelProPlugin,
  SeederPlugin,
];

export const DISTRIBUTION: Distribution = Object.freeze({
  plugins: BUILTIN_PLUGINS,
  // Site `default`, made at first start, starts with one store and the Seeder.
  defaultSitePlugins: ['emporium', 'seeder'],
});

/** Runs the `panel` command with the shipped plugins; resolves to the exit code. */
export function run(argv: string[]): Promise<number> {
  return main(argv, DISTRIBUTION);
}
