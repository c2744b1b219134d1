/**
 * Issue 15, points 2 and 4: two `panel serve` processes on one database (for SQLite, one data folder)
 * are one panel to their users. A request budget spent on one is spent on the other, a sign-in
 * throttle tripped on one blocks the other, a session, a TOTP code and a pagination cursor mean the
 * same on both, and a process started with another secret key than the database was set up with is
 * refused at start, as is a database URL without PANEL_SECRET_KEY.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { checkSecretKey, keyFingerprint, KEY_RECORDS_TABLE } from '../../panel/auth/key-check.ts';
import { SECRET_KEY_FILE } from '../../panel/auth/secret-key.ts';
import { timeStep, totpCode } from '../../panel/auth/totp.ts';
import { TotpSecrets } from '../../panel/auth/totp-secrets.ts';
import { AUTH_MIGRATIONS } from '../../panel/auth/schema.ts';
import { createOperator } from '../../panel/operators.ts';
import { bootTestKernel, DATABASE_TARGETS, tempDir, type DatabaseTarget } from '../support/databases.ts';
import { panelEnv, runPanel, startPanel } from '../support/cli.ts';

const READY = /Panel listening on (http:\/\/\S+?) /;
const PASSWORD = 'a long operator passphrase';
const newKey = () => crypto.randomBytes(32).toString('base64');

interface Reply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** The svc_session value this answer set, if it set one. */
  cookie?: string;
}

/** One HTTP request as a same-origin browser page sends it (the cookie, Sec-Fetch-Site on unsafe methods). */
async function call(base: string, method: string, url: string, opts: { cookie?: string; body?: unknown } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = `svc_session=${opts.cookie}`;
  if (method !== 'GET') headers['sec-fetch-site'] = 'same-origin';
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  const line = res.headers.getSetCookie().find((l) => l.startsWith('svc_session='));
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, cookie: line?.slice('svc_session='.length).split(';')[0] };
}

async function login(base: string, email: string, password = PASSWORD): Promise<Reply> {
  return call(base, 'POST', '/api/v1/auth/login', { body: { email, password } });
}

/** The panel's environment on the target's database; for SQLite the data folder is the database. */
function serveEnv(dataDir: string, databaseUrl: string | undefined, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return panelEnv(dataDir, {
    PORT: '0',
    PANEL_DATABASE_URL: databaseUrl,
    // Behind one load balancer: both processes answer for one origin.
    PANEL_BASE_URL: 'http://panel.test',
    PANEL_ADMIN_EMAIL: 'owner@example.test',
    PANEL_ADMIN_PASSWORD: PASSWORD,
    PANEL_RATE_LIMIT: '6',
    PANEL_RATE_LIMIT_ANONYMOUS: '1000',
    ...extra,
  });
}

function addOperator(env: NodeJS.ProcessEnv, email: string): void {
  const added = runPanel(['operator', 'add', '--email', email, '--role', 'administrator', '--password-stdin'], env, `${PASSWORD}\n`);
  expect(added.code, added.stderr).to.equal(0);
}

/** A fresh data folder, and for SQLite the same one for every process (the database is in it). */
function dataFolders(target: DatabaseTarget): { databaseUrl?: string; first: string; second: string } {
  const { databaseUrl } = target.freshConfig();
  const first = path.join(tempDir(), 'data');
  return { databaseUrl, first, second: databaseUrl ? path.join(tempDir(), 'data') : first };
}

