#!/usr/bin/env -S node --max-old-space-size=1024
// The heap cap is there for memory, not as a limit anyone should meet: with V8's default cap (a
// quarter of the machine's memory) the heap grows freely during long runs, and a 100,000-order
// `seeder generate --total` peaked near 380 MB of RSS; with a 1 GB cap V8 collects earlier and
// the same run stays near 250 MB at the same speed (BENCHMARKS.md). Run `node bin/panel.js` to
// choose other flags.
//
// The `panel` command runs the compiled JavaScript in dist/, which `npm ci` builds (`prepare`, that
// is `npm run build`). A build that is missing or older than the sources is never run: the command
// runs the sources through tsx instead (a development dependency), slower to start but current, and
// says so on stderr.
import { buildIsCurrent } from './build-state.js';

let run;
if (buildIsCurrent()) {
  ({ run } = await import('../dist/main.js'));
} else {
  process.stderr.write('panel: dist/ is missing or older than the sources; running them through tsx (npm run build compiles them).\n');
  try {
    const { register } = await import('tsx/esm/api');
    register();
  } catch {
    process.stderr.write('panel: tsx is not installed either; run npm ci (or npm run build).\n');
    process.exit(1);
  }
  ({ run } = await import('../main.ts'));
}
process.exitCode = await run(process.argv.slice(2));
