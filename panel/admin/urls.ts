/**
 * The admin's addresses, in one place, and the rule for where sign-in may send an operator next.
 * Every address is a root-relative path; the host's own assets are shared by all sites.
 */

/** Where the host's stylesheet and scripts are served (`panel/admin/assets/`). */
export const HOST_ASSETS_PATH = '/admin-assets';

/** The panel-level admin: the site picker (front-door.ts). */
export const PANEL_ADMIN = '/admin/';

/** The panel-level sign-in, for the front door (the same screen as a site's). */
export const PANEL_SIGN_IN = '/admin/sign-in';

export function adminHome(siteId: string): string {
  return `/sites/${siteId}/admin/`;
}

export function adminPageUrl(siteId: string, slug: string): string {
  return `${adminHome(siteId)}${slug}/`;
}

export function signInUrl(siteId: string, next?: string): string {
  const url = `${adminHome(siteId)}sign-in`;
  return next === undefined ? url : `${url}?next=${encodeURIComponent(next)}`;
}

// Any absolute base works: it only lets URL parsing resolve dot segments and reveal foreign origins.
const PROBE_ORIGIN = 'http://panel.invalid';

/**
 * Where to go after signing in: `next` when it is a path on this site's admin (after resolving `..`
 * and percent-encoded dots, as the browser will), else the admin home. So a crafted link can never
 * send an operator to another site (`https://evil.example/`, `//evil.example/`, `/\evil.example`) or
 * to another part of the panel.
 */
export function safeNext(next: unknown, siteId: string): string {
  const home = adminHome(siteId);
  if (typeof next !== 'string' || !next.startsWith(home) || /[\\\u0000-\u001f\u007f]/.test(next)) return home;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return home;
  }
  if (url.origin !== PROBE_ORIGIN || !url.pathname.startsWith(home) || url.pathname === `${home}sign-in`) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A site's admin address: `/sites/{id}/admin/...`. */
const SITE_ADMIN_PATH = /^\/sites\/[a-z0-9-]{1,64}\/admin\//;

/**
 * Where the panel-level sign-in may go next: the site picker, or any site's admin (the server checks
 * membership when it is opened); anything else, as for safeNext, is the picker.
 */
export function safePanelNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(next)) return PANEL_ADMIN;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return PANEL_ADMIN;
  }
  if (url.origin !== PROBE_ORIGIN) return PANEL_ADMIN;
  const ok = url.pathname === PANEL_ADMIN || (SITE_ADMIN_PATH.test(url.pathname) && !/\/admin\/sign-in\/?$/.test(url.pathname));
  return ok ? `${url.pathname}${url.search}${url.hash}` : PANEL_ADMIN;
}
