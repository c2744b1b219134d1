// Whether dist/ holds a build of the sources as they are now: `bin/panel.js` runs dist/ only then,
// and the tests build first when it does not (test/support/cli.ts). The build writes
// dist/build-info.json last, with its inputs and the time it started; it is current when no input
// changed since then (a file saved during a build makes it stale) and none is gone. Installed
// without the sources (no main.ts beside dist/), the build is all there is.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = new URL('../', import.meta.url);

/**
 * @param {URL} [at] the package root (this package's by default)
 * @returns {boolean}
 */
export function buildIsCurrent(at = ROOT) {
  const root = fileURLToPath(at);
  let info;
  try {
    info = JSON.parse(fs.readFileSync(`${root}dist/build-info.json`, 'utf8'));
  } catch {
    return false;
  }
  if (typeof info?.started !== 'number' || !Array.isArray(info.inputs)) return false;
  if (!fs.existsSync(`${root}main.ts`)) return true;
  for (const input of info.inputs) {
    const stat = fs.statSync(root + input, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > info.started) return false;
  }
  return true;
}
