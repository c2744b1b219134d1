/**
 * `npm run build` (also run by `npm ci` through `prepare`): compiles the sources to JavaScript in
 * `dist/`, one output file per source file at the same relative path, so a module's neighbours (the
 * admin assets, the bundled recipes, panel/openapi.yaml) sit where `import.meta.url` says in both
 * trees: files that are not TypeScript are copied beside the compiled code. Then it precompiles the
 * Ajv validators of the schemas listed in `validators.ts` (Ajv standalone code), so a broken schema
 * fails the build; the compiled modules load that code instead of compiling at run time (and so do
 * not load Ajv at all).
 *
 * What is compiled: every folder at the package root except the ones named in NOT_SHIPPED, and the
 * root's own `.ts` files; knex is bundled into dist/vendor/ (VENDORED). `dist/build-info.json` lists
 * the inputs, so `bin/panel.js` can tell in a checkout whether the build is older than the sources
 * (bin/build-state.js).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { PrecompiledValidators } from '../validators.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'dist');

/** Folders of the package root that are not compiled: tests, developer tools, data, output, bin/ (which runs dist/) and the example plugins. */
const NOT_SHIPPED = new Set(['node_modules', 'dist', 'data', 'test', 'bench', 'scripts', 'bin', 'examples']);
/** Files inside shipped folders that the code does not read at run time. */
const notRead = (file: string) => file.endsWith('.md') || path.basename(file) === 'tsconfig.json' || file.endsWith('.d.ts');

/** The build's inputs, relative to the package root, sorted: TypeScript to compile and other files to copy. */
export function inputs(): { compile: string[]; copy: string[] } {
  const compile: string[] = [];
  const copy: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const file = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile() && !notRead(file)) (file.endsWith('.ts') ? compile : copy).push(file);
    }
  };
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory() && !NOT_SHIPPED.has(entry.name)) walk(entry.name);
    else if (entry.isFile() && entry.name.endsWith('.ts') && !notRead(entry.name)) compile.push(entry.name);
  }
  return { compile: compile.sort(), copy: copy.sort() };
}

/**
 * knex, bundled by the build into dist/vendor/ with what it requires; the compiled modules import
 * that instead of node_modules/knex. knex alone reads some 340 CommonJS files at start (its own and
 * lodash's, one function a file), and every `panel` command opens a database: the bundle halves what
 * loading knex costs (about 100 ms over `node -e 0` to about 55 ms on the machine of BENCHMARKS.md).
 * Each specifier the sources import becomes an entry (named by the value), sharing one chunk of code.
 * The database drivers stay outside (better-sqlite3 is native; mysql2 loads only for a MySQL URL), as
 * do the drivers of databases the panel does not use, which knex requires only on demand.
 */
export const VENDORED: Readonly<Record<string, string>> = {
  knex: 'knex',
  'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js': 'knex-sqlite-transaction',
};
const VENDOR_DIR = 'vendor';
const VENDOR_EXTERNAL = ['better-sqlite3', 'mysql2'];

/**
 * Each source file becomes one module: every import stays an import (nothing is bundled but the
 * VENDORED packages), and a relative `./x.ts` becomes `./x.js`, so module identity and load order are
 * those of the sources.
 */
const perFile: esbuild.Plugin = {
  name: 'per-file',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (Object.hasOwn(VENDORED, args.path)) {
        const from = path.posix.dirname(path.relative(ROOT, args.importer).split(path.sep).join('/'));
        const to = path.posix.relative(from, `${VENDOR_DIR}/${VENDORED[args.path]}.js`);
        return { path: to.startsWith('.') ? to : `./${to}`, external: true };
      }
      const relative = args.path.startsWith('./') || args.path.startsWith('../');
      return { path: relative ? args.path.replace(/\.ts$/, '.js') : args.path, external: true };
    });
  },
};

