/**
 * The groups of test files a developer can run on their own: `npm run test:unit`, `npm run test:db`,
 * `npm run test:e2e` (scripts/test-group.ts reads this list). `npm test` runs every file, whatever its group.
 *
 * - unit: pure code (the hook bus, generators, schemas, parsers, import rules): no database, no HTTP
 *   server, no browser, no `panel` process. The whole group runs in under a minute.
 * - db: stores, drivers, the pipeline and the kernel against real databases (SQLite, and MariaDB too when
 *   TEST_MYSQL_URL is set), in this process.
 * - e2e: the panel as its users reach it: HTTP through the app, the `panel` binary in a child process,
 *   MCP, the admin screen in Chromium.
 *
 * An entry is a folder (ending in `/`) or one file. A file belongs to the group of the most specific entry
 * that holds it (a file named here beats its folder), so a new file in a listed folder joins that
 * folder's group; test/groups.test.ts fails on a test file that no entry holds, on an entry listed twice,
 * and on an entry that holds no test file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEST_GROUPS = {
  unit: [
    'test/hooks/',
    'test/generators/',
    'test/lib/',
    'test/structure/',
    'test/groups.test.ts',
    'test/api/contract-coverage.test.ts',
    'test/api/password-policy.test.ts',
    'test/panel/error-factories.test.ts',
    'test/panel/transient.test.ts',
    'test/panel/version-range.test.ts',
    'test/drivers/emporium-money.test.ts',
    'test/drivers/platform-fields.test.ts',
    'test/recipes/archive.test.ts',
    'test/recipes/manifest.test.ts',
    'test/stores/imports.test.ts',
  ],
  db: [
    'test/stores/',
    'test/drivers/',
    'test/pipeline/',
    // Previews each language's words through the pipeline, on every database.
    'test/generators/languages.test.ts',
    'test/admin/registration.test.ts',
    'test/panel/hook-ownership.test.ts',
    'test/panel/kernel.test.ts',
    'test/panel/lock.test.ts',
    'test/panel/options.test.ts',
    'test/panel/uploads.test.ts',
    'test/recipes/run.test.ts',
    'test/temp-folders.test.ts',
  ],
  e2e: [
    'test/api/',
    'test/admin/',
    'test/build/',
    'test/cli/',
    // The hooks' effects as users reach them: REST, MCP, the admin, the `panel` binary.
    'test/hooks/every-hook-fires.test.ts',
    'test/hooks/extension-points.test.ts',
    'test/hooks/extension-points-cli.test.ts',
    'test/hooks/hooks-doc.test.ts',
    'test/hooks/result-status.test.ts',
    'test/mcp/',
    // Needs TEST_GALERA_URLS (a three-node cluster, scripts/galera.sh); skipped without it.
    'test/panel/galera.test.ts',
    'test/panel/',
    'test/recipes/',
    'test/rest/',
    'test/surfaces/',
    // It spawns the `panel` binary and kills it mid-run.
    'test/pipeline/kill.test.ts',
    // The example plugins' own tests run them in the `panel` binary.
    'examples/',
  ],
} as const satisfies Record<string, readonly string[]>;

export type TestGroup = keyof typeof TEST_GROUPS;

export const GROUP_NAMES = Object.keys(TEST_GROUPS) as TestGroup[];

/** The repository's root, which every entry and every returned path is relative to. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every test file mocha's `npm test` globs (`test/**\/*.test.ts`, and the example plugins'
 * `examples/*\/test/**\/*.test.ts`) take, relative to the root, `/`-separated, sorted.
 */
export function allTestFiles(): string[] {
  const examples = fs.readdirSync(path.join(ROOT, 'examples')).map((name) => `examples/${name}/test`);
  return ['test', ...examples.filter((dir) => fs.existsSync(path.join(ROOT, dir)))]
    .flatMap((dir) => fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f.split(path.sep).join('/')}`))
    .filter((f) => f.endsWith('.test.ts') && !f.split('/').includes('node_modules'))
    .sort();
}

function holds(entry: string, file: string): boolean {
  return entry.endsWith('/') ? file.startsWith(entry) : file === entry;
}

type Groups = Readonly<Record<string, readonly string[]>>;

/** The group of a test file and the entry that decides it (the longest that holds it), or undefined. */
export function groupOf(file: string, groups: Groups = TEST_GROUPS): { group: string; entry: string } | undefined {
  let best: { group: string; entry: string } | undefined;
  for (const [group, entries] of Object.entries(groups)) {
    for (const entry of entries) {
      if (holds(entry, file) && (!best || entry.length > best.entry.length)) best = { group, entry };
    }
  }
  return best;
}

/** The test files of one group, relative to the root, sorted. */
export function filesOf(group: TestGroup): string[] {
  return allTestFiles().filter((f) => groupOf(f)?.group === group);
}

/** Problems with a list of groups: files no entry holds, entries listed twice, entries that hold no file. */
export function groupProblems(files: string[] = allTestFiles(), groups: Groups = TEST_GROUPS): string[] {
  const problems: string[] = [];
  for (const f of files) if (!groupOf(f, groups)) problems.push(`${f} belongs to no group: add it (or its folder) to TEST_GROUPS in test/groups.ts`);
  const seen = new Map<string, string>();
  for (const [group, entries] of Object.entries(groups)) {
    for (const entry of entries) {
      const earlier = seen.get(entry);
      if (earlier) problems.push(`${entry} is listed in both ${earlier} and ${group}`);
      seen.set(entry, group);
      if (!files.some((f) => holds(entry, f))) problems.push(`${entry} (${group}) holds no test file`);
    }
  }
  return problems;
}
