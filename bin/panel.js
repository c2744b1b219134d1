#!/usr/bin/env -S node --max-old-space-size=1024
// The heap cap is there for memory, not as a limit anyone should meet: with V8's default cap (a
// quarter of the machine's memory) the heap grows freely during long runs, and a 100,000-order
// `seeder generate --total` peaked near 380 MB of RSS; with a 1 GB cap V8 collects earlier and
// the same run stays near 250 MB at the same speed (BENCHMARKS.md). Run `node bin/panel.js` to
// choose other flags.
// The `panel` command. The sources are TypeScript run through tsx, so there is no build step
// between a checkout and a working CLI.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('../main.ts');
process.exitCode = await run(process.argv.slice(2));
