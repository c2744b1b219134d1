/** Configuration from the environment and an optional `panel.config.json` in the working folder. */
import fs from 'node:fs';
import path from 'node:path';
import { parseSecretKey, SECRET_KEY_ENV } from './auth/secret-key.ts';

export interface PanelConfig {
  port: number;
  dataDir: string;
  /** `mysql://...`; undefined means embedded SQLite. */
  databaseUrl?: string;
  /** Deployment label used in API tokens (`svc_{env}_...`). */
  env: string;
  baseUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Extra plugin module paths. */
  plugins: string[];
  /**
   * `PANEL_SECRET_KEY`: the key that encrypts TOTP secrets (32 bytes, base64 or hex); environment
   * only, never from panel.config.json. Undefined means the key file in the data folder.
   */
  secretKey?: string;
  /**
   * `PANEL_RATE_LIMIT`: requests per 60-second window for one session or API token; `PANEL_RATE_LIMIT_ANONYMOUS`:
   * for one IP without either. Undefined means the defaults (panel/auth/rate-limit.ts). Shared by every process on the database.
   */
  rateLimit?: number;
  rateLimitAnonymous?: number;
  /**
   * `PANEL_UPLOADS_DIR`: the folder that holds each site's uploads (`<folder>/<site id>`), for a folder every
   * process serving the sites shares (a network mount when they run on several machines). Undefined means
   * `uploads` in each site's own folder under the data folder.
   */
  uploadsDir?: string;
}

type Env = Record<string, string | undefined>;

/** A whole number of requests, at least 1; anything else stops the start with the setting's name. */
function requestCount(name: string, value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`Invalid ${name} "${value}": a whole number of requests per 60-second window, at least 1.`);
  return n;
}

function readFileConfig(cwd: string): Partial<PanelConfig> {
  const file = path.join(cwd, 'panel.config.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PanelConfig>;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): PanelConfig {
  const file = readFileConfig(cwd);
  const port = Number(env.PORT ?? file.port ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT "${env.PORT}".`);
  const pluginList = env.PANEL_PLUGINS !== undefined
    ? env.PANEL_PLUGINS.split(',').map((s) => s.trim()).filter(Boolean)
    : (file.plugins ?? []);
  const secretKey = env[SECRET_KEY_ENV] || undefined;
  // A malformed key stops the start here, before anything is encrypted with the wrong bytes.
  if (secretKey !== undefined) parseSecretKey(secretKey);
  return {
    port,
    dataDir: path.resolve(cwd, env.PANEL_DATA_DIR ?? file.dataDir ?? './data'),
    databaseUrl: env.PANEL_DATABASE_URL || file.databaseUrl || undefined,
    env: env.PANEL_ENV ?? file.env ?? 'dev',
    baseUrl: (env.PANEL_BASE_URL ?? file.baseUrl ?? `http://localhost:${port}`).replace(/\/$/, ''),
    adminEmail: env.PANEL_ADMIN_EMAIL ?? file.adminEmail,
    adminPassword: env.PANEL_ADMIN_PASSWORD ?? file.adminPassword,
    plugins: pluginList.map((p) => path.resolve(cwd, p)),
    secretKey,
    rateLimit: requestCount('PANEL_RATE_LIMIT', env.PANEL_RATE_LIMIT ?? file.rateLimit),
    rateLimitAnonymous: requestCount('PANEL_RATE_LIMIT_ANONYMOUS', env.PANEL_RATE_LIMIT_ANONYMOUS ?? file.rateLimitAnonymous),
    uploadsDir: (env.PANEL_UPLOADS_DIR || file.uploadsDir) ? path.resolve(cwd, (env.PANEL_UPLOADS_DIR || file.uploadsDir)!) : undefined,
  };
}
