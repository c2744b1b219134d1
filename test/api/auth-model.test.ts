/**
 * Issue 6: a model-based test of the sign-in state machine (fast-check commands). Random sequences
 * of sign-ins (right and wrong), TOTP codes (fresh, wrong, replayed), time passing, step-ups,
 * sensitive operations and sign-outs run against the real API; a small model predicts every
 * status and whether the session cookie rotates. It encodes the written policy: 30-minute idle and
 * 12-hour absolute sessions, 5-minute MFA window and 5 attempts, 300-second step-up, 10 consecutive
 * failures per account and IP block for 15 minutes, a success that completes a sign-in resets them.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { eachDatabase } from '../support/databases.ts';
import { Browser } from './support/client.ts';
import { addOperator, codeFor, enrollTotp, fakeDate, startPanel, type TestPanel, type TestOperator } from './support/harness.ts';

const IDLE = 30 * 60_000;
const ABSOLUTE = 12 * 3600_000;
const PENDING = 5 * 60_000;
const TOUCH = 60_000;

interface Model {
  totp: boolean;
  session: 'none' | 'pending' | 'full';
  expiresAt: number;
  lastSeen: number;
  lastFullAuth: number;
  attempts: number;
  failures: number;
  failureWindowEnd: number;
  blockedUntil: number;
}

interface Real {
  browser: Browser;
  operator: TestOperator;
  secret?: string;
  lastCode?: string;
}

let clockTick: (ms: number) => void = () => undefined;

/** What the server does with the cookie before anything else: expire it, or refresh last-seen. */
function resolve(m: Model, now: number): void {
  if (m.session === 'none') return;
  if (m.expiresAt <= now || now - m.lastSeen > IDLE) {
    m.session = 'none';
    return;
  }
  if (now - m.lastSeen >= TOUCH) m.lastSeen = now;
}

function blocked(m: Model, now: number): boolean {
  return m.blockedUntil > now;
}

function fail(m: Model, now: number): void {
  if (now >= m.failureWindowEnd) {
    m.failures = 0;
    m.failureWindowEnd = now + 3600_000;
  }
  m.failures += 1;
  if (m.failures === 10) {
    m.blockedUntil = now + 15 * 60_000;
    // The block holds the counter at the limit until it ends, then the count starts over.
    m.failureWindowEnd = m.blockedUntil;
  }
}

function succeed(m: Model): void {
  m.failures = 0;
  m.failureWindowEnd = 0;
}

function startFull(m: Model, now: number): void {
  m.session = 'full';
  m.expiresAt = now + ABSOLUTE;
  m.lastSeen = now;
  m.lastFullAuth = now;
}

abstract class Step implements fc.AsyncCommand<Model, Real> {
  check(_m: Readonly<Model>): boolean {
    return true;
  }
  abstract run(m: Model, r: Real): Promise<void>;
  abstract toString(): string;
}

class Login extends Step {
  constructor(readonly correct: boolean) {
    super();
  }
  async run(m: Model, r: Real) {
    const now = Date.now();
    resolve(m, now);
    const before = r.browser.cookie;
    const res = await r.browser.login(r.operator.email, this.correct ? r.operator.password : 'definitely the wrong one');
    if (blocked(m, now)) {
      expect(res.status).to.equal(429);
      return;
    }
    if (!this.correct) {
      expect(res.status).to.equal(401);
      fail(m, now);
      return;
    }
    expect(res.status).to.equal(200);
    expect(r.browser.cookie).to.be.a('string').and.not.equal(before);
    if (m.totp) {
      expect(res.body.mfa_pending).to.equal(true);
      m.session = 'pending';
      m.expiresAt = now + PENDING;
      m.lastSeen = now;
      m.attempts = 0;
    } else {
      expect(res.body.mfa_pending).to.equal(false);
      startFull(m, now);
      succeed(m);
    }
  }
  toString() {
    return `Login(${this.correct ? 'right' : 'wrong'})`;
  }
}

class TotpVerify extends Step {
  constructor(readonly kind: 'fresh' | 'wrong' | 'replay') {
    super();
  }
  override check(m: Readonly<Model>): boolean {
    return m.totp;
  }
  async run(m: Model, r: Real) {
    if (this.kind === 'fresh') {
      // Move to the start of the next 30-second step, so the code has never been used.
      const delta = 30_000 - (Date.now() % 30_000);
      clockTick(delta);
    }
    const now = Date.now();
    resolve(m, now);
    const code = this.kind === 'fresh' ? codeFor(r.secret!) : this.kind === 'replay' ? (r.lastCode ?? '000000') : codeFor(r.secret!) === '000000' ? '111111' : '000000';
    const before = r.browser.cookie;
    const res = await r.browser.post('/api/v1/auth/totp-verify', { code });
    if (m.session !== 'pending') {
      expect(res.status).to.equal(401);
      expect(res.body.error.code).to.equal('auth.unauthenticated');
      return;
    }
    if (blocked(m, now)) {
      expect(res.status).to.equal(429);
      return;
    }
    // A replayed code is refused however it was obtained: its step is not later than the last one used.
    const good = this.kind === 'fresh';
    if (good) {
      expect(res.status).to.equal(200);
      expect(r.browser.cookie).to.be.a('string').and.not.equal(before);
      r.lastCode = code;
      startFull(m, now);
      succeed(m);
      return;
    }
    expect(res.status).to.equal(401);
    fail(m, now);
    m.attempts += 1;
    if (m.attempts >= 5) m.session = 'none';
  }
  toString() {
    return `TotpVerify(${this.kind})`;
  }
}

