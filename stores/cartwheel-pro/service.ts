import { defineService } from '../../panel/plugin.ts';
import type { CartwheelProStore } from './store.ts';

/** `site.services.get(CARTWHEEL_PRO)`; undefined while cartwheel-pro is inactive. */
export const CARTWHEEL_PRO = defineService<CartwheelProStore>('cartwheel-pro');
