/**
 * Keyboard only, every screen (issue 17): pressing Tab from the top of the page reaches every control a
 * mouse user can use, in order and without a trap, and each one shows where focus is. The panel's own
 * screens (home, plugins, account, sites) and each section of the Seeder screen, reached through its tabs
 * with the arrow keys as a keyboard user would. Real Chromium through the real server.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createOperator } from '../../panel/operators.ts';
import { generate } from '../../controllers/generate.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';
import { launchBrowser, signInContext, startAdminServer, type AdminServer } from '../support/browser.ts';
import { eventually } from '../support/eventually.ts';
import { ADMIN } from '../support/seeder.ts';

interface Walk {
  /** Controls a mouse user can use that Tab never reached. */
  unreached: string[];
  /** Controls that took focus without a visible outline or ring. */
  unmarked: string[];
  /** How many Tab presses went round the page. */
  stops: number;
  /** Whether the walk came back to where it started (no trap). */
  wrapped: boolean;
}

/**
 * Presses Tab until focus comes back to the first control it reached (Tab goes round the page, through
 * the browser's own controls), recording what took focus.
 */
async function tabWalk(page: Page, max = 400): Promise<Walk> {
  await page.evaluate(`(() => {
    document.activeElement?.blur();
    for (const el of document.querySelectorAll('[data-walk]')) el.removeAttribute('data-walk');
    window.scrollTo(0, 0);
  })()`);
  const unmarked: string[] = [];
  let first: string | null = null;
  let previous: string | null = null;
  let stops = 0;
  let wrapped = false;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    // In the page (a string: this project's TypeScript has no DOM types): mark what has focus, say how it looks.
    const seen = (await page.evaluate(`((step) => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const again = el.getAttribute('data-walk');
      if (!again) el.setAttribute('data-walk', String(step));
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) || (style.boxShadow !== 'none' && style.boxShadow !== '');
      return { again, ring, name: ${NAME} };
    })(${i})`)) as { again: string | null; ring: boolean; name: string } | null;
    if (seen === null) continue; // the address bar's turn: the page had no focus for one press
    // A date field's day, month and year take Tab in turn within the one input.
    if (seen.again !== null && seen.again === previous) continue;
    stops++;
    if (seen.again !== null) {
      wrapped = seen.again === first;
      break;
    }
    first ??= String(i);
    previous = String(i);
    if (!seen.ring) unmarked.push(seen.name);
  }
  const unreached = (await page.evaluate(`(() => {
    const candidates = document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])');
    const radioGroups = new Set([...document.querySelectorAll('input[type="radio"][data-walk]')].map((el) => el.name));
    const out = [];
    for (const el of candidates) {
      if (el.hasAttribute('data-walk')) continue;
      if (el.disabled || el.closest('[inert], [hidden]')) continue;
      // A tab list has one stop (its selected tab); the arrow keys move within it.
      if (el.getAttribute('role') === 'tab') continue;
      // A radio group has one stop.
      if (el.type === 'radio' && radioGroups.has(el.name)) continue;
      // Not on screen (the skip link until focused): it counts only if it was reached.
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      out.push(${NAME});
    }
    return out;
  })()`)) as string[];
  return { unreached, unmarked, stops, wrapped };
}

/** How a control is named in a failure message (page-side code): its tag, id, and label or text. */
const NAME = "`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} \"${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}\"`";

/** The walk of one screen must reach every control, mark each, and come back round. */
function expectWalkable(walk: Walk, where: string): void {
  expect(walk.unreached, `${where}: controls Tab never reached`).to.deep.equal([]);
  expect(walk.unmarked, `${where}: focus without a visible mark`).to.deep.equal([]);
  expect(walk.wrapped, `${where}: Tab went round the page (${walk.stops} stops)`).to.equal(true);
  expect(walk.stops, `${where}: some controls take focus`).to.be.greaterThan(3);
}

describe(`Admin by keyboard only: every screen [${DATABASE_TARGETS[0].label}]`, function () {
  this.timeout(180_000);
  let server: AdminServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    server = await startAdminServer(DATABASE_TARGETS[0], { plugins: ['emporium', 'cartwheel', 'seeder'] });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    // The owner sees every panel screen, Sites included.
    const owner = await createOperator(server.kernel.panelDb, { email: `keys-${process.pid}@example.test`, password: 'a long owner password', owner: true });
    await signInContext(context, server.origin, { email: owner.email, password: 'a long owner password' });
    page = await context.newPage();
    await generate({ site: server.site, actor: ADMIN }, 'customer', { count: 2, seed: 'keys', platform: 'emporium' });
  });
  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  for (const screen of ['', 'plugins', 'account', 'sites']) {
    it(`the panel's ${screen || 'home'} screen: Tab reaches every control, each shows focus, and it comes back round`, async () => {
      await page.goto(`${server.adminUrl}${screen}`);
      await page.locator('main').waitFor();
      await page.waitForLoadState('networkidle');
      expectWalkable(await tabWalk(page), screen || 'home');
    });
  }

  it('the Seeder screen: the arrow keys move between sections, and in each section Tab reaches every control', async () => {
    await page.goto(`${server.adminUrl}seeder/#store`);
    await page.locator('#panel-store:not([hidden])').waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.length).to.be.greaterThan(4);
    for (let i = 0; i < tabs.length; i++) {
      if (i > 0) {
        // From the selected tab, the right arrow selects the next section.
        await page.getByRole('tab', { selected: true }).focus();
        await page.keyboard.press('ArrowRight');
      }
      await eventually(async () => expect(await page.getByRole('tab', { selected: true }).textContent()).to.equal(tabs[i]));
      await page.waitForLoadState('networkidle');
      expectWalkable(await tabWalk(page), `Seeder, ${tabs[i]}`);
    }
    // End goes to the last section, Home back to the first.
    await page.getByRole('tab', { selected: true }).focus();
    await page.keyboard.press('Home');
    await eventually(async () => expect(await page.getByRole('tab', { selected: true }).textContent()).to.equal(tabs[0]));
  });
});
