/**
 * The Seeder's REST routes under `/sites/{site_id}/rest/seeder/v1/`. Each route turns its HTTP input
 * into a plain parameter object and calls the shared controller; nothing here validates, resolves a
 * platform or checks a capability on its own (the controllers do, for every surface alike).
 */
import type { Request, Router } from 'express';
import { keysetPage } from '../panel/api/pagination.ts';
import { PanelError } from '../panel/errors.ts';
import { normaliseResourceName, resourceByName } from '../generators/resources.ts';
import type { Site } from '../panel/site.ts';
import { assertCanChangeSettings, assertCanUseSeeder } from '../controllers/access.ts';
import { cleanup, ledgerSummary, parseLedgerFilter } from '../controllers/cleanup.ts';
import { generate, preview } from '../controllers/generate.ts';
import { lookup, platforms, setPlatformTarget } from '../controllers/platforms.ts';
import type { SeederRequest } from '../controllers/request.ts';
import { applyFilter, LEDGER_TABLE, toLedgerRow } from '../controllers/ledger.ts';
import { seederOpenApi } from './openapi.ts';
import { mountRecipeRoutes } from './recipe-routes.ts';
import { refuseUnknown } from '../controllers/unknown-params.ts';
import { accessSettings, mcpSettings, updateAccess, updateMcpSettings } from '../controllers/settings.ts';

export interface SeederRouteExtras {
  /** Extra routes mounted by other Seeder modules (the plugin mounts MCP over HTTP this way). */
  mount?: (router: Router, site: Site) => void;
}

/** REST takes exactly the documented `{base}`; another spelling of a known resource gets a hint. */
function restResource(base: string): string {
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

function as(site: Site, req: Request): SeederRequest {
  return { site, actor: req.actor };
}

/** Parameters from the query string and a JSON body alike (the body wins), for DELETE /generated. */
function queryAndBody(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...(req.query as Record<string, unknown>), ...body };
}

/** The query parameters of `GET generated`. */
const LEDGER_QUERY = ['view', 'resource', 'platform', 'run_id', 'limit', 'cursor'];

function parseLimit(value: unknown): number {
  if (value === undefined) return 20;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 100) {
    throw new PanelError('validation.invalid', 'Invalid parameter(s): limit', { field: 'limit', params: { limit: 'must be an integer from 1 to 100' } });
  }
  return n;
}

export function mountSeederRoutes(router: Router, site: Site, extras: SeederRouteExtras = {}): void {
  router.get('/openapi.json', (_req, res) => {
    res.json(seederOpenApi(site));
  });

  router.post('/:base/preview', async (req, res) => {
    res.status(200).json(await preview(as(site, req), restResource(req.params.base), req.body ?? {}));
  });

  router.post('/:base/generate', async (req, res) => {
    res.status(201).json(await generate(as(site, req), restResource(req.params.base), req.body ?? {}));
  });

  router.get('/platforms', async (req, res) => {
    res.json(await platforms(as(site, req)));
  });

  router.post('/platforms/target', async (req, res) => {
    res.json(await setPlatformTarget(as(site, req), req.body));
  });

  router.get('/lookup', async (req, res) => {
    res.json(await lookup(as(site, req), req.query as Record<string, unknown>));
  });

  router.get('/generated', async (req, res) => {
    const q = req.query as Record<string, unknown>;
    await assertCanUseSeeder(site, req.actor);
    // Every view checks every parameter: a bad limit is 422 in the summary view too, not ignored.
    refuseUnknown(q, LEDGER_QUERY);
    if (q.view !== undefined && q.view !== 'summary' && q.view !== 'rows') {
      throw new PanelError('validation.invalid', 'Invalid parameter(s): view', { field: 'view', params: { view: 'must be summary or rows' } });
    }
    const limit = parseLimit(q.limit);
    if (q.view !== 'rows') {
      res.json(await ledgerSummary(as(site, req), { resource: q.resource, platform: q.platform, run_id: q.run_id }));
      return;
    }
    const filter = await parseLedgerFilter(site, q);
    const cursor = typeof q.cursor === 'string' ? q.cursor : undefined;
    const query = applyFilter(site.db(LEDGER_TABLE), filter).select('*');
    res.json(await keysetPage(`seeder_ledger:${site.id}`, query, { limit, cursor }, toLedgerRow));
  });

  router.delete('/generated', async (req, res) => {
    res.json(await cleanup(as(site, req), queryAndBody(req)));
  });

  router.get('/access', async (req, res) => {
    await assertCanUseSeeder(site, req.actor);
    res.json(await accessSettings(site));
  });

  router.post('/access', async (req, res) => {
    assertCanChangeSettings(req.actor, 'Changing Seeder access');
    res.json(await updateAccess(site, req.body));
  });

  router.get('/mcp-settings', async (req, res) => {
    await assertCanUseSeeder(site, req.actor);
    res.json(await mcpSettings(site));
  });

  router.post('/mcp-settings', async (req, res) => {
    // Reading them is for every Seeder user; switching tools on or off is the administrator's (issue 13 point 7).
    assertCanChangeSettings(req.actor, 'Changing the MCP settings');
    res.json(await updateMcpSettings(site, req.body));
  });

  // Recipes (list, status, sync) and sample data (status, sync, consent).
  mountRecipeRoutes(router, site);

  extras.mount?.(router, site);
  answerWrongMethods(router);
}

/**
 * A known path called with a method it does not take is 405 with `Allow`, as the control panel API
 * answers, not 404: the methods are read from the routes mounted above, so no list is kept by hand.
 */
function answerWrongMethods(router: Router): void {
  const methods = new Map<string, Set<string>>();
  for (const layer of router.stack as Array<{ route?: { path: string | string[]; methods: Record<string, boolean> } }>) {
    if (!layer.route) continue;
    for (const path of [layer.route.path].flat()) {
      const set = methods.get(path) ?? new Set<string>();
      for (const [m, on] of Object.entries(layer.route.methods)) if (on && m !== '_all') set.add(m.toUpperCase());
      methods.set(path, set);
    }
  }
  for (const [path, allowed] of methods) {
    if (allowed.size === 0) continue;
    const allow = [...allowed].sort();
    router.all(path, (req) => {
      throw new PanelError('route.method_not_allowed', `${req.method} is not allowed here; use ${allow.join(' or ')}.`, { allow }, { Allow: allow.join(', ') });
    });
  }
}
