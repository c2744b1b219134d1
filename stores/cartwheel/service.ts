import { defineService } from '../../panel/plugin.ts';
import type { CartwheelStore } from './store.ts';

/** Cartwheel's object layer on a site: `site.services.get(CARTWHEEL)`; undefined while cartwheel is inactive. */
export const CARTWHEEL = defineService<CartwheelStore>('cartwheel');
