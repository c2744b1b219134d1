/**
 * The Seeder's admin page (`/sites/{site_id}/admin/seeder/`), as the host's admin contract
 * (panel/admin/contract.ts) describes a page: who may view it, its static web app in admin/assets/,
 * the payload it boots with, and whether other plugins' notices are hidden on it.
 */
import { fileURLToPath } from 'node:url';
import type { Actor } from '../panel/actor.ts';
import type { AdminPage } from '../panel/admin/contract.ts';
import type { Site } from '../panel/site.ts';
import { canUseSeeder } from '../controllers/access.ts';
import type { SeederAdminPayload } from './payload.ts';
import { seederHooks } from '../controllers/hooks.ts';

declare module '../hooks/catalogue.ts' {
  /** The Seeder's admin payload filter (declared in controllers/hooks.ts), typed where the payload is. */
  interface FilterCatalogue {
    seeder_admin_payload: { value: SeederAdminPayload; args: [] };
  }
}

export const SEEDER_ADMIN_SLUG = 'seeder';

/** The web app's files: `app.js` (an ES module and its siblings) and `app.css`. */
export const SEEDER_ADMIN_ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

export function seederAdminPage(site: Site): AdminPage {
  return {
    slug: SEEDER_ADMIN_SLUG,
    title: 'Seeder',
    // The one capability check of every Seeder surface: the menu entry, the page and the REST routes
    // it calls cannot disagree, so access cannot be widened for the admin alone.
    canView: (actor: Actor) => canUseSeeder(site, actor),
    assetsDir: SEEDER_ADMIN_ASSETS,
    script: 'app.js',
    style: 'app.css',
    async payload(actor: Actor): Promise<SeederAdminPayload> {
      return seederHooks(site).applyFilters('seeder_admin_payload', await (await import('./payload.ts')).buildAdminPayload(site, actor));
    },
    // Default true: the Seeder screen is a work surface, so other plugins' notices stay off it unless
    // a tap of `seeder_hide_foreign_admin_notices` returns false.
    hidesForeignNotices: () => seederHooks(site).applyFilters('seeder_hide_foreign_admin_notices', true) !== false,
  };
}
