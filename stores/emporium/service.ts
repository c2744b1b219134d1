import { defineService } from '../../panel/plugin.ts';
import type { EmporiumStore } from './store.ts';

/** Emporium's object layer on a site: `site.services.get(EMPORIUM)`; undefined while emporium is inactive. */
export const EMPORIUM = defineService<EmporiumStore>('emporium');
