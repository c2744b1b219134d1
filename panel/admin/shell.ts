/**
 * The admin shell's routes, mounted at `/sites/{site_id}/admin` (app.ts):
 *
 * - `/` the admin home: the menu of the pages this operator may view, every notice, Sign out;
 * - `/sign-in` the sign-in screen (`assets/sign-in.js` talks to `/api/v1/auth/...`);
 * - `/{slug}/` a plugin's page (`/{slug}` redirects there: its asset URLs are relative);
 * - `/{slug}/assets/...` the page's `assetsDir`, to operators who may view the page.
 *
 * Ordinary outcomes (not signed in, not allowed, unknown page, unknown site) are answered here in
 * HTML, never by the JSON error formatter; only unexpected errors reach it. Every answer carries a
 * Content-Security-Policy that allows scripts and styles from this origin only.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Knex } from 'knex';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Actor } from '../actor.ts';
import { isPanelError } from '../errors.ts';
import type { Site } from '../site.ts';
import '../http/types.ts';
import type { AdminPage } from './contract.ts';
import type { Html } from './html.ts';
import { ADMIN_PAGE_SLUG, PANEL_SCREENS, type PanelScreen, type RegisteredAdminPage } from './registry.ts';
import { PANEL_SCREEN_VIEWS } from './screens.ts';
import { adminHome, adminPageUrl, safeNext, signInUrl } from './urls.ts';
import { bare, forbiddenMain, homeMain, notFoundMain, pageParts, shell, signInPage } from './views.ts';

export const ADMIN_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const STATIC_OPTIONS = { index: false, redirect: false, dotfiles: 'ignore', fallthrough: true } as const;

/** The host's stylesheet and scripts (`panel/admin/assets/`), shared by every site; mounted at HOST_ASSETS_PATH. */
export const adminHostAssets: RequestHandler = express.static(fileURLToPath(new URL('./assets/', import.meta.url)), STATIC_OPTIONS);

/**
 * @simplewebauthn/browser's ES modules (its `esm/` folder), for the account and sign-in screens'
 * passkey ceremonies; mounted at `${HOST_ASSETS_PATH}/vendor/simplewebauthn`.
 */
export const simpleWebAuthnAssets: RequestHandler = express.static(
  path.dirname(fileURLToPath(import.meta.resolve('@simplewebauthn/browser'))),
  STATIC_OPTIONS,
);

/** X-Content-Type-Options is on every answer of the app already (http/app.ts). */
const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', ADMIN_CSP);
  res.setHeader('Referrer-Policy', 'same-origin');
  next();
};

function sendHtml(res: Response, status: number, body: Html): void {
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.type('html').send(body.value);
}

function redirect(res: Response, location: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(302, location);
}

const pathOf = (req: Request) => req.originalUrl.split('?')[0];

/** The pages this operator may view, in menu order (one `canView` call per page). */
async function menuFor(site: Site, actor: Actor): Promise<RegisteredAdminPage[]> {
  const pages = site.adminPages();
  const allowed = await Promise.all(pages.map(async (e) => Boolean(await e.page.canView(actor))));
  return pages.filter((_, i) => allowed[i]);
}

/** The site id of the request; the admin of a site the visitor may not see answers as if it existed, before sign-in. */
const siteIdOf = (req: Request) => req.siteId!;

async function sendNotFound(req: Request, res: Response): Promise<void> {
  const site = req.site;
  if (!req.actor || !site) {
    sendHtml(res, 404, bare('Page not found · Panel admin', notFoundMain(undefined)));
    return;
  }
  const menu = await menuFor(site, req.actor);
  sendHtml(
    res,
    404,
    shell({ site, actor: req.actor, menu, notices: [], title: 'Page not found', main: notFoundMain(adminHome(site.id)), mainId: 'admin-main' }),
  );
}

const home: RequestHandler = async (req, res) => {
  if (!pathOf(req).endsWith('/')) return redirect(res, adminHome(siteIdOf(req)));
  if (!req.actor || !req.site) return redirect(res, signInUrl(siteIdOf(req), req.originalUrl));
  const site = req.site;
  const menu = await menuFor(site, req.actor);
  sendHtml(
    res,
    200,
    shell({
      site,
      actor: req.actor,
      menu,
      current: 'home',
      notices: site.adminNotices(),
      title: 'Home',
      main: homeMain(site, req.actor, menu),
      mainId: 'admin-main',
    }),
  );
};

