/**
 * Issue 14, point 6: the compiled build. The validators it generates say what Ajv says at run time,
 * a schema that does not compile fails the build naming it, and the `panel` command runs the build
 * only while it is current. What a command loads at start is part of its start-up time: knex comes
 * from the build's bundle, and the rate limiters only with `serve`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { createRequire } from 'node:module';
import { buildIsCurrent, ROOT as ROOT_URL } from '../../bin/build-state.js';
import { normaliseParameters, PARAMETER_VALIDATORS } from '../../generators/schema.ts';
import { precompile, VENDORED } from '../../scripts/build.ts';
import { tempDir } from '../support/databases.ts';
import { panelEnv, runPanel } from '../support/cli.ts';

const ROOT = fileURLToPath(ROOT_URL);

describe('build: precompiled validators (issue 14, point 6)', () => {
  let dir: string;
  beforeEach(() => {
    // Inside the package (.tmp/ is git-ignored): the generated code requires Ajv's runtime from node_modules.
    const tmp = path.join(ROOT, '.tmp');
    fs.mkdirSync(tmp, { recursive: true });
    dir = fs.mkdtempSync(path.join(tmp, 'build-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a schema that does not compile fails the build, naming its set and key', async () => {
    const broken = { ...PARAMETER_VALIDATORS, name: 'a test set', dir, schemas: () => [['good', { type: 'integer' }], ['bad one', { type: 'integer', minimum: 'ten' }]] as const };
    let error: Error | undefined;
    await precompile(broken).catch((e: Error) => (error = e));
    expect(error?.message).to.match(/^a test set: the schema "bad one" does not compile: /);
  });

  it('the generated validator of a resource refuses and completes parameters as Ajv does at run time', async () => {
    const { count } = await precompile({ ...PARAMETER_VALIDATORS, dir });
    expect(count).to.equal([...PARAMETER_VALIDATORS.schemas()].length);
    const generated = createRequire(import.meta.url)(path.join(dir, 'index.cjs')) as { get(key: string): ((data: unknown) => boolean) & { errors?: unknown[] } | undefined };
    const validate = generated.get('order')!;
    expect(generated.get('no such resource')).to.equal(undefined);
    for (const input of [{ count: 0 }, { count: 101 }, { count: 5, locale: '' }, { count: 5, items_per_order: 'many' }, { count: 5, date_range: { start: 'x', end: '2026-01-01' } }]) {
      const data = { seed: 1, reference_date: '2026-06-30', ...input };
      expect(validate(structuredClone(data)), JSON.stringify(input)).to.equal(false);
      // The run-time path (this process runs the sources, so it compiles) names the same parameters.
      const runtime = normaliseParameters('order', structuredClone(data), { today: '2026-06-30' });
      expect('error' in runtime, JSON.stringify(input)).to.equal(true);
      const named = new Set((validate.errors as Array<{ instancePath: string; params: { missingProperty?: string } }>).map((e) => e.instancePath.split('/')[1] ?? e.params.missingProperty));
      expect([...named].sort()).to.deep.equal(Object.keys((runtime as { error: { details: { params: Record<string, string> } } }).error.details.params).sort());
    }
    // Ajv defaults apply in the generated code too.
    const ok: Record<string, unknown> = { count: 5, seed: 1, reference_date: '2026-06-30', date_range: { start: '2026-01-01', end: '2026-06-30' } };
    expect(validate(ok)).to.equal(true);
    expect(ok.locale).to.equal('en_US');
  });
});

describe('build: the bin runs dist/ only while it is current (issue 14, point 6)', () => {
  let root: string;
  const write = (file: string, text = '') => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const current = () => buildIsCurrent(pathToFileURL(`${root}/`));
  const setTime = (file: string, ms: number) => fs.utimesSync(path.join(root, file), ms / 1000, ms / 1000);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'seeder-build-state-'));
    write('main.ts');
    write('panel/kernel.ts');
    write('panel/openapi.yaml');
    for (const f of ['main.ts', 'panel/kernel.ts', 'panel/openapi.yaml']) setTime(f, Date.now() - 60_000);
    write('dist/build-info.json', JSON.stringify({ started: Date.now() - 30_000, inputs: ['main.ts', 'panel/kernel.ts', 'panel/openapi.yaml'] }));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is current when no input changed since the build started', () => {
    expect(current()).to.equal(true);
  });

  it('is stale when a source or an asset changed after the build started, or an input is gone', () => {
    setTime('panel/kernel.ts', Date.now());
    expect(current()).to.equal(false);
    setTime('panel/kernel.ts', Date.now() - 60_000);
    setTime('panel/openapi.yaml', Date.now());
    expect(current()).to.equal(false);
    setTime('panel/openapi.yaml', Date.now() - 60_000);
    fs.rmSync(path.join(root, 'panel/kernel.ts'));
    expect(current()).to.equal(false);
  });

  it('is missing without build-info.json (a build that failed half way writes none)', () => {
    fs.rmSync(path.join(root, 'dist/build-info.json'));
    expect(current()).to.equal(false);
  });

  it('installed without the sources, the build is all there is', () => {
    fs.rmSync(path.join(root, 'main.ts'));
    setTime('panel/kernel.ts', Date.now());
    expect(current()).to.equal(true);
  });
});

describe('build: what a `panel` command loads (start-up)', function () {
  this.timeout(60_000);

  it("opens the database with the build's bundle of knex (dist/vendor/), loading none of node_modules/knex, lodash or rate-limiter-flexible", () => {
    // A preloaded module writes the CommonJS files the process loaded (an import of a CommonJS package lands there too).
    const dir = tempDir();
    const probe = path.join(dir, 'loaded.cjs');
    const out = path.join(dir, 'loaded.json');
    fs.writeFileSync(probe, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require.cache))));\n`);
    // First start: the panel database is made and migrated (the auth migrations make the rate limits' table), then read.
    const r = runPanel(['site', 'list', '--format=json'], panelEnv(path.join(dir, 'data'), { NODE_OPTIONS: `--require=${probe}` }));
    expect(r.code, r.stderr).to.equal(0);
    expect((JSON.parse(r.stdout) as Array<{ id: string }>).map((s) => s.id)).to.deep.equal(['default']);
    const loaded = JSON.parse(fs.readFileSync(out, 'utf8')) as string[];
    const packages = new Set(loaded.map((f) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1]).filter((p): p is string => p !== undefined));
    expect([...packages]).to.include('better-sqlite3');
    expect([...packages].filter((p) => ['knex', 'lodash', 'rate-limiter-flexible'].includes(p))).to.deep.equal([]);
    // Each module the sources import from knex is an entry of the bundle, beside the compiled code.
    for (const name of Object.values(VENDORED)) expect(fs.existsSync(path.join(ROOT, 'dist/vendor', `${name}.js`)), name).to.equal(true);
  });
});
