/**
 * Cross-site request forgery defence for everything not authenticated by a bearer token (the
 * cookie is sent by browsers on their own; a bearer token is not). Layers: SameSite=Lax on the
 * cookie, JSON-only bodies (415 from the shell, so form and text/plain posts fail), and this check
 * on every unsafe method: `Sec-Fetch-Site` must be `same-origin` or `none` (user-initiated); without
 * it, an `Origin` header must be the panel's own origin from configuration, never from Host.
 * A request with neither header is not from a browser and passes (as Go's CrossOriginProtection).
 * The check also covers sign-in, so a foreign site cannot sign a browser in to another account.
 */
import type { Request } from 'express';
import { PanelError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function crossSiteRejection(req: Request, allowedOrigins: ReadonlySet<string>): PanelError | undefined {
  if (SAFE_METHODS.has(req.method)) return undefined;
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined) {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return undefined;
    return new PanelError('csrf.rejected', 'Cross-site requests cannot change anything here.', { reason: 'sec-fetch-site', value: fetchSite });
  }
  const origin = req.get('origin');
  if (origin === undefined || allowedOrigins.has(origin)) return undefined;
  return new PanelError('csrf.rejected', 'Requests from another origin cannot change anything here.', { reason: 'origin', value: origin });
}
