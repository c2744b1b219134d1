/**
 * Runs database tests on every available database: SQLite always, MariaDB/MySQL when
 * TEST_MYSQL_URL is set. Test titles carry the database, so the output shows both.
 */
import { DISTRIBUTION } from '../../main.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Databases } from '../../panel/database.ts';
import { Kernel, type KernelOptions } from '../../panel/kernel.ts';
import { loadConfig, type PanelConfig } from '../../panel/config.ts';
import { TEST_SECRET_KEY } from './secret-key.ts';

export interface DatabaseTarget {
  /** 'sqlite' or 'mariadb', shown in test titles. */
  readonly label: string;
  /** A fresh, empty configuration: its own data folder and (on MariaDB) its own database names. */
  freshConfig(overrides?: Partial<PanelConfig>): PanelConfig;
}

function mysqlUrlFor(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

const created = new Set<string>();
process.on('exit', removeTempDirs);

/**
 * A fresh, empty folder under the system's temporary folder. Whatever a test leaves of it (a kernel it
 * never disposed, a child process's data folder) is removed when the test process exits.
 */
export function tempDir(prefix = 'panel-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.add(dir);
  return dir;
}

function removeTempDirs(): void {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
  created.clear();
}

/** A configuration as the panel loads it with no file and no environment, on a fresh data folder (which is also its working folder). */
function emptyConfig(): PanelConfig {
  const dir = tempDir();
  return { ...loadConfig({}, dir), dataDir: dir };
}

const runId = crypto.randomBytes(3).toString('hex');
let counter = 0;

export const DATABASE_TARGETS: DatabaseTarget[] = [
  {
    label: 'sqlite',
    freshConfig: (overrides = {}) => ({
      ...emptyConfig(),
      databaseUrl: undefined,
      plugins: [],
      ...overrides,
    }),
  },
];

if (process.env.TEST_MYSQL_URL) {
  const base = process.env.TEST_MYSQL_URL;
  DATABASE_TARGETS.push({
    label: 'mariadb',
    freshConfig: (overrides = {}) => ({
      ...emptyConfig(),
      // Each test kernel gets its own panel database (and so its own site databases): runs never collide.
      databaseUrl: mysqlUrlFor(base, `t${runId}_${++counter}`),
      // A database URL needs PANEL_SECRET_KEY; panelEnv gives child processes the same one.
      secretKey: TEST_SECRET_KEY,
      plugins: [],
      ...overrides,
    }),
  });
}

/** Declares the suite once per database target. */
export function eachDatabase(title: string, fn: (target: DatabaseTarget) => void): void {
  for (const target of DATABASE_TARGETS) {
    describe(`${title} [${target.label}]`, () => fn(target));
  }
}

/** Every site's id, for test operators who are members of all of them. */
export async function siteIds(kernel: Kernel): Promise<string[]> {
  return (await kernel.listSites()).map((s) => s.id);
}

/** Boots a kernel on a fresh database; `dispose` drops every database it created. */
export async function bootTestKernel(
  target: DatabaseTarget,
  options: Omit<KernelOptions, 'config'> & { config?: Partial<PanelConfig> } = {},
): Promise<Kernel & { dispose(): Promise<void> }> {
  // As the shipped panel: a site created without a plugin list gets the distribution's default plugins (those installed).
  const kernel = await Kernel.boot({ defaultSitePlugins: DISTRIBUTION.defaultSitePlugins, ...options, config: target.freshConfig(options.config) });
  return Object.assign(kernel, {
    async dispose() {
      const sites = (await kernel.listSites()).map((s) => s.id);
      await kernel.close();
      // Reopen only to drop: close() destroyed the pools.
      const dbs = await Databases.open({ url: kernel.config.databaseUrl, dataDir: kernel.config.dataDir });
      await dbs.dropAll(sites);
      fs.rmSync(kernel.config.dataDir, { recursive: true, force: true });
    },
  });
}
