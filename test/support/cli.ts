/**
 * Runs the real `panel` binary in a child process, as a user would: the compiled build, which is
 * made first when it is missing or older than the sources (a test run never measures the tsx fallback).
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from '../../bin/build-state.js';
import { TEST_SECRET_KEY } from './secret-key.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'bin', 'panel.js');

if (!buildIsCurrent()) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stderr}`);
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function panelEnv(dataDir: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PANEL_DATA_DIR: dataDir, NO_COLOR: '1', ...extra };
  // The parent's own database settings must not leak into the child unless asked for.
  if (!('PANEL_DATABASE_URL' in extra)) delete env.PANEL_DATABASE_URL;
  // A database URL needs PANEL_SECRET_KEY: the one test kernels on that database use (databases.ts), unless the test gives its own.
  if (!('PANEL_SECRET_KEY' in extra)) env.PANEL_SECRET_KEY = extra.PANEL_DATABASE_URL ? TEST_SECRET_KEY : undefined;
  if (env.PANEL_SECRET_KEY === undefined) delete env.PANEL_SECRET_KEY;
  for (const [k, v] of Object.entries(extra)) if (v === undefined) delete env[k];
  return env;
}

export function runPanel(args: string[], env: NodeJS.ProcessEnv, input?: string): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { env, input, encoding: 'utf8', timeout: 120_000 });
  // No exit status: the process did not start, ran past the timeout, or died of a signal; stderr says which.
  const lost = r.status === null ? `\n[runPanel: no exit status: ${r.error ? `${r.error.message}` : `signal ${r.signal}`}]` : '';
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: `${r.stderr ?? ''}${lost}` };
}

/** Runs the binary as `runPanel` does, without blocking: for several processes at once. */
export function runPanelAsync(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr: code === null ? `${stderr}\n[runPanelAsync: no exit status: signal ${signal}]` : stderr });
    });
  });
}

/** Starts a long-running command and resolves once a line of stdout matches `ready`. */
export function startPanel(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ match: RegExpMatchArray; output: () => string; errors: () => string; stop: () => Promise<number | string> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${out}\n${err}`)), 60_000);
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      const match = out.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({
          match,
          output: () => out,
          errors: () => err,
          // The exit code; a process with none (ended by a signal) says which signal and its stderr instead.
          stop: () => new Promise((done) => {
            child.once('exit', (code, signal) => done(code ?? `no exit status: ended by ${signal}\n${err}`));
            child.kill('SIGTERM');
          }),
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${out}\n${err}`));
    });
  });
}

/** The first operator of panels started with `serveEnv` (created at first start). */
export const OWNER = { email: 'admin@example.com', password: 'a long owner passphrase' } as const;

/**
 * The environment of `panel serve` processes sharing one database (and, on SQLite, one data folder):
 * any free port, the database of `config`, and OWNER created at first start.
 */
export function serveEnv(config: { databaseUrl?: string }, dataDir: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return panelEnv(dataDir, { PORT: '0', PANEL_DATABASE_URL: config.databaseUrl, PANEL_ADMIN_EMAIL: OWNER.email, PANEL_ADMIN_PASSWORD: OWNER.password, ...extra });
}

export type ServerProcess = Awaited<ReturnType<typeof startPanel>> & { url: string };

/** Starts `panel serve` and resolves with its address once it listens. */
export async function servePanel(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const server = await startPanel(['serve'], env, /Panel listening on (http:\/\/\S+?) /);
  return Object.assign(server, { url: server.match[1]! });
}

/** An API token of OWNER, made with the CLI (asynchronously: open connections of the test stay served). */
export async function ownerToken(env: NodeJS.ProcessEnv, name: string): Promise<string> {
  const created = await runPanelAsync(['token', 'create', '--user', OWNER.email, '--name', name, '--format', 'json'], env);
  if (created.code !== 0) throw new Error(`panel token create exited with ${created.code}: ${created.stderr}`);
  return (JSON.parse(created.stdout) as { token: string }).token;
}
