import { defineService } from '../../panel/plugin.ts';
import type { EmporiumSubscriptionsStore } from './store.ts';

/** `site.services.get(EMPORIUM_SUBSCRIPTIONS)`; undefined while the extension is inactive. */
export const EMPORIUM_SUBSCRIPTIONS = defineService<EmporiumSubscriptionsStore>('emporium-subscriptions');
