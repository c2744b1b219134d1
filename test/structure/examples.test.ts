/**
 * The example plugins in `examples/` are documentation a plugin author copies (issue 18 point 7): each is
 * a package of its own that reaches the host and the Seeder only through the public entry
 * (`seeder-panel/plugin-api`, resolved through its committed `node_modules/seeder-panel` link to this
 * repository, as `npm install seeder-panel` would), and stays short enough to read in one sitting.
 */
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from '../support/import-graph.ts';

const EXAMPLES = path.join(ROOT, 'examples');
/** Lines (as `wc -l` counts them) of every file of an example but package.json and README.md, tests and fixtures included. */
const LINE_BUDGET = 300;
const PUBLIC_ENTRY = 'seeder-panel/plugin-api';
/** What an example's tests may import besides the public entry and their own files: Node's modules and chai. */
const isTestPackage = (specifier: string) => specifier.startsWith('node:') || specifier === 'chai';

/** An example's files, relative to its folder, without its dependencies (node_modules: the link back to this repository is a cycle). */
function filesOf(example: string, dir = ''): string[] {
  return fs.readdirSync(path.join(EXAMPLES, example, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesOf(example, file);
    return entry.isFile() ? [file] : [];
  });
}

/** The imports of one module of an example that break the rule: its own files, the public entry, and (in tests) Node and chai. */
export function importProblems(example: string, file: string, text: string): string[] {
  const isTest = file.startsWith('test/');
  return ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName: specifier }) => {
    if (specifier.startsWith('.')) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      return target.startsWith('../') || target.split('/').includes('node_modules') ? [`${example}/${file} imports ${specifier}, outside the example`] : [];
    }
    return specifier === PUBLIC_ENTRY || (isTest && isTestPackage(specifier)) ? [] : [`${example}/${file} imports ${specifier}`];
  });
}

const examples = fs.readdirSync(EXAMPLES).filter((name) => fs.statSync(path.join(EXAMPLES, name)).isDirectory());

describe('examples: third-party plugins', () => {
  it('include the bazaar store, each a package of its own whose seeder-panel dependency is this repository', () => {
    expect(examples).to.include('bazaar-store');
    for (const name of examples) {
      const pkg = JSON.parse(fs.readFileSync(path.join(EXAMPLES, name, 'package.json'), 'utf8')) as { name: string; peerDependencies?: Record<string, string> };
      expect(pkg.name, name).to.equal(name);
      expect(pkg.peerDependencies, name).to.have.property('seeder-panel');
      expect(fs.realpathSync(path.join(EXAMPLES, name, 'node_modules', 'seeder-panel')), name).to.equal(fs.realpathSync(ROOT));
    }
  });

  for (const name of examples) {
    it(`${name} stays under ${LINE_BUDGET} lines, its tests included`, () => {
      const counted = filesOf(name).filter((f) => f !== 'package.json' && f !== 'README.md');
      expect(counted).to.include('index.ts');
      expect(counted.filter((f) => f.startsWith('test/'))).to.not.be.empty;
      const lines = counted.reduce((sum, f) => sum + fs.readFileSync(path.join(EXAMPLES, name, f), 'utf8').split('\n').length - 1, 0);
      expect(lines).to.be.below(LINE_BUDGET);
    });

    it(`${name} imports nothing of the host or the Seeder but the public entry`, () => {
      const problems = filesOf(name)
        .filter((f) => /\.[cm]?[jt]s$/.test(f))
        .flatMap((f) => importProblems(name, f, fs.readFileSync(path.join(EXAMPLES, name, f), 'utf8')));
      expect(problems).to.deep.equal([]);
    });
  }

  it('the import rule catches a reach into the internals, a package, and a test-only package outside the tests', () => {
    const text = "import { registerDriver } from '../../drivers/registry.ts';\nimport type { Knex } from 'knex';\nimport { expect } from 'chai';\nimport './store.ts';";
    expect(importProblems('shop', 'index.ts', text)).to.deep.equal([
      'shop/index.ts imports ../../drivers/registry.ts, outside the example',
      'shop/index.ts imports knex',
      'shop/index.ts imports chai',
    ]);
    expect(importProblems('shop', 'test/shop.test.ts', "import { expect } from 'chai';\nimport fs from 'node:fs';\nimport '../index.ts';")).to.deep.equal([]);
  });
});
