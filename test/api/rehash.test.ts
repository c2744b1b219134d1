/**
 * Password hashes made with other argon2 parameters than the current ones (argon2id, m=19456, t=2,
 * p=1) are replaced at the next successful sign-in, never after a failed one, and failures keep
 * doing exactly one verification, as for an unknown account.
 */
import { expect } from 'chai';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import { argon2Hasher, type PasswordHasher } from '../../panel/auth/passwords.ts';
import { hashPassword, passwordNeedsRehash } from '../../panel/operators.ts';
import { eachDatabase } from '../support/databases.ts';
import { Browser, call } from './support/client.ts';
import { addOperator, fakeDate, PASSWORD, startPanel, type TestPanel, type TestOperator } from './support/harness.ts';

const CURRENT = { algorithm: 2, version: 1, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 };

function countingHasher(): PasswordHasher & { verifications: number; hashes: number } {
  const h = {
    verifications: 0,
    hashes: 0,
    hash: (p: string) => {
      h.hashes += 1;
      return argon2Hasher.hash(p);
    },
    verify: (stored: string, p: string) => {
      h.verifications += 1;
      return argon2Hasher.verify(stored, p);
    },
    needsRehash: (stored: string) => argon2Hasher.needsRehash!(stored),
  };
  return h;
}

describe('passwordNeedsRehash', () => {
  it('is false for a hash made now, true for other parameters, another argon2 variant or an unreadable string', async () => {
    expect(passwordNeedsRehash(await hashPassword(PASSWORD))).to.equal(false);
    expect(passwordNeedsRehash(await hash(PASSWORD, { memoryCost: 4096 }))).to.equal(true);
    expect(passwordNeedsRehash(await hash(PASSWORD, { timeCost: 3 }))).to.equal(true);
    expect(passwordNeedsRehash(await hash(PASSWORD, { parallelism: 2 }))).to.equal(true);
    expect(passwordNeedsRehash(await hash(PASSWORD, { algorithm: 1 as Algorithm }))).to.equal(true);
    expect(passwordNeedsRehash('not a PHC string')).to.equal(true);
  });
});

eachDatabase('argon2 rehash on sign-in', (target) => {
  let panel: TestPanel;
  fakeDate();
  before(async () => {
    panel = await startPanel(target);
  });
  after(async () => panel.dispose());

  async function storedHash(op: TestOperator): Promise<string> {
    return String((await panel.kernel.panelDb('operators').where({ id: op.id }).first('password_hash')).password_hash);
  }

  /** An operator whose stored hash was made with weaker parameters (m=4096 KiB, t=1). */
  async function weakOperator(): Promise<{ op: TestOperator; weak: string }> {
    const op = await addOperator(panel.kernel);
    const weak = await hash(op.password, { memoryCost: 4096, timeCost: 1 });
    await panel.kernel.panelDb('operators').where({ id: op.id }).update({ password_hash: weak });
    return { op, weak };
  }

  it('a successful sign-in replaces a hash made with weaker parameters by one with the current parameters', async () => {
    const { op, weak } = await weakOperator();
    const res = await new Browser(panel.app).login(op.email, op.password);
    expect(res.status).to.equal(200);
    const renewed = await storedHash(op);
    expect(renewed).not.to.equal(weak);
    expect(renewed).to.match(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(renewed)).to.include(CURRENT);
    expect(await verify(renewed, op.password)).to.equal(true);
    // Once current, it stays as it is.
    expect((await new Browser(panel.app).login(op.email, op.password)).status).to.equal(200);
    expect(await storedHash(op)).to.equal(renewed);
  });

  it('a failed sign-in keeps the old hash: a wrong password, or the right one on a disabled account', async () => {
    const { op, weak } = await weakOperator();
    const wrong = await call(panel.app, 'post', '/api/v1/auth/login', { body: { email: op.email, password: 'not the password at all' } });
    expect(wrong.status).to.equal(401);
    expect(await storedHash(op)).to.equal(weak);
    await panel.kernel.panelDb('operators').where({ id: op.id }).update({ disabled: true });
    const disabled = await call(panel.app, 'post', '/api/v1/auth/login', { body: { email: op.email, password: op.password } });
    expect(disabled.status).to.equal(401);
    expect(await storedHash(op)).to.equal(weak);
  });

  it('a hash with stronger or other parameters (argon2i, m=32768) is brought to the current ones too', async () => {
    const op = await addOperator(panel.kernel);
    const other = await hash(op.password, { algorithm: 1 as Algorithm, memoryCost: 32768 });
    await panel.kernel.panelDb('operators').where({ id: op.id }).update({ password_hash: other });
    expect((await new Browser(panel.app).login(op.email, op.password)).status).to.equal(200);
    expect(parseOptions(await storedHash(op))).to.include(CURRENT);
  });

  it('the rehash happens at the password step even when a TOTP code must follow', async () => {
    const { op, weak } = await weakOperator();
    const created_at = new Date().toISOString();
    // Any confirmed row makes the sign-in wait for a code; the secret itself is not read here.
    await panel.kernel.panelDb('auth_totp').insert({ operator_id: op.id, secret: 'v1.unused', confirmed_at: created_at, last_step: null, created_at });
    const res = await new Browser(panel.app).login(op.email, op.password);
    expect(res.body.mfa_pending).to.equal(true);
    expect(await storedHash(op)).not.to.equal(weak);
    expect(parseOptions(await storedHash(op))).to.include(CURRENT);
  });

  it('equal work: an unknown account, a wrong password and a right password on a current hash each run one verification and no hash; only a right password on an old hash adds one hash', async () => {
    const hasher = countingHasher();
    const app = panel.appWith({ hasher });
    const login = async (email: string, password: string) => {
      const before = { verifications: hasher.verifications, hashes: hasher.hashes };
      const res = await call(app, 'post', '/api/v1/auth/login', { body: { email, password } });
      return { status: res.status, verifications: hasher.verifications - before.verifications, hashes: hasher.hashes - before.hashes };
    };
    await login('warm-up@example.test', 'makes the dummy hash once'); // the dummy hash is made on first use
    const { op } = await weakOperator();
    const current = await addOperator(panel.kernel);
    expect(await login('nobody-here@example.test', 'not the password at all')).to.deep.equal({ status: 401, verifications: 1, hashes: 0 });
    expect(await login(op.email, 'not the password at all')).to.deep.equal({ status: 401, verifications: 1, hashes: 0 });
    expect(await login(current.email, current.password)).to.deep.equal({ status: 200, verifications: 1, hashes: 0 });
    expect(await login(op.email, op.password)).to.deep.equal({ status: 200, verifications: 1, hashes: 1 });
    expect(await login(op.email, op.password)).to.deep.equal({ status: 200, verifications: 1, hashes: 0 });
  });

  it('a password changed while the sign-in was rehashing is not put back', async () => {
    const { op } = await weakOperator();
    const changedMeanwhile = await hashPassword('a password set by someone else meanwhile');
    const racing: PasswordHasher = {
      ...argon2Hasher,
      hash: async (p) => {
        await panel.kernel.panelDb('operators').where({ id: op.id }).update({ password_hash: changedMeanwhile });
        return argon2Hasher.hash(p);
      },
    };
    expect((await call(panel.appWith({ hasher: racing }), 'post', '/api/v1/auth/login', { body: { email: op.email, password: op.password } })).status).to.equal(200);
    expect(await storedHash(op)).to.equal(changedMeanwhile);
  });
});
