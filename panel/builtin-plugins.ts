/** The plugins that ship with the panel. Site `default` starts with DEFAULT_SITE_PLUGINS active. */
import type { Plugin } from './plugin.ts';
import { EmporiumPlugin } from '../stores/emporium/index.ts';
import { EmporiumSubscriptionsPlugin } from '../stores/emporium-subscriptions/index.ts';
import { CartwheelPlugin } from '../stores/cartwheel/index.ts';
import { CartwheelProPlugin } from '../stores/cartwheel-pro/index.ts';
import { SeederPlugin } from '../plugin.ts';

export const BUILTIN_PLUGINS: ReadonlyArray<Plugin | (new () => Plugin)> = [
  EmporiumPlugin,
  EmporiumSubscriptionsPlugin,
  CartwheelPlugin,
  CartwheelProPlugin,
  SeederPlugin,
];

/** Activated, in this order, on the `default` site created at first start (unknown slugs are skipped). */
export const DEFAULT_SITE_PLUGINS: readonly string[] = ['emporium', 'seeder'];
