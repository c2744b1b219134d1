/**
 * The Seeder's REST routes under `/sites/{site_id}/rest/seeder/v1/`: the endpoint table
 * (controllers/endpoints.ts) mounted by rest/mount.ts. Nothing here validates, resolves a platform
 * or checks a capability on its own; the two entries a surface serves (this document, and MCP over
 * HTTP, which the plugin hands in) are attached here.
 */
import type { Router } from 'express';
import type { Site } from '../panel/site.ts';
import { seederOpenApi } from './openapi.ts';
import { mountEndpoints } from './mount.ts';

export interface SeederRouteExtras {
  /** Mounts the MCP endpoint at `path` (the plugin hands in mcp/http.ts this way; rest/ imports no other surface). */
  mountMcp?: (router: Router, site: Site, path: string) => void;
}

export function mountSeederRoutes(router: Router, site: Site, extras: SeederRouteExtras = {}): void {
  mountEndpoints(router, site, {
    openapi: (r, s, path) => {
      r.get(path, (_req, res) => {
        res.json(seederOpenApi(s));
      });
    },
    mcp: (r, s, path) => extras.mountMcp?.(r, s, path),
  });
}
