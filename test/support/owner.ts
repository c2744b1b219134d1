/** The panel owner with a token of every scope, for tests whose subject is not who may call (the shell, plugins' routes). */
import type { Express } from 'express';
import request from 'supertest';
import { AUTH_MIGRATIONS, Tokens, systemClock } from '../../panel/auth/index.ts';
import type { Kernel } from '../../panel/kernel.ts';
import { migrate } from '../../panel/migrations.ts';
import { createOperator } from '../../panel/operators.ts';
import { SCOPE_NAMES } from '../../panel/scopes.ts';

let n = 0;

export async function ownerToken(kernel: Kernel): Promise<string> {
  await migrate(kernel.panelDb, 'auth', AUTH_MIGRATIONS, { config: kernel.config });
  const op = await createOperator(kernel.panelDb, { email: `owner${++n}-${process.pid}@example.test`, password: 'a long owner password', owner: true });
  return (await new Tokens(() => kernel.panelDb, systemClock, kernel.config.env).create(op.id, { name: 'owner', scopes: SCOPE_NAMES })).token;
}

/** supertest's request(app), with the owner's bearer token on every call. */
export function asOwner(app: Express, token: string) {
  const auth = `Bearer ${token}`;
  return {
    get: (path: string) => request(app).get(path).set('Authorization', auth),
    post: (path: string) => request(app).post(path).set('Authorization', auth),
    delete: (path: string) => request(app).delete(path).set('Authorization', auth),
  };
}
