/**
 * The test groups (`npm run test:unit`, `test:db`, `test:e2e`) split the whole suite: every file `npm test`
 * runs is in exactly one group, the scripts run the groups of test/groups.ts, and a unit test reaches
 * none of the helpers that start a database, a server, a browser or the `panel` binary.
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { importsOf } from './support/import-graph.ts';
import { allTestFiles, filesOf, GROUP_NAMES, groupOf, groupProblems, ROOT, TEST_GROUPS } from './groups.ts';

/** Helpers and packages that make a test something other than a unit test. */
const NOT_UNIT = ['test/support/databases.ts', 'test/support/cli.ts', 'test/support/browser.ts', 'test/api/support/harness.ts', 'supertest', 'playwright-core'];

/** The test-side modules a file reaches (itself included) and the packages they import. */
function reach(file: string): Set<string> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length) {
    const f = queue.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) if (!fileName.startsWith('.')) seen.add(fileName);
    for (const { to } of importsOf(f)) if (to.startsWith('test/')) queue.push(to);
  }
  return seen;
}

describe('test groups', () => {
  it('put every test file in exactly one group, with no entry listed twice or holding nothing', () => {
    expect(groupProblems()).to.deep.equal([]);
    const counts = new Map<string, number>();
    for (const g of GROUP_NAMES) for (const f of filesOf(g)) counts.set(f, (counts.get(f) ?? 0) + 1);
    expect([...counts.keys()].sort()).to.deep.equal(allTestFiles());
    expect([...counts.values()].every((n) => n === 1)).to.equal(true);
  });

  it('report a new test file that no entry holds, and a folder listed in two groups', () => {
    const stray = 'test/elsewhere/new-thing.test.ts';
    expect(groupOf(stray)).to.equal(undefined);
    expect(groupProblems([...allTestFiles(), stray])).to.deep.equal([
      `${stray} belongs to no group: add it (or its folder) to TEST_GROUPS in test/groups.ts`,
    ]);
    const twice = TEST_GROUPS.db[0];
    expect(groupProblems(allTestFiles(), { ...TEST_GROUPS, unit: [...TEST_GROUPS.unit, twice] })).to.deep.equal([
      `${twice} is listed in both unit and db`,
    ]);
  });

  it('give a file the group of the most specific entry that holds it', () => {
    expect(groupOf('test/api/password-policy.test.ts')).to.deep.equal({ group: 'unit', entry: 'test/api/password-policy.test.ts' });
    expect(groupOf('test/api/sign-in.test.ts')).to.deep.equal({ group: 'e2e', entry: 'test/api/' });
  });

  it('keep unit tests away from databases, servers, browsers and the panel binary', () => {
    const offenders = filesOf('unit').flatMap((f) => NOT_UNIT.filter((m) => reach(f).has(m)).map((m) => `${f} reaches ${m}`));
    expect(offenders).to.deep.equal([]);
  });

  it('are what npm run test:unit, test:db and test:e2e run, and a path given runs only that file', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const runner = (...args: string[]): string =>
      execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/test-group.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
    for (const g of GROUP_NAMES) {
      expect(scripts[`test:${g}`], `test:${g}`).to.equal(`tsx scripts/test-group.ts ${g}`);
      expect(runner(g, '--list').trim().split('\n')).to.deep.equal(filesOf(g));
    }
    const one = 'test/hooks/removal.test.ts';
    const report = JSON.parse(runner('unit', '--dry-run', '--reporter', 'json', one)) as { tests: Array<{ file: string }> };
    expect(report.tests).to.not.be.empty;
    expect(new Set(report.tests.map((t) => path.relative(ROOT, t.file)))).to.deep.equal(new Set([one]));
  });
});