class Advance extends Step {
  constructor(readonly ms: number) {
    super();
  }
  async run() {
    clockTick(this.ms);
  }
  toString() {
    return `Advance(${this.ms / 1000}s)`;
  }
}

class StepUp extends Step {
  constructor(readonly correct: boolean) {
    super();
  }
  async run(m: Model, r: Real) {
    const now = Date.now();
    resolve(m, now);
    const before = r.browser.cookie;
    const res = await r.browser.post('/api/v1/auth/step-up', { password: this.correct ? r.operator.password : 'definitely the wrong one' });
    if (m.session !== 'full') {
      expect(res.status).to.equal(401);
      return;
    }
    if (blocked(m, now)) {
      expect(res.status).to.equal(429);
      return;
    }
    if (!this.correct) {
      expect(res.status).to.equal(401);
      expect(r.browser.cookie).to.equal(before);
      fail(m, now);
      return;
    }
    expect(res.status).to.equal(200);
    expect(r.browser.cookie).to.be.a('string').and.not.equal(before);
    m.lastFullAuth = now;
    m.lastSeen = now;
    succeed(m);
  }
  toString() {
    return `StepUp(${this.correct ? 'right' : 'wrong'})`;
  }
}

class Sensitive extends Step {
  async run(m: Model, r: Real) {
    const now = Date.now();
    resolve(m, now);
    const res = await r.browser.post('/api/v1/operators/me/tokens', { name: 'model' });
    if (m.session !== 'full') expect(res.status).to.equal(401);
    else if (now - m.lastFullAuth > 300_000) expect(res.body.error?.code).to.equal('auth.step_up_required');
    else expect(res.status).to.equal(201);
  }
  toString() {
    return 'CreateToken';
  }
}

class Me extends Step {
  async run(m: Model, r: Real) {
    const now = Date.now();
    resolve(m, now);
    const res = await r.browser.get('/api/v1/operators/me');
    expect(res.status).to.equal(m.session === 'full' ? 200 : 401);
  }
  toString() {
    return 'GetMe';
  }
}

class Logout extends Step {
  async run(m: Model, r: Real) {
    const now = Date.now();
    resolve(m, now);
    const res = await r.browser.post('/api/v1/auth/logout');
    expect(res.status).to.equal(m.session === 'none' ? 401 : 204);
    m.session = 'none';
  }
  toString() {
    return 'Logout';
  }
}

const commands = [
  fc.boolean().map((ok) => new Login(ok)),
  fc.constantFrom<'fresh' | 'wrong' | 'replay'>('fresh', 'fresh', 'wrong', 'replay').map((k) => new TotpVerify(k)),
  fc.constantFrom(1_000, 30_000, 100_000, 200_000, 299_000, 301_000, 20 * 60_000, 31 * 60_000, 2 * 3600_000).map((ms) => new Advance(ms)),
  fc.constantFrom(1_000, 30_000, 100_000, 200_000).map((ms) => new Advance(ms)),
  fc.boolean().map((ok) => new StepUp(ok)),
  fc.constant(new Sensitive()),
  fc.constant(new Sensitive()),
  fc.constant(new Me()),
  fc.constant(new Logout()),
];

eachDatabase('the sign-in state machine (model-based)', (target) => {
  let panel: TestPanel;
  const time = fakeDate();
  before(async () => {
    panel = await startPanel(target);
    clockTick = (ms) => time.clock.tick(ms);
  });
  after(async () => panel.dispose());

  it('random sequences of sign-in, MFA, time, step-up, sensitive operations and sign-out behave as the model predicts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.commands(commands, { maxCommands: 30, size: '+1' }), async (totp, cmds) => {
        // A fresh app (fresh throttles) and a fresh operator per run.
        const app = panel.appWith({});
        const operator = await addOperator(panel.kernel);
        let secret: string | undefined;
        if (totp) {
          const enroller = new Browser(app);
          await enroller.login(operator.email, operator.password);
          secret = (await enrollTotp(enroller, time.clock)).secret;
        }
        const model: Model = { totp, session: 'none', expiresAt: 0, lastSeen: 0, lastFullAuth: 0, attempts: 0, failures: 0, failureWindowEnd: 0, blockedUntil: 0 };
        const real: Real = { browser: new Browser(app), operator, secret };
        // Every run starts signed in (or at the MFA step), so most commands meet a live session.
        await new Login(true).run(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: Number(process.env.MODEL_RUNS ?? 40) },
    );
  });
});
