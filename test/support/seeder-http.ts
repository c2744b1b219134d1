/**
 * The Seeder over real HTTP for tests: a kernel with the built-in plugins and the auth tables, the
 * real app, an administrator with an API token, and a client that validates every Seeder response
 * against the generated OpenAPI document.
 */
import request from 'supertest';
import type { Express } from 'express';
import { buildApp } from '../../panel/boot.ts';
import { AUTH_MIGRATIONS, Tokens, systemClock } from '../../panel/auth/index.ts';
import { BUILTIN_PLUGINS } from '../../main.ts';
import { createOperator } from '../../panel/operators.ts';
import type { Plugin } from '../../panel/plugin.ts';
import type { Role } from '../../panel/roles.ts';
import type { Site } from '../../panel/site.ts';
import { bootTestKernel, siteIds, type DatabaseTarget } from './databases.ts';
import { checkSeederResponse } from './seeder-contract.ts';

export interface SeederResponse {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test convenience: assertions read arbitrary JSON
  headers: Record<string, string>;
  text: string;
}

export class SeederClient {
  readonly app: Express;
  readonly base: string;
  token: string;

  constructor(app: Express, siteId: string, token: string) {
    this.app = app;
    this.base = `/sites/${siteId}/rest/seeder/v1`;
    this.token = token;
  }

  async call(method: 'get' | 'post' | 'delete', path: string, body?: unknown, token: string | null = this.token, headers: Record<string, string> = {}): Promise<SeederResponse> {
    let r = request(this.app)[method](`${this.base}${path}`);
    if (token) r = r.set('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) r = r.set(name, value);
    if (body !== undefined) r = r.set('Content-Type', 'application/json').send(JSON.stringify(body));
    const res = await r;
    checkSeederResponse(method, path, res.status, res.body);
    return { status: res.status, body: res.body, headers: res.headers as Record<string, string>, text: res.text };
  }

  get(path: string, token?: string | null) {
    return this.call('get', path, undefined, token);
  }
  post(path: string, body: unknown = {}, token?: string | null) {
    return this.call('post', path, body, token);
  }
  delete(path: string, body?: unknown, token?: string | null) {
    return this.call('delete', path, body, token);
  }
}

export interface SeederHttp {
  kernel: Awaited<ReturnType<typeof bootTestKernel>>;
  site: Site;
  app: Express;
  client: SeederClient;
  /** A bearer token for a new operator of the role. */
  tokenFor(role: Role): Promise<string>;
  dispose(): Promise<void>;
}

let n = 0;

export async function startSeederHttp(
  target: DatabaseTarget,
  options: { plugins?: string[]; extraPlugins?: ReadonlyArray<Plugin | (new () => Plugin)>; pluginModules?: string[] } = {},
): Promise<SeederHttp> {
  const kernel = await bootTestKernel(target, {
    builtins: [...BUILTIN_PLUGINS, ...(options.extraPlugins ?? [])],
    panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS }],
    config: { plugins: options.pluginModules ?? [] },
  });
  const site = await kernel.createSite({ id: 'shop', plugins: options.plugins ?? ['emporium', 'seeder'] });
  const app = buildApp(kernel, () => {}, { requestLimits: { authenticated: { points: 1_000_000, durationSeconds: 60 }, anonymous: { points: 1_000_000, durationSeconds: 60 } } });
  const tokens = new Tokens(() => kernel.panelDb, systemClock, kernel.config.env);
  const tokenFor = async (role: Role) => {
    const op = await createOperator(kernel.panelDb, { email: `${role}${++n}-${process.pid}@example.test`, password: 'a long test password', role, sites: await siteIds(kernel) });
    return (await tokens.create(op.id, { name: `${role} test token` })).token;
  };
  const client = new SeederClient(app, site.id, await tokenFor('administrator'));
  return { kernel, site, app, client, tokenFor, dispose: () => kernel.dispose() };
}
