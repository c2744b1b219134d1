/**
 * The host's admin screens, as plugins see them. Each site has an admin under
 * `/sites/{site_id}/admin/`: a menu of the pages the signed-in operator may view, the notices plugins
 * raise, and each plugin page at `/sites/{site_id}/admin/{slug}/`. A page is a small web app: static
 * files (its script and stylesheet) plus a JSON payload the host embeds in the page, which the script
 * reads to boot and then talks to the site's REST API with the session cookie.
 *
 * Plugins register pages and notices through their context (`registerAdminPage`, `addAdminNotice`);
 * both disappear when the plugin is deactivated, like its routes and taps.
 */
import type { Actor } from '../actor.ts';

export interface AdminPage {
  /** The URL segment under `/sites/{site_id}/admin/`: lowercase letters, digits and dashes. */
  readonly slug: string;
  /** The menu entry and page title. */
  readonly title: string;
  /** Whether this operator may see the page and its menu entry (the same check as the page's REST routes). */
  canView(actor: Actor): boolean | Promise<boolean>;
  /** Absolute path of the directory served at `/sites/{site_id}/admin/{slug}/assets/`. */
  readonly assetsDir: string;
  /** The page's ES module inside `assetsDir` (default `app.js`). */
  readonly script?: string;
  /** Its stylesheet inside `assetsDir`, if any. */
  readonly style?: string;
  /**
   * The JSON the page boots with, built on every page load for the signed-in operator; the host embeds
   * it as `<script type="application/json" id="admin-payload">`.
   */
  payload(actor: Actor): unknown | Promise<unknown>;
  /** Whether notices raised by other plugins are hidden on this page (asked on every page load). */
  hidesForeignNotices?(): boolean;
}

export type AdminNoticeLevel = 'info' | 'success' | 'warning' | 'error';

export interface AdminNotice {
  readonly level: AdminNoticeLevel;
  /** Plain text (the host escapes it). */
  readonly message: string;
}

/** A notice as the host keeps it: with the plugin that raised it. */
export interface OwnedAdminNotice extends AdminNotice {
  readonly plugin: string;
}
