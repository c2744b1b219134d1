/**
 * Real Chromium against a real panel server, for the admin screens' tests. `startAdminServer` boots a
 * kernel (the built-in plugins, the auth tables, any fixture plugin modules), creates a site, listens
 * on a free port of 127.0.0.1 and can create operators; `launchBrowser` starts Debian's Chromium
 * (`CHROMIUM_PATH` overrides where it is) through playwright-core; `signInContext` signs a browser
 * context in through the control panel API, so the context holds the `svc_session` cookie exactly as
 * after a sign-in in the page.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
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
  options: {
    plugins?: string[];
    siteId?: string;
    pluginModules?: string[];
    extraPlugins?: ReadonlyArray<Plugin | (new () => Plugin)>;
    /**
     * Serve at `http://localhost:<port>`, the panel's base URL: WebAuthn needs a domain as the relying
     * party id (an IP address is refused), so passkey tests use this.
     */
    localhost?: boolean;
  } = {},
): Promise<AdminServer> {
  const port = options.localhost ? await freePort() : 0;
  const kernel = await bootTestKernel(target, {
    builtins: [...BUILTIN_PLUGINS, ...(options.extraPlugins ?? [])],
    panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS }],
    config: { plugins: options.pluginModules ?? [], ...(options.localhost ? { baseUrl: `http://localhost:${port}` } : {}) },
  });
  const site = await kernel.createSite({ id: options.siteId ?? 'shop', plugins: options.plugins ?? ['emporium', 'seeder'] });
  const app = buildApp(kernel, () => {}, { requestLimits: { authenticated: { points: 1_000_000, durationSeconds: 60 }, anonymous: { points: 1_000_000, durationSeconds: 60 } } });
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(port, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const origin = `http://${options.localhost ? 'localhost' : '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
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

/** A port free on 127.0.0.1 now (the OS picks it; it is released at once for the caller to bind). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.listen(0, '127.0.0.1', () => resolve()).once('error', reject));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
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

/** A tab of its own (`watchedTab`): its page, its context and the script errors seen so far. */
export interface WatchedTab {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

/**
 * A fresh context and page at 1366 pixels, signed in as `who` when given, that records script errors
 * (CSP violations included). Chromium logs every failed load as a console error: `handled` lists the
 * statuses the screen under test handles and says itself (403 asking for step-up, for example), which
 * are not errors. The context goes into `contexts`, for the suite to close.
 */
export async function watchedTab(
  browser: Browser,
  origin: string,
  contexts: BrowserContext[],
  who: { email: string; password: string } | undefined,
  handled: readonly number[],
): Promise<WatchedTab> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  if (who) await signInContext(context, origin, who);
  const page = await context.newPage();
  const errors: string[] = [];
  const refusal = new RegExp(`status of (${handled.join('|')})`);
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !(handled.length && refusal.test(m.text()))) errors.push(m.text());
  });
  return { page, context, errors };
}