const signIn: RequestHandler = (req, res) => {
  const next = safeNext(req.query.next, siteIdOf(req));
  // Already signed in: the form would only replace the session; go where the operator was heading.
  if (req.actor) return redirect(res, next);
  sendHtml(res, 200, signInPage(next));
};

/** `/{slug}` to `/{slug}/`: the page's asset URLs are relative to the slash form. */
const slashless: RequestHandler = async (req, res) => {
  const slug = String(req.params.slug);
  if (!ADMIN_PAGE_SLUG.test(slug)) return sendNotFound(req, res);
  const query = req.originalUrl.slice(pathOf(req).length);
  redirect(res, `${adminPageUrl(siteIdOf(req), slug)}${query}`);
};

const pluginPage: RequestHandler = async (req, res) => {
  const { site, actor } = req;
  // Anonymous visitors learn nothing about which sites or pages exist: every address asks them to sign in.
  if (!actor || !site) return redirect(res, signInUrl(siteIdOf(req), req.originalUrl));
  const entry = site.adminPage(String(req.params.slug));
  if (!entry) return sendNotFound(req, res);
  const menu = await menuFor(site, actor);
  if (!menu.includes(entry)) {
    sendHtml(res, 403, shell({ site, actor, menu, notices: [], title: 'Not allowed', main: forbiddenMain(site, actor), mainId: 'admin-main' }));
    return;
  }
  const payload = await entry.page.payload(actor);
  const notices = entry.page.hidesForeignNotices?.() ? site.adminNotices().filter((n) => n.plugin === entry.plugin) : site.adminNotices();
  sendHtml(res, 200, shell({ site, actor, menu, current: entry.page.slug, notices, title: entry.page.title, mainId: 'admin-app', themeAuto: false, ...pageParts(entry, payload) }));
};

const staticHandlers = new WeakMap<AdminPage, RequestHandler>();

/** A page's assets, for operators who may view the page; everything else is the 404 page. */
const pageAssets: RequestHandler = async (req, res, next) => {
  const site = req.site;
  const entry = site?.adminPage(String(req.params.slug));
  if (!entry || !req.actor || !(await entry.page.canView(req.actor))) return next();
  let serve = staticHandlers.get(entry.page);
  if (!serve) {
    serve = express.static(entry.page.assetsDir, STATIC_OPTIONS);
    staticHandlers.set(entry.page, serve);
  }
  serve(req, res, next);
};

/** One of the panel's own screens (account, plugins, sites), for operators the screen admits. */
function panelScreen(screen: PanelScreen, panelDb: Knex): RequestHandler {
  return async (req, res) => {
    const { site, actor } = req;
    if (!actor || !site) return redirect(res, signInUrl(siteIdOf(req), req.originalUrl));
    const menu = await menuFor(site, actor);
    if (!screen.visible(actor)) {
      sendHtml(res, 403, shell({ site, actor, menu, notices: [], title: 'Not allowed', main: forbiddenMain(site, actor), mainId: 'admin-main' }));
      return;
    }
    const parts = await PANEL_SCREEN_VIEWS[screen.slug](site, actor, panelDb);
    sendHtml(res, 200, shell({ site, actor, menu, current: screen.slug, notices: site.adminNotices(), title: screen.title, mainId: 'admin-main', ...parts }));
  };
}

export function adminShell(panelDb: Knex): Router {
  // Strict routing: `/{slug}` and `/{slug}/` are different addresses here.
  const router = express.Router({ mergeParams: true, strict: true });
  router.use(securityHeaders);
  router.get('/', home);
  router.get(['/sign-in', '/sign-in/'], signIn);
  for (const screen of PANEL_SCREENS) router.get(`/${screen.slug}/`, panelScreen(screen, panelDb));
  router.get('/:slug', slashless);
  router.get('/:slug/', pluginPage);
  router.use('/:slug/assets', pageAssets);
  router.use((req, res) => sendNotFound(req, res));
  return router;
}

/** Mounted at `/sites/:siteId/admin` after the site routes: an unknown site id gets the HTML 404 page. */
export const adminUnknownSite: ErrorRequestHandler = (err, req, res, next) => {
  if (!isPanelError(err) || err.code !== 'sites.not_found' || res.headersSent) return next(err);
  securityHeaders(req, res, () => sendHtml(res, 404, bare('Page not found', notFoundMain(undefined))));
};
