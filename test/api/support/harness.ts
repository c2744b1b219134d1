/**
 * A panel for API tests: a kernel on a fresh database (SQLite, or MariaDB when TEST_MYSQL_URL is
 * set) with the auth tables, the real HTTP app from boot.ts, and helpers to add operators, sign in,
 * enroll TOTP and move the clock. Time is faked with sinon (Date only, so database drivers and
 * supertest keep their real timers); the auth module and the rate limiter both read Date.now().
 */
import sinon from 'sinon';
import express, { type Express } from 'express';
import { buildApp } from '../../../panel/boot.ts';
import { AUTH_MIGRATIONS, type AuthOptions } from '../../../panel/auth/index.ts';
import { LIMITS_TABLE } from '../../../panel/auth/limit-table.ts';
import { timeStep, totpCode } from '../../../panel/auth/totp.ts';
import { createOperator } from '../../../panel/operators.ts';
import type { Kernel } from '../../../panel/kernel.ts';
import type { PanelConfig } from '../../../panel/config.ts';
import type { Role } from '../../../panel/roles.ts';
import { bootTestKernel, siteIds, type DatabaseTarget } from '../../support/databases.ts';
import { Browser } from './client.ts';

export const T0 = Date.UTC(2031, 2, 1, 10, 0, 0);

/** Generous limits, so suites that are not about rate limits never meet them. */
export const RELAXED_LIMITS: AuthOptions['requestLimits'] = {
  authenticated: { points: 100_000, durationSeconds: 60 },
  anonymous: { points: 100_000, durationSeconds: 60 },
};

export interface TestPanel {
  kernel: Kernel & { dispose(): Promise<void> };
  app: Express;
  /** Builds another app on the same kernel (other auth options: limits, hasher). */
  appWith(options: AuthOptions): Express;
  errors: string[];
  dispose(): Promise<void>;
}

export async function startPanel(target: DatabaseTarget, options: { auth?: AuthOptions; config?: Partial<PanelConfig> } = {}): Promise<TestPanel> {
  const kernel = await bootTestKernel(target, {
    config: options.config,
    panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS }],
  });
  const errors: string[] = [];
  const log = (line: string) => errors.push(line);
  // The counters are in the database, shared by every app on it, as by every process. Each app a test
  // builds (other limits, a "restarted" panel) starts from fresh counters: they are cleared before its
  // first request is served. (A table not made yet, before the auth migrations, holds nothing to clear.)
  const appWith = (auth: AuthOptions) => {
    const app = buildApp(kernel, log, { requestLimits: RELAXED_LIMITS, ...auth });
    const cleared = kernel.panelDb.schema.hasTable(LIMITS_TABLE).then((has) => (has ? kernel.panelDb(LIMITS_TABLE).delete() : 0));
    cleared.catch(() => undefined); // an app never used must not leave an unhandled rejection
    return express().use(async (_req, _res, next) => {
      await cleared;
      next();
    }, app);
  };
  return {
    kernel,
    app: appWith(options.auth ?? {}),
    appWith,
    errors,
    dispose: () => kernel.dispose(),
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'op'): string {
  counter += 1;
  return `${prefix}${counter}-${process.pid}@example.test`;
}

export const PASSWORD = 'correct horse battery staple';

export interface TestOperator {
  id: number;
  email: string;
  password: string;
  role: Role;
}

export async function addOperator(kernel: Kernel, input: { email?: string; password?: string; role?: Role; owner?: boolean } = {}): Promise<TestOperator> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? PASSWORD;
  const role = input.role ?? 'administrator';
  // A member of every site there is now, with `role` (or the panel owner, an administrator of every site).
  const op = await createOperator(kernel.panelDb, { email, password, role, owner: input.owner, sites: input.owner ? [] : await siteIds(kernel) });
  return { id: op.id, email: op.email, password, role };
}

/** A browser signed in (password only) as a new operator. */
export async function signedIn(app: Express, kernel: Kernel, input: { role?: Role; owner?: boolean } = {}): Promise<{ browser: Browser; operator: TestOperator }> {
  const operator = await addOperator(kernel, input);
  const browser = new Browser(app);
  const res = await browser.login(operator.email, operator.password);
  if (res.status !== 200 || !browser.cookie) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return { browser, operator };
}

/** The current TOTP code (or the code `stepsAgo` steps back) for a base32 secret, by the faked clock. */
export function codeFor(secret: string, stepsAgo = 0): string {
  return totpCode(secret, timeStep(Date.now()) - stepsAgo);
}

/** Enrolls TOTP for the browser's operator; returns the secret and recovery codes. Moves to the next time step so the confirming code's step is not reused by accident. */
export async function enrollTotp(browser: Browser, clock: sinon.SinonFakeTimers): Promise<{ secret: string; recoveryCodes: string[] }> {
  const begin = await browser.post('/api/v1/operators/me/totp');
  if (begin.status !== 200) throw new Error(`totp begin: ${begin.status} ${begin.text}`);
  const secret = begin.body.secret as string;
  const confirm = await browser.post('/api/v1/operators/me/totp/confirm', { code: codeFor(secret) });
  if (confirm.status !== 200) throw new Error(`totp confirm: ${confirm.status} ${confirm.text}`);
  clock.tick(30_000);
  return { secret, recoveryCodes: confirm.body.recovery_codes as string[] };
}

/** Fakes Date (only) from `before` to `after` of the enclosing describe; returns a handle filled in `before`. */
export function fakeDate(start = T0): { clock: sinon.SinonFakeTimers } {
  const handle = {} as { clock: sinon.SinonFakeTimers };
  before(() => {
    handle.clock = sinon.useFakeTimers({ now: start, toFake: ['Date'] });
  });
  after(() => handle.clock.restore());
  return handle;
}
