/**
 * Helpers for the Seeder admin screen's browser tests: open the screen on a tab, read the ledger and
 * empty it between tests (through the cleanup controller, as any surface would).
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Site } from '../../panel/site.ts';
import { cleanup } from '../../controllers/cleanup.ts';
import { LEDGER_TABLE } from '../../controllers/ledger.ts';
import { launchBrowser, signInContext, startAdminServer, type AdminServer } from './browser.ts';
import { DATABASE_TARGETS } from './databases.ts';
import { eventually } from './eventually.ts';
import { ADMIN } from './seeder.ts';

export type SeederTab = 'store' | 'generate' | 'recipes' | 'sample-data' | 'generated' | 'settings';

/** Loads (or reloads) the Seeder screen on `tab` and waits until the app has rendered it. */
export async function openSeeder(page: Page, server: AdminServer, tab: SeederTab = 'store'): Promise<void> {
  const url = `${server.adminUrl}seeder/#${tab}`;
  const samePage = page.url().split('#')[0] === url.split('#')[0];
  await page.goto(url);
  // Only the fragment changed: goto does not load the page again, and the test wants a fresh load.
  if (samePage) await page.reload();
  await page.locator(`#panel-${tab}:not([hidden])`).waitFor();
}

/** The run id a report names (its `data-run-id`), once the report has rendered. */
export async function runIdOf(report: Locator): Promise<string> {
  return eventually(async () => {
    const id = await report.getAttribute('data-run-id');
    expect(id, 'data-run-id').to.be.a('string').that.is.not.empty;
    return id!;
  });
}

export interface LedgerRow {
  platform: string;
  resource: string;
  record_id: string;
  run_id: string | null;
}

export async function ledgerRows(site: Site, runId?: string): Promise<LedgerRow[]> {
  const q = site.db(LEDGER_TABLE).select('platform', 'resource', 'record_id', 'run_id').orderBy('id');
  if (runId) q.where({ run_id: runId });
  return (await q).map((r: LedgerRow) => ({ ...r, record_id: String(r.record_id) }));
}

/** Deletes everything the ledger names, so each test starts from empty stores. */
export async function emptyLedger(site: Site): Promise<void> {
  let result = await cleanup({ site, actor: ADMIN }, { limit: 500 });
  while (result.remaining > 0 && result.deleted > 0) result = await cleanup({ site, actor: ADMIN }, { limit: 500 });
  await site.db(LEDGER_TABLE).delete();
}

export interface SeederAdminSession {
  readonly server: AdminServer;
  readonly context: BrowserContext;
  /** A fresh page for each test. */
  readonly page: Page;
}

/**
 * The usual set-up of a Seeder admin browser suite, as mocha hooks of the calling `describe`: an admin
 * server on the first database with `plugins` active, Chromium signed in as an administrator, a new page
 * for each test, and the ledger emptied after each (then `afterEach`, for what else a suite must undo).
 */
export function seederAdminSession(plugins: string[], afterEach_?: (session: SeederAdminSession) => Promise<void>): SeederAdminSession {
  let server: AdminServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const session: SeederAdminSession = {
    get server() {
      return server;
    },
    get context() {
      return context;
    },
    get page() {
      return page;
    },
  };
  before(async () => {
    server = await startAdminServer(DATABASE_TARGETS[0], { plugins });
    browser = await launchBrowser();
    context = await browser.newContext();
    await signInContext(context, server.origin, await server.operator('administrator'));
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });
  beforeEach(async () => {
    page = await context.newPage();
  });
  afterEach(async () => {
    await page.close();
    await emptyLedger(server.site);
    await afterEach_?.(session);
  });
  return session;
}
