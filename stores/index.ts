/** The store platforms that ship with the panel, in activation order (each extension after its store). */
import { CartwheelProPlugin } from './cartwheel-pro/plugin.ts';
import { CartwheelPlugin } from './cartwheel/plugin.ts';
import { EmporiumSubscriptionsPlugin } from './emporium-subscriptions/plugin.ts';
import { EmporiumPlugin } from './emporium/plugin.ts';

export const STORE_PLUGINS = Object.freeze([EmporiumPlugin, EmporiumSubscriptionsPlugin, CartwheelPlugin, CartwheelProPlugin]);