/** Bundles the VENDORED modules; a package they require that is not installed (another database's driver) stays a require. */
async function vendor(): Promise<void> {
  const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  const resolve = createRequire(import.meta.url).resolve;
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(VENDORED).map(([specifier, out]) => ({ in: resolve(specifier), out })),
    outdir: path.join(DIST, VENDOR_DIR),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The bundled code's require() of what stays outside (the drivers) needs a require in ESM.
    banner: { js: "import { createRequire as __vendorRequire } from 'node:module'; const require = __vendorRequire(import.meta.url);" },
    // Smaller to read and parse; names stay, so stack traces and error messages read as the package's own.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    plugins: [{
      name: 'not-bundled',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          if (VENDOR_EXTERNAL.includes(packageOf(args.path))) return { path: args.path, external: true };
          try {
            createRequire(args.importer).resolve(args.path);
            return undefined;
          } catch {
            return { path: args.path, external: true };
          }
        });
      },
    }],
  });
  if (result.errors.length > 0) throw new Error(`esbuild reported ${result.errors.length} errors bundling ${Object.keys(VENDORED).join(', ')}`);
}

async function compile(files: string[]): Promise<void> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: files,
    outdir: DIST,
    outbase: '.',
    bundle: true,
    plugins: [perFile],
    format: 'esm',
    platform: 'node',
    target: 'node20',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // Stack traces point into the sources with NODE_OPTIONS=--enable-source-maps (off by default: it slows every start).
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  if (result.errors.length > 0) throw new Error(`esbuild reported ${result.errors.length} errors`);
}

function copy(files: string[]): void {
  for (const file of files) {
    const to = path.join(DIST, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), to);
  }
}

/**
 * The generated code: a folder with one CommonJS module per schema and an `index.cjs` whose
 * `get(key)` loads a schema's module on first use, so a command loads only the validators it runs.
 */
export async function precompile(set: PrecompiledValidators): Promise<{ dir: string; count: number }> {
  const { default: standaloneCode } = createRequire(import.meta.url)('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js');
  const ajv = set.createAjv({ code: { source: true } });
  fs.rmSync(set.dir, { recursive: true, force: true });
  fs.mkdirSync(set.dir, { recursive: true });
  const files: Record<string, string> = {};
  for (const [key, schema] of set.schemas()) {
    if (Object.prototype.hasOwnProperty.call(files, key)) continue;
    let code: string;
    try {
      code = standaloneCode(ajv, ajv.compile(schema));
    } catch (e) {
      throw new Error(`${set.name}: the schema "${key}" does not compile: ${(e as Error).message}`);
    }
    const file = `v${Object.keys(files).length}.cjs`;
    files[key] = file;
    fs.writeFileSync(path.join(set.dir, file), `// Generated by scripts/build.ts (${set.name}): ${JSON.stringify(key).slice(0, 200)}\n${code}\n`);
  }
  const index = [
    '"use strict";',
    `// Generated by scripts/build.ts from ${set.name}; do not edit.`,
    `const files = ${JSON.stringify(files, null, 1)};`,
    'const made = new Map();',
    '/** The validator of `key`, or undefined when the build knew no such schema. */',
    'exports.get = function get(key) {',
    '  if (!Object.prototype.hasOwnProperty.call(files, key)) return undefined;',
    '  if (!made.has(key)) made.set(key, require(`./${files[key]}`));',
    '  return made.get(key);',
    '};',
    'exports.keys = Object.keys(files);',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(set.dir, 'index.cjs'), index);
  return { dir: set.dir, count: Object.keys(files).length };
}

export async function build(log: (line: string) => void = () => {}): Promise<void> {
  const started = Date.now();
  const { compile: ts, copy: assets } = inputs();
  fs.rmSync(DIST, { recursive: true, force: true });
  await compile(ts);
  await vendor();
  copy(assets);
  // The schemas are read from the compiled code, so what is precompiled is what ships.
  const registry = (await import(pathToFileURL(path.join(DIST, 'validators.js')).href)) as typeof import('../validators.ts');
  for (const set of registry.PRECOMPILED_VALIDATORS) {
    const { dir, count } = await precompile(set);
    log(`build: ${count} validators of ${set.name} in ${path.relative(ROOT, dir)}/`);
  }
  // Written last (a build that failed half way leaves none, so the bin treats it as missing), with the
  // time the build started: bin/build-state.js calls it stale when an input changed since.
  fs.writeFileSync(path.join(DIST, 'build-info.json'), `${JSON.stringify({ started, inputs: [...ts, ...assets].sort() }, null, 1)}\n`);
  log(`build: ${ts.length} modules compiled, ${assets.length} files copied to dist/ in ${Date.now() - started} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await build((line) => process.stderr.write(`${line}\n`));
  } catch (e) {
    process.stderr.write(`build failed: ${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
