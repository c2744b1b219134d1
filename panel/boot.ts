/**
 * Booting the panel: the kernel with the plugins it is given, first start (both in start.ts), and
 * the HTTP app. `panel serve`, the CLI and the tests all boot through here, so they run the same
 * panel. Which plugins ship is not the host's business: the composition root (main.ts) hands them in.
 */
import type { Express } from 'express';
import { createApp } from './http/app.ts';
import { createAuth, type AuthOptions } from './auth/index.ts';
import type { Kernel } from './kernel.ts';

export { bootPanel, firstStart, type Distribution, type FirstStartReport } from './start.ts';

export function buildApp(kernel: Kernel, log?: (line: string) => void, auth: AuthOptions = {}): Express {
  const { api, identify, limit } = createAuth(kernel, { defaultSitePlugins: kernel.defaultSitePlugins, ...auth });
  return createApp(kernel, { log, api, identify, limit });
}
