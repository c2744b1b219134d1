/**
 * Issue 6 meta-test: every (operation, status) pair documented in panel/openapi.yaml was produced
 * by at least one test of this folder, and some test produced a 5XX. It runs as a root `after`
 * hook, once every suite has finished, and only when the whole folder ran (a single file run
 * cannot cover the document).
 */
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract, documentedPairs, producedPairs } from './support/contract.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

interface SuiteLike {
  file?: string;
  suites: SuiteLike[];
}

function filesOf(suite: SuiteLike, into = new Set<string>()): Set<string> {
  if (suite.file) into.add(path.resolve(suite.file));
  for (const child of suite.suites) filesOf(child, into);
  return into;
}

describe('the contract document', () => {
  it('every operation documents its statuses with the error envelope, and 429 and 5XX everywhere', () => {
    for (const op of contract.operations) {
      expect(op.responses.has('429'), op.id).to.equal(true);
      expect(op.responses.has('5XX'), op.id).to.equal(true);
      const success = [...op.responses.keys()].filter((s) => s.startsWith('2'));
      expect(success, op.id).to.have.length(1);
    }
  });
});

after('every documented (operation, status) pair was produced by the suite', function () {
  let root = this.test?.parent as unknown as (SuiteLike & { parent?: unknown }) | undefined;
  while (root && (root as { parent?: unknown }).parent) root = (root as { parent: SuiteLike & { parent?: unknown } }).parent;
  const ran = root ? filesOf(root) : new Set<string>();
  const mine = fs.readdirSync(HERE).filter((f) => f.endsWith('.test.ts')).map((f) => path.join(HERE, f));
  if (!mine.every((f) => ran.has(f))) return; // a partial run cannot cover the document
  const produced = producedPairs();
  const missing = documentedPairs().filter((pair) => !produced.has(pair));
  expect(missing, 'documented (operation, status) pairs no test produced').to.deep.equal([]);
  expect([...produced].some((p) => p.endsWith(' 5XX')), 'some test produced a 5XX').to.equal(true);
});
