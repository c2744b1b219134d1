/**
 * Mounts the Seeder's endpoint table (controllers/endpoints.ts) on its router, every route the same
 * way: the access rule (and step-up), then the path's resource, then the query and body checked
 * against the entry's schemas (controllers/input.ts: unknown names are 422 with `did_you_mean`),
 * then the controller call. A known path called with another method is 405 with `Allow`.
 */
import type { Request, RequestHandler, Router } from 'express';
import { PanelError } from '../panel/errors.ts';
import { normaliseResourceName, resourceByName, type ResourceName } from '../generators/resources.ts';
import type { Site } from '../panel/site.ts';
import { assertAccess } from '../controllers/access.ts';
import { acceptsIdempotencyKey, ENDPOINTS, type Endpoint } from '../controllers/endpoints.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, runIdempotent } from '../controllers/idempotency.ts';
import { checkInput } from '../controllers/input.ts';

/** The handlers of the entries a surface serves itself (`served`), by that name. */
export type ServedBy = Record<NonNullable<Endpoint['served']>, (router: Router, site: Site, path: string) => void>;

/** REST takes exactly the documented `{base}`; another spelling of a known resource gets a hint. */
function restResource(base: string): ResourceName {
  const name = normaliseResourceName(base);
  const def = name ? resourceByName(name) : undefined;
  if (!def || def.base !== base) {
    throw new PanelError('resource.unknown', `There is no generated resource "${base}"${def ? `; did you mean "${def.base}"?` : '.'}`, {
      field: 'resource',
      ...(def ? { did_you_mean: def.base } : {}),
    });
  }
  return name!;
}

/** The JSON body when it is an object, else what was sent (the checks refuse it), or nothing. */
function bodyOf(req: Request): unknown {
  return req.body === undefined || req.body === null ? {} : req.body;
}

/** The entry's parameters from the request, checked. */
function paramsOf(e: Endpoint, req: Request): Record<string, unknown> {
  const query = req.query as Record<string, unknown>;
  if (e.queryOrBody && e.query) {
    const body = bodyOf(req);
    if (typeof body !== 'object' || Array.isArray(body)) checkInput(e.query, body);
    return checkInput(e.query, { ...query, ...(body as Record<string, unknown>) }, { text: true });
  }
  // A route that declares no query takes none: an unknown query parameter is refused, not ignored.
  const fromQuery = checkInput(e.query ?? { $id: 'seeder:input/none', type: 'object', properties: {}, additionalProperties: false }, query, { text: true });
  if (e.body === undefined || e.method === 'get') return fromQuery;
  // The resource parameters are checked by the pipeline, after the seeder_rest_params filters.
  if (e.body === 'resource-parameters') return bodyOf(req) as Record<string, unknown>;
  return { ...fromQuery, ...checkInput(e.body, bodyOf(req)) };
}

/** What identifies a write for its Idempotency-Key: the operation, its path and what was sent. */
function fingerprint(e: Endpoint, req: Request): unknown {
  return { method: e.method, operation: e.operationId, path: req.params, query: req.query, body: req.body ?? null };
}

function handlerOf(site: Site, e: Endpoint): RequestHandler {
  const status = Number(Object.keys(e.answers)[0]);
  const idempotent = acceptsIdempotencyKey(e);
  return async (req, res) => {
    // Access first, on every request: a stored answer is never replayed to a caller who lost access.
    await assertAccess(site, req.actor, e.access);
    const sr = { site, actor: req.actor, counters: req.siteCounters };
    const run = async () => {
      const resource = e.perResource ? restResource(req.params.base as string) : undefined;
      const params = paramsOf(e, req);
      return { status, body: await e.handler!(sr, { resource, params }) };
    };
    const key = idempotent ? req.get(IDEMPOTENCY_HEADER) : undefined;
    const answer = await runIdempotent(sr, key, fingerprint(e, req), run);
    if (answer.replayed) res.setHeader(REPLAYED_HEADER, 'true');
    res.status(answer.status).json(answer.body);
  };
}

/** `/{base}/preview` as express spells it. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function mountEndpoints(router: Router, site: Site, served: ServedBy): void {
  const methods = new Map<string, Set<string>>();
  for (const e of ENDPOINTS) {
    const path = expressPath(e.path);
    if (e.served) served[e.served](router, site, path);
    else router[e.method](path, handlerOf(site, e));
    methods.set(path, (methods.get(path) ?? new Set()).add(e.method.toUpperCase()));
  }
  for (const [path, allowed] of methods) {
    const allow = [...allowed].sort();
    router.all(path, (req) => {
      throw new PanelError('route.method_not_allowed', `${req.method} is not allowed here; use ${allow.join(' or ')}.`, { allow }, { Allow: allow.join(', ') });
    });
  }
}
