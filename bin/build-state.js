// Whether dist/ holds a build of the sources as they are now: `bin/panel.js` runs dist/ only then,
// and the tests build first when it does not (test/support/cli.ts). The build writes
// dist/build-info.json last, listing its inputs; it is current when none of them is newer than it or
// gone. Installed without the sources (no main.ts beside dist/), the build is all there is.
import fs from 'node:fs';

export const ROOT = new URL('../', import.meta.url);

/** @returns {boolean} */
export function buildIsCurrent() {
  let info;
  let built;
  try {
    const file = new URL('dist/build-info.json', ROOT);
    built = fs.statSync(file).mtimeMs;
    info = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  if (!fs.existsSync(new URL('main.ts', ROOT))) return true;
  for (const input of info.inputs) {
    const stat = fs.statSync(new URL(input, ROOT), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > built) return false;
  }
  return true;
}
