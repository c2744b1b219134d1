/**
 * The panel's front door, for browsers: `GET /` and `GET /sites/{id}/` lead a person to an admin
 * screen instead of a JSON 404. A request that does not ask for HTML (an API client, curl with its
 * `*\/*`) goes on to the JSON answers as before.
 *
 * - `/`: signed out, the panel-level sign-in (`/admin/sign-in?next=/admin/`); signed in with one
 *   site, that site's admin home; with several (or none), the site picker at `/admin/`.
 * - `/admin/`: the site picker (the sites the operator may use, keyset-paged, each linking to its admin).
 * - `/admin/sign-in`: the same sign-in screen as a site's, going on to the picker or a site's admin.
 * - `/sites/{id}/` is answered in app.ts: it redirects to `/sites/{id}/admin/`.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Knex } from 'knex';
import { visibleSites } from '../membership.ts';
import { keysetPage } from '../api/pagination.ts';
import { isPanelError } from '../errors.ts';
import { ADMIN_CSP } from './shell.ts';
import { html, type Html } from './html.ts';
import { adminHome, HOST_ASSETS_PATH, PANEL_ADMIN, PANEL_SIGN_IN, safePanelNext } from './urls.ts';
import { bare, documentOf, signInPage } from './views.ts';

/** True when the request asks for a page: a browser's navigation sends `Accept: text/html,...`. */
export function wantsHtml(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && /(^|,)\s*text\/html\b/i.test(req.get('accept') ?? '');
}

function send(res: Response, status: number, body: Html): void {
  res.setHeader('Content-Security-Policy', ADMIN_CSP);
  res.setHeader('Referrer-Policy', 'same-origin');
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.type('html').send(body.value);
}

function redirect(res: Response, location: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(302, location);
}

const PICKER_PAGE = 20;

function pickerMain(sites: Array<{ id: string; name: string }>, next: string | null, email: string): Html {
  return html`<main id="admin-main" class="admin-main site-picker" tabindex="-1">
<h1>Choose a site</h1>
<p>Signed in as <strong>${email}</strong>.</p>
${
  sites.length === 0
    ? html`<p>You are not a member of any site yet. Ask the panel owner to add you to one.</p>`
    : html`<ul class="site-picker-list">
${sites.map((s) => html`<li><a href="${adminHome(s.id)}">${s.name}</a> <span class="hint">(${s.id})</span></li>
`)}</ul>`
}
${next && html`<p><a href="${PANEL_ADMIN}?cursor=${encodeURIComponent(next)}">More sites</a></p>`}
<form class="sign-out" method="post" action="/api/v1/auth/logout" data-signed-out="${PANEL_SIGN_IN}">
<button type="submit" class="button-secondary">Sign out</button>
</form>
</main>`;
}

export function frontDoor(panelDb: Knex): { root: RequestHandler; admin: Router } {
  const root: RequestHandler = async (req, res, next) => {
    if (!wantsHtml(req)) return next();
    if (!req.actor) return redirect(res, `${PANEL_SIGN_IN}?next=${encodeURIComponent(PANEL_ADMIN)}`);
    const two = (await visibleSites(panelDb, req.actor).orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(2)) as Array<{ id: string }>;
    redirect(res, two.length === 1 ? adminHome(two[0].id) : PANEL_ADMIN);
  };

  const admin = express.Router({ strict: true });
  admin.get('/', async (req, res) => {
    if (!req.actor) return redirect(res, `${PANEL_SIGN_IN}?next=${encodeURIComponent(PANEL_ADMIN)}`);
    const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : undefined;
    let page;
    try {
      page = await keysetPage('sites', visibleSites(panelDb, req.actor), { limit: PICKER_PAGE, cursor }, (r) => ({ id: String(r.id), name: String(r.name) }));
    } catch (e) {
      if (!isPanelError(e)) throw e;
      return redirect(res, PANEL_ADMIN); // a stale or foreign cursor: start from the first page
    }
    // One site and nothing to choose: go straight to it.
    if (!cursor && page.data.length === 1 && !page.has_more) return redirect(res, adminHome(page.data[0].id));
    send(
      res,
      200,
      documentOf({
        title: 'Choose a site · Panel admin',
        bodyClass: 'admin admin-bare theme-auto',
        head: html`<script type="module" src="${HOST_ASSETS_PATH}/sign-out.js"></script>`,
        body: pickerMain(page.data, page.has_more ? page.next_cursor : null, req.actor.email),
      }),
    );
  });
  admin.get(['/sign-in', '/sign-in/'], (req, res) => {
    const next = safePanelNext(req.query.next);
    if (req.actor) return redirect(res, next);
    send(res, 200, signInPage(next));
  });
  admin.use((_req, res) => send(res, 404, bare('Page not found · Panel admin', html`<main id="admin-main" class="admin-main" tabindex="-1">
<h1>Page not found</h1>
<p>There is no admin page at this address.</p>
<p><a href="${PANEL_ADMIN}">Choose a site</a></p>
</main>`)));
  return { root, admin };
}
