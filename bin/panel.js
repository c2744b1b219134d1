#!/usr/bin/env -S node --max-old-space-size=1024
// The heap cap is there for memory, not as a limit anyone should meet: with V8's default cap (a
// quarter of the machine's memory) the heap grows freely during long runs, and a 100,000-order
// `seeder generate --total` peaked near 380 MB of RSS; with a 1 GB cap V8 collects earlier and
// the same run stays near 250 MB at the same speed (BENCHMARKS.md). Run `node bin/panel.js` to
// choose other flags.
//
// The `panel` command runs the compiled JavaScript in dist/, which `npm ci` builds (`prepare`, that
// is `npm run build`). In a checkout (the TypeScript sources are here) a build that is missing or
// older than any of its inputs (dist/build-info.json lists them) is never run: the command runs the
// sources through tsx instead, slower to start but current, and says so once on stderr.
import fs from 'node:fs';

const root = new URL('../', import.meta.url);

function buildIsCurrent() {
  let info;
  let built;
  try {
    const file = new URL('dist/build-info.json', root);
    built = fs.statSync(file).mtimeMs;
    info = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  // Installed without the sources, the build is all there is.
  if (!fs.existsSync(new URL('main.ts', root))) return true;
  for (const input of info.inputs) {
    const stat = fs.statSync(new URL(input, root), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > built) return false;
  }
  return true;
}

let run;
if (buildIsCurrent()) {
  ({ run } = await import('../dist/main.js'));
} else {
  process.stderr.write('panel: dist/ is missing or older than the sources; running them through tsx (npm run build compiles them).\n');
  const { register } = await import('tsx/esm/api');
  register();
  ({ run } = await import('../main.ts'));
}
process.exitCode = await run(process.argv.slice(2));
