/**
 * Accessibility and screenshots for the admin's browser tests. `expectAccessible` runs axe-core
 * (node_modules/axe-core) in the page, in the light and the dark colour scheme, and fails with every
 * violation listed; the script is evaluated over CDP, which the page's strict CSP does not govern, so
 * the page stays exactly as served. `screenshots` writes the page at 1366 and 390 pixels wide into
 * SCREENSHOT_DIR (default `.tmp/admin-screenshots`), the admin tests' artifacts folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? path.resolve('.tmp/admin-screenshots');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's violations on the page as it is now, in the colour scheme the page is emulating. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(`${AXE_SOURCE}\n;void 0`);
  // A string, evaluated in the page (this file is compiled without the DOM library).
  return page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`) as Promise<AxeViolation[]>;
}

/** axe-core finds nothing on the page as it is now, in the light and in the dark colour scheme. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const found = await axeViolations(page);
    const lines = found.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(lines, `axe-core on ${what} (${colorScheme})`).to.deep.equal([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A full-page screenshot as the page is now, into SCREENSHOT_DIR as `<name>.png`; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Full-page screenshots at 1366 and 390 pixels wide, in the light and the dark theme: `<name>-1366.png`,
 * `<name>-390.png`, `<name>-1366-dark.png`, `<name>-390-dark.png`. The page is left light, at its size.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}${scheme === 'dark' ? '-dark' : ''}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (before) await page.setViewportSize(before);
}
