/**
 * Runs one group of tests (test/groups.ts says which files): `npm run test:unit`, `test:db`, `test:e2e`.
 * Usage: tsx scripts/test-group.ts <unit|db|e2e> [--list] [mocha options] [paths]
 * Mocha options pass through (`npm run test:db -- --grep cartwheel`); paths given on the command line
 * replace the group's files, so `npm run test:db -- test/stores/bulk.test.ts` runs only that file.
 * `--list` prints the group's files, one a line, and runs nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { filesOf, GROUP_NAMES, ROOT, type TestGroup } from '../test/groups.ts';

const [group, ...rest] = process.argv.slice(2);
if (!GROUP_NAMES.includes(group as TestGroup)) {
  console.error(`Usage: tsx scripts/test-group.ts <${GROUP_NAMES.join('|')}> [--list] [mocha options] [paths]`);
  process.exit(2);
}

/** Mocha options whose value may itself name a file (`--ignore test/x.test.ts`): that value is no path to run. */
const TAKES_PATH = new Set(['--ignore', '--file', '--config', '--require', '-r', '--spec', '--reporter-option', '-O']);

/** A positional argument naming a file, a folder or a glob of test files, as opposed to an option or its value. */
const isPath = (arg: string, i: number, args: string[]): boolean =>
  !arg.startsWith('-') && !TAKES_PATH.has(args[i - 1] ?? '') && (arg.endsWith('.ts') || fs.existsSync(path.resolve(arg)));

const files = filesOf(group as TestGroup);
if (rest.includes('--list')) {
  process.stdout.write(files.map((f) => `${f}\n`).join(''));
  process.exit(0);
}

const paths = rest.filter(isPath);
const options = rest.filter((a, i, args) => !isPath(a, i, args));
const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
const result = spawnSync(process.execPath, [mocha, ...options, ...(paths.length ? paths : files)], { cwd: ROOT, stdio: 'inherit' });
process.exit(result.status ?? 1);