for (const target of DATABASE_TARGETS) {
  describe(`two panel processes on one database [${target.label}]`, function () {
    this.timeout(240_000);
    type Server = Awaited<ReturnType<typeof startPanel>>;
    let servers: Server[] = [];
    let A: string;
    let B: string;
    let envA: NodeJS.ProcessEnv;

    before(async () => {
      const folders = dataFolders(target);
      envA = serveEnv(folders.first, folders.databaseUrl);
      // One after the other: the first start makes the database (its migrations), the second finds it made.
      servers.push(await startPanel(['serve'], envA, READY));
      servers.push(await startPanel(['serve'], serveEnv(folders.second, folders.databaseUrl), READY));
      [A, B] = servers.map((s) => s.match[1]);
      for (const who of ['budget', 'throttled', 'session', 'totp', 'cursor']) addOperator(envA, `${who}@example.test`);
    });

    after(async () => {
      for (const s of servers) expect(await s.stop()).to.equal(0);
      servers = [];
    });

    it('a request budget is spent across both: Remaining counts down over A and B, then both answer 429 with Retry-After', async () => {
      const signedIn = await login(A, 'budget@example.test');
      expect(signedIn.status).to.equal(200);
      const seen: Array<string | null> = [];
      for (const base of [A, B, A, B, A, B]) {
        const res = await call(base, 'GET', '/api/v1/operators/me', { cookie: signedIn.cookie });
        expect(res.status).to.equal(200);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('6');
        seen.push(res.headers.get('x-ratelimit-remaining'));
      }
      expect(seen).to.deep.equal(['5', '4', '3', '2', '1', '0']);
      for (const base of [A, B]) {
        const refused = await call(base, 'GET', '/api/v1/operators/me', { cookie: signedIn.cookie });
        expect(refused.status, base).to.equal(429);
        expect(refused.body.error.code).to.equal('rate_limit.exceeded');
        expect(refused.headers.get('x-ratelimit-remaining')).to.equal('0');
        expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
      }
    });

    it('the sign-in throttle is shared: ten failures spread over A and B block the account on this address on both', async () => {
      for (let i = 0; i < 10; i++) {
        const failed = await login(i % 2 === 0 ? A : B, 'throttled@example.test', `wrong password number ${i}`);
        expect(failed.status, `failure ${i}`).to.equal(401);
      }
      for (const base of [B, A]) {
        const res = await login(base, 'throttled@example.test');
        expect(res.status, base).to.equal(429);
        expect(res.body.error.details.scope).to.equal('sign_in');
        expect(Number(res.headers.get('retry-after'))).to.be.within(14 * 60, 15 * 60);
      }
    });

    it('a session made on A is used and stepped up on B, ended on A, and refused on B', async () => {
      const made = await login(A, 'session@example.test');
      expect(made.status).to.equal(200);
      const me = await call(B, 'GET', '/api/v1/operators/me', { cookie: made.cookie });
      expect(me.status).to.equal(200);
      expect(me.body.email).to.equal('session@example.test');
      const steppedUp = await call(B, 'POST', '/api/v1/auth/step-up', { cookie: made.cookie, body: { password: PASSWORD } });
      expect(steppedUp.status).to.equal(200);
      expect(steppedUp.cookie).to.be.a('string').and.not.equal(made.cookie);
      // The rotation made on B holds on A: the old token is gone, the new one works.
      expect((await call(A, 'GET', '/api/v1/operators/me', { cookie: made.cookie })).status).to.equal(401);
      expect((await call(A, 'GET', '/api/v1/operators/me', { cookie: steppedUp.cookie })).status).to.equal(200);
      expect((await call(A, 'POST', '/api/v1/auth/logout', { cookie: steppedUp.cookie })).status).to.equal(204);
      expect((await call(B, 'GET', '/api/v1/operators/me', { cookie: steppedUp.cookie })).status).to.equal(401);
    });

    it('a TOTP secret enrolled on B opens on A, and a code used on A is refused on B', async () => {
      const session = await login(B, 'totp@example.test');
      const begin = await call(B, 'POST', '/api/v1/operators/me/totp', { cookie: session.cookie });
      expect(begin.status).to.equal(200);
      const secret = begin.body.secret as string;
      // Confirm with the previous step's code (one step late is accepted), so the current step's code is still unused.
      if (Date.now() % 30_000 > 25_000) await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 100));
      const step = timeStep(Date.now());
      const confirm = await call(B, 'POST', '/api/v1/operators/me/totp/confirm', { cookie: session.cookie, body: { code: totpCode(secret, step - 1) } });
      expect(confirm.status).to.equal(200);
      const code = totpCode(secret, step);
      const onA = await login(A, 'totp@example.test');
      expect(onA.body.mfa_pending).to.equal(true);
      expect((await call(A, 'POST', '/api/v1/auth/totp-verify', { cookie: onA.cookie, body: { code } })).status).to.equal(200);
      const onB = await login(B, 'totp@example.test');
      expect(onB.body.mfa_pending).to.equal(true);
      const replay = await call(B, 'POST', '/api/v1/auth/totp-verify', { cookie: onB.cookie, body: { code } });
      expect(replay.status).to.equal(401);
      expect(replay.body.error.code).to.equal('auth.invalid_credentials');
    });

    it('a pagination cursor issued by A is accepted by B', async () => {
      const session = await login(A, 'cursor@example.test');
      for (const name of ['first', 'second']) {
        expect((await call(A, 'POST', '/api/v1/operators/me/tokens', { cookie: session.cookie, body: { name } })).status).to.equal(201);
      }
      const page1 = await call(A, 'GET', '/api/v1/operators/me/tokens?limit=1', { cookie: session.cookie });
      expect(page1.body.has_more).to.equal(true);
      const page2 = await call(B, 'GET', `/api/v1/operators/me/tokens?limit=1&cursor=${encodeURIComponent(page1.body.next_cursor)}`, { cookie: session.cookie });
      expect(page2.status).to.equal(200);
      expect([page1.body.data[0].name, page2.body.data[0].name].sort()).to.deep.equal(['first', 'second']);
    });

    it('a third process started with another PANEL_SECRET_KEY than the recorded one exits at once with a one-line error', async () => {
      // SQLite's first start recorded nothing (no key file yet); the TOTP enrollment above made the key file and recorded it.
      const refused = runPanel(['serve'], { ...envA, PANEL_SECRET_KEY: newKey() });
      expect(refused.code).to.equal(1);
      const lines = refused.stderr.trim().split('\n');
      expect(lines, refused.stderr).to.have.length(1);
      expect(lines[0]).to.match(/^Error: The secret key from PANEL_SECRET_KEY \(fingerprint [0-9a-f]{12}\) is not the key this panel database was set up with \(fingerprint [0-9a-f]{12}\)/);
      expect(lines[0]).to.include('panel operator reset-mfa');
      expect(refused.stdout).not.to.match(READY);
    });

    it('`panel secret-key forget` is refused while a TOTP secret depends on the recorded key; after reset-mfa it lets a new key be recorded', async () => {
      const json = ['--format', 'json'];
      const kept = runPanel(['secret-key', 'forget', ...json], envA);
      expect(kept.code).to.equal(1);
      expect(kept.stderr.trim()).to.match(/^Error: 1 TOTP secret\(s\) are encrypted with the recorded key; .*panel operator reset-mfa/);
      expect(runPanel(['operator', 'reset-mfa', 'totp@example.test', ...json], envA).code).to.equal(0);
      const forgotten = runPanel(['secret-key', 'forget', ...json], envA);
      expect(forgotten.code, forgotten.stderr).to.equal(0);
      expect(JSON.parse(forgotten.stdout)).to.deep.equal({ forgotten: true });
      const third = await startPanel(['serve'], { ...envA, PANEL_SECRET_KEY: newKey() }, READY);
      expect(await third.stop()).to.equal(0);
    });
  });
}

