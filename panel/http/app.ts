/**
 * The HTTP shell: request ids, JSON-only bodies, the control panel API at `/api/v1`, each site's
 * REST root at `/sites/{site_id}/rest` (a GET lists the namespaces registered on that site), each
 * site's admin screens at `/sites/{site_id}/admin/` (HTML, with the host's assets at `/admin-assets/`),
 * and the one error formatter for everything else, unknown routes included.
 */
import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Kernel } from '../kernel.ts';
import { PanelError } from '../errors.ts';
import { enterSite } from '../membership.ts';
import { hostHooks } from '../site.ts';
import { errorHandler, notFound, requireJsonBody, verifyUtf8Body } from './errors.ts';
import { requestId } from './request-id.ts';
import { serveUploads, UPLOADS_FOLDER } from '../uploads.ts';
import { adminHostAssets, adminShell, adminUnknownSite, simpleWebAuthnAssets } from '../admin/shell.ts';
import { adminHome, HOST_ASSETS_PATH } from '../admin/urls.ts';
import { frontDoor, wantsHtml } from '../admin/front-door.ts';
import './types.ts';

/** RFC 6750: a 401 for a resource that takes bearer tokens names the scheme. */
const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="panel"' };

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

export interface AppOptions {
  /** The control panel API router, mounted at `/api/v1`. */
  api?: Router;
  /** Resolves `req.actor` from a session cookie or bearer token (and enforces CSRF for cookies). Runs before site routes. */
  identify: RequestHandler;
  /** Runs on every request after identification (rate limits and their headers). */
  limit?: RequestHandler;
  /** Where 5xx errors are logged. */
  log?: (line: string) => void;
}

export function createApp(kernel: Kernel, options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.set('query parser', 'extended');
  app.use(requestId);
  // Every answer is to be read as the type it declares, JSON and errors included: a browser must never
  // sniff a JSON body that echoes request input into HTML or script.
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  // Identification and rate limits need no body, and run first so that even a refused body (415, bad
  // JSON) is counted and answered with the rate-limit headers.
  app.use(options.identify);
  if (options.limit) app.use(options.limit);
  app.use(requireJsonBody);
  app.use(express.json({ limit: '1mb', type: ['application/json', 'application/*+json'], verify: verifyUtf8Body }));

  if (options.api) app.use('/api/v1', options.api);
  app.use(`${HOST_ASSETS_PATH}/vendor/simplewebauthn`, simpleWebAuthnAssets);
  app.use(HOST_ASSETS_PATH, adminHostAssets);
  // The front door: a browser at `/` goes to its site's admin (or the site picker, or the sign-in).
  const door = frontDoor(kernel.panelDb);
  app.get('/', door.root);
  app.use('/admin', door.admin);

  const siteRoutes = express.Router({ mergeParams: true });
  siteRoutes.get(['/rest', '/rest/'], async (req, res) => {
    const site = req.site!;
    const namespaces = hostHooks(site).applyFilters('rest_index', site.namespaces);
    res.json({ site: { id: site.id, name: site.name }, namespaces, routes_base: `/sites/${site.id}/rest` });
  });
  // Dispatch through the site's current REST root, so activating or deactivating a plugin changes routes at once.
  siteRoutes.use('/rest', (req, res, next) => req.site!.restRoot(req, res, next));
  siteRoutes.use('/admin', adminShell(kernel.panelDb));
  siteRoutes.use(`/${UPLOADS_FOLDER}`, serveUploads());

  app.use(
    '/sites/:siteId',
    async (req, res, next) => {
      const siteId = String((req.params as Record<string, string>).siteId);
      // A browser at the site's address goes to its admin (which asks for sign-in or membership itself).
      if (req.path === '/' && wantsHtml(req)) {
        res.setHeader('Cache-Control', 'no-store');
        return res.redirect(302, adminHome(encodeURIComponent(siteId)));
      }
      req.siteId = siteId;
      if (req.actor) {
        // A site the caller is no member of answers exactly as one that does not exist (sites.not_found).
        req.actor = await enterSite(kernel.panelDb, req.actor, siteId);
        // The site as the database says it is now (another process may have changed it), in one read.
        const site = await kernel.site(siteId);
        req.siteCounters = await site.look();
        req.site = site;
      } else if (!isAdminPath(req.path)) {
        // Anonymous callers get the same 401 for every site id, existing or not: nothing is discovered.
        throw new PanelError('auth.unauthenticated', "Sign in or send an API token to use a site's REST API.", undefined, BEARER_CHALLENGE);
      }
      next();
    },
    siteRoutes,
  );
  // The admin answers in HTML even for a site that does not exist; other errors go on to the formatter.
  app.use('/sites/:siteId/admin', adminUnknownSite);

  app.use(notFound);
  app.use(errorHandler(options.log));
  return app;
}
