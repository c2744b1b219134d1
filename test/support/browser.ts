/**
 * Real Chromium against a real panel server, for the admin screens' tests. `startAdminServer` boots a
 * kernel (the built-in plugins, the auth tables, any fixture plugin modules), creates a site, listens
 * on a free port of 127.0.0.1 and can create operators; `launchBrowser` starts Debian's Chromium
 * (`CHROMIUM_PATH` overrides where it is) through playwright-core; `signInContext` signs a browser
 * context in through the control panel API, so the context holds the `svc_session` cookie exactly as
 * after a sign-in in the page.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Server } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../panel/boot.ts';
import { AUTH_MIGRATIONS } from '../../panel/auth/index.ts';
import { BUILTIN_PLUGINS } from '../../main.ts';
import { createOperator } from '../../panel/operators.ts';
import type { Plugin } from '../../panel/plugin.ts';
import type { Role } from '../../panel/roles.ts';
import type { Site } from '../../panel/site.ts';
import { bootTestKernel, siteIds, type DatabaseTarget } from './databases.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface AdminServer {
  kernel: Awaited<ReturnType<typeof bootTestKernel>>;
  site: Site;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `<origin>/sites/<site>/admin/` */
  adminUrl: string;
  /** Creates an operator; the password is `a long test password`. */
  operator(role: Role, email?: string): Promise<{ id: number; email: string; password: string }>;
  dispose(): Promise<void>;
}

let n = 0;

export async function startAdminServer(
  target: DatabaseTarget,
  options: { plugins?: string[]; siteId?: string; pluginModules?: string[]; extraPlugins?: ReadonlyArray<Plugin | (new () => Plugin)> } = {},
): Promise<AdminServer> {
  const kernel = await bootTestKernel(target, {
    builtins: [...BUILTIN_PLUGINS, ...(options.extraPlugins ?? [])],
    panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS }],
    config: { plugins: options.pluginModules ?? [] },
  });
  const site = await kernel.createSite({ id: options.siteId ?? 'shop', plugins: options.plugins ?? ['emporium', 'seeder'] });
  const app = buildApp(kernel, () => {}, { requestLimits: { authenticated: { points: 1_000_000, durationSeconds: 60 }, anonymous: { points: 1_000_000, durationSeconds: 60 } } });
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const password = 'a long test password';
  return {
    kernel,
    site,
    origin,
    adminUrl: `${origin}/sites/${site.id}/admin/`,
    async operator(role, email = `${role}${++n}-${process.pid}@example.test`) {
      const op = await createOperator(kernel.panelDb, { email, password, role, sites: await siteIds(kernel) });
      return { id: op.id, email, password };
    },
    async dispose() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await kernel.dispose();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** Signs the context in with email and password through `POST /api/v1/auth/login` (no MFA). */
export async function signInContext(context: BrowserContext, origin: string, who: { email: string; password: string }): Promise<void> {
  const res = await context.request.post(`${origin}/api/v1/auth/login`, { data: { email: who.email, password: who.password } });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { mfa_pending?: boolean };
  if (body.mfa_pending) throw new Error('sign-in needs MFA; signInContext signs in operators without TOTP only');
}

/** Where screenshots go: `SCREENSHOT_DIR`, else `.tmp/screenshots` in the working tree (git-ignored). */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? path.resolve('.tmp', 'screenshots');

/** A full-page screenshot into SCREENSHOT_DIR as `<name>.png`; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe-core (injected from node_modules, so the page's CSP is not in the way: it goes in through
 * the DevTools protocol) on the page as it is now, WCAG 2 A and AA rules; returns the violations.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate<boolean>("'axe' in window"))) await page.evaluate(source);
  return page.evaluate<AxeViolation[]>(`(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  })()`);
}