for (const target of DATABASE_TARGETS.filter((t) => t.freshConfig().databaseUrl)) {
  describe(`PANEL_SECRET_KEY with a database URL [${target.label}]`, function () {
    this.timeout(120_000);

    it('is required: without it `panel serve` exits with why and how to make one, or which key file holds the key in use', () => {
      const { databaseUrl, first } = dataFolders(target);
      const env = serveEnv(first, databaseUrl, { PANEL_SECRET_KEY: undefined });
      const bare = runPanel(['serve'], env);
      expect(bare.code).to.equal(1);
      expect(bare.stderr.trim()).to.match(/^Error: PANEL_SECRET_KEY is required with PANEL_DATABASE_URL: .*openssl rand -base64 32/);
      expect(bare.stderr.trim().split('\n')).to.have.length(1);
      fs.mkdirSync(first, { recursive: true });
      fs.writeFileSync(path.join(first, SECRET_KEY_FILE), `${newKey()}\n`, { mode: 0o600 });
      const withFile = runPanel(['serve'], env);
      expect(withFile.code).to.equal(1);
      expect(withFile.stderr).to.include(`The key file ${path.join(first, SECRET_KEY_FILE)} exists`).and.include('$(cat ');
    });
  });
}

for (const target of DATABASE_TARGETS) {
  describe(`the recorded secret key [${target.label}]`, () => {
    it('two processes recording different keys at once: one wins, the other is refused; the winner starts again', async () => {
      const kernel = await bootTestKernel(target, { panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS }] });
      try {
        const keys = [newKey(), newKey()];
        const results = await Promise.allSettled(keys.map((secretKey) => checkSecretKey(kernel.panelDb, { ...kernel.config, secretKey })));
        expect(results.map((r) => r.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
        const winner = keys[results.findIndex((r) => r.status === 'fulfilled')];
        const row = await kernel.panelDb(KEY_RECORDS_TABLE).first('value');
        expect(row.value).to.equal(keyFingerprint(Buffer.from(winner, 'base64')));
        expect(JSON.stringify(await kernel.panelDb(KEY_RECORDS_TABLE).select('*'))).not.to.include(winner);
        await checkSecretKey(kernel.panelDb, { ...kernel.config, secretKey: winner });
      } finally {
        await kernel.dispose();
      }
    });

    it('an install from before the record, with TOTP secrets: only the key that opens them is recorded', async () => {
      const kernel = await bootTestKernel(target, { panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS }] });
      try {
        const [used, other] = [newKey(), newKey()];
        const op = await createOperator(kernel.panelDb, { email: 'legacy@example.test', password: PASSWORD });
        const sealed = await new TotpSecrets(() => kernel.panelDb, { dataDir: kernel.config.dataDir, secretKey: used }).seal(op.id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
        await kernel.panelDb('auth_totp').insert({ operator_id: op.id, secret: sealed, confirmed_at: new Date().toISOString(), last_step: null, created_at: new Date().toISOString() });
        let refused: unknown;
        await checkSecretKey(kernel.panelDb, { ...kernel.config, secretKey: other }).catch((e: unknown) => (refused = e));
        expect(String(refused)).to.match(/The secret key from PANEL_SECRET_KEY does not open the TOTP secrets stored in the panel database/);
        expect(await kernel.panelDb(KEY_RECORDS_TABLE).first()).to.equal(undefined);
        await checkSecretKey(kernel.panelDb, { ...kernel.config, secretKey: used });
        expect((await kernel.panelDb(KEY_RECORDS_TABLE).first('value')).value).to.equal(keyFingerprint(Buffer.from(used, 'base64')));
      } finally {
        await kernel.dispose();
      }
    });
  });
}
