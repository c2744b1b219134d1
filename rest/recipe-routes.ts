/**
 * REST routes of recipes (list, status, run, sync) and sample data under `.../seeder/v1/`. Each turns
 * its HTTP input into a plain object and calls the shared controller (controllers/recipes.ts); none
 * checks anything itself.
 * Downloads are POSTs: a GET that fetched a file could be fired by a browser prefetcher (Rule 1).
 */
import type { Request, Router } from 'express';
import type { Site } from '../panel/site.ts';
import type { SeederRequest } from '../controllers/request.ts';
import { consentStatus, listRecipes, recipesStatus, runRecipeFromBody, sampleDataStatus, setConsent, syncRecipes, syncSampleDataFor } from '../controllers/recipes.ts';

function as(site: Site, req: Request): SeederRequest {
  return { site, actor: req.actor };
}

/** The JSON body merged over the query string (`force` may travel in either). */
function queryAndBody(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...(req.query as Record<string, unknown>), ...body };
}

export function mountRecipeRoutes(router: Router, site: Site): void {
  router.get('/recipes', async (req, res) => {
    res.json(await listRecipes(as(site, req), req.query));
  });
  router.get('/recipes/status', async (req, res) => {
    res.json(await recipesStatus(as(site, req)));
  });
  router.post('/recipes/run', async (req, res) => {
    res.status(201).json(await runRecipeFromBody(as(site, req), req.body ?? {}));
  });
  router.post('/recipes/sync', async (req, res) => {
    res.json(await syncRecipes(as(site, req), queryAndBody(req)));
  });
  router.get('/sample-data', async (req, res) => {
    res.json(await sampleDataStatus(as(site, req)));
  });
  router.post('/sample-data/sync', async (req, res) => {
    res.json(await syncSampleDataFor(as(site, req), req.body ?? {}));
  });
  router.get('/sample-data/consent', async (req, res) => {
    res.json(await consentStatus(as(site, req)));
  });
  router.post('/sample-data/consent', async (req, res) => {
    res.json(await setConsent(as(site, req), req.body ?? {}));
  });
}
