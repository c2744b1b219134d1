/**
 * Conformance of the control panel API to panel/openapi.yaml (issue 14 point 3): for every operation,
 * requests generated from its schemas (fast-check, fixed seed, bounded runs) go to the real app: valid
 * and invalid query strings and bodies, path parameters taken from existing ids or made up, sent
 * anonymously, with a bearer token holding every scope, and with a signed-in cookie session. The
 * client (test/api/support/client.ts) fails on any status the operation does not document and on any
 * body or header that does not match the document. Bodies sometimes carry the caller's real email and
 * password, so sign-in, step-up and password change reach their successes too.
 *
 * Operations that would destroy the caller's own credentials (sign-out, step-up's session rotation,
 * password change, TOTP enrollment and removal, token and passkey revocation) get a fresh operator,
 * session and token on every run. Deleting sites runs last, on the ids the other operations used.
 * The MFA-pending path of totpVerify is not generated (its runs are full sessions, tokens or nothing).
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { SCOPE_NAMES } from '../../panel/scopes.ts';
import type { OperationSpec } from '../../panel/api/openapi.ts';
import { eachDatabase } from '../support/databases.ts';
import { invalidArbitrary, queryArbitrary, queryString, validArbitrary, type Resolve, type Schema } from '../support/openapi-arbitraries.ts';
import { Browser, call, type ApiResponse } from './support/client.ts';
import { contract } from './support/contract.ts';
import { addOperator, PASSWORD, signedIn, startPanel, type TestPanel } from './support/harness.ts';

const resolve: Resolve = (schema) => contract.deref<Schema>(schema);

/** Operations run with a fresh operator, session and token on each run: they end or change the caller's credentials. */
const FRESH_CALLER = new Set(['logout', 'stepUp', 'changePassword', 'totpEnrollBegin', 'totpEnrollConfirm', 'totpDisable', 'revokeToken', 'deletePasskey']);
/** Run after every other operation: they remove what the others' path parameters point at. */
const LAST = ['removeMember', 'deleteSite'];

const operations = [...contract.operations].sort((a, b) => LAST.indexOf(a.id) - LAST.indexOf(b.id));

const RUNS = 15;

interface Caller {
  browser: Browser;
  token: string;
  tokenId: string;
  operatorId: number;
  email: string;
}

eachDatabase('the control panel API conforms to panel/openapi.yaml (generated requests)', (target) => {
  let panel: TestPanel;
  let owner: Caller;
  const siteIds = ['conf-a', 'conf-b', 'default'];
  const operatorIds: number[] = [];

  async function caller(owner = false): Promise<Caller> {
    const { browser, operator } = await signedIn(panel.app, panel.kernel, { owner });
    const res = await browser.post('/api/v1/operators/me/tokens', { name: 'conformance', scopes: SCOPE_NAMES });
    if (res.status !== 201) throw new Error(`token: ${res.status} ${res.text}`);
    operatorIds.push(operator.id);
    return { browser, token: res.body.token as string, tokenId: String(res.body.id), operatorId: operator.id, email: operator.email };
  }

  before(async function () {
    this.timeout(60_000);
    panel = await startPanel(target);
    for (const id of siteIds) if (!(await panel.kernel.siteRecord(id))) await panel.kernel.createSite({ id });
    owner = await caller(true);
    operatorIds.push((await addOperator(panel.kernel)).id);
  });
  after(async () => panel?.dispose());

  /** Existing ids (and made-up ones) for a path parameter. */
  function pathValue(op: OperationSpec, name: string, schema: Schema, me: Caller): fc.Arbitrary<string> {
    const known = op.path.startsWith('/sites/') && name === 'id' ? siteIds : name === 'operator_id' ? operatorIds.map(String) : op.id === 'revokeToken' ? [me.tokenId, owner.tokenId] : [];
    const made = fc.oneof(validArbitrary(resolve, schema).map(String), fc.string({ minLength: 1, maxLength: 10 }), fc.string({ minLength: 65, maxLength: 80 }));
    return (known.length ? fc.oneof(fc.constantFrom(...known), made) : made).map((v) => encodeURIComponent(v) || 'x');
  }

  function withKnownCredentials(json: Record<string, unknown>, me: Caller): Record<string, unknown> {
    const out = { ...json };
    if ('email' in out) out.email = me.email;
    if ('password' in out) out.password = PASSWORD;
    if ('current_password' in out) out.current_password = PASSWORD;
    return out;
  }

  for (const op of operations) {
    it(`${op.method.toUpperCase()} ${op.path} (${op.id}) answers only documented statuses and shapes`, async function () {
      this.timeout(60_000);
      const query = queryArbitrary(resolve, op.parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })));
      const body = op.body ? fc.oneof({ weight: 3, arbitrary: validArbitrary(resolve, op.body.schema) }, { weight: 1, arbitrary: invalidArbitrary }) : fc.constant(undefined);
      const credentials = fc.constantFrom('anonymous', 'bearer', 'session');
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const seen: string[] = [];
      await fc.assert(
        fc.asyncProperty(query, body, credentials, fc.nat(), fc.boolean(), async (q, generated, credential, pick, known) => {
          const me = FRESH_CALLER.has(op.id) ? await caller() : owner;
          // Sometimes the caller's real email and password, so sign-in, step-up and password change also succeed.
          const json = known && generated && typeof generated === 'object' && !Array.isArray(generated) ? withKnownCredentials(generated as Record<string, unknown>, me) : generated;
          // Path parameters come from the caller's own ids, so they are drawn here rather than by the runner.
          const values = pathParams.map((p) => fc.sample(pathValue(op, p.name, p.schema, me), { seed: pick, numRuns: 1 })[0]!);
          let i = 0;
          const url = `/api/v1${op.path.replace(/\{[^}]+\}/g, () => values[i++]!)}${queryString(q)}`;
          const opts = json === undefined ? {} : { body: json };
          let res: ApiResponse;
          if (credential === 'session') res = await me.browser.request(op.method, url, opts);
          else res = await call(panel.app, op.method, url, { ...opts, ...(credential === 'bearer' ? { bearer: me.token } : {}) });
          seen.push(`${credential} ${res.status}`);
        }),
        { seed: 14, numRuns: RUNS, endOnFailure: true },
      );
      if (process.env.CONFORMANCE_DEBUG) console.log(op.id, [...new Set(seen)].sort().join(', '));
    });
  }

  it('every operation with a path parameter answers one too long for its schema with 422 validation.invalid (documented)', async () => {
    for (const op of contract.operations.filter((o) => o.parameters.some((p) => p.in === 'path'))) {
      const url = `/api/v1${op.path.replace(/\{[^}]+\}/g, 'x'.repeat(65))}`;
      const res = await owner.browser.request(op.method, url, op.body ? { body: {} } : {});
      expect(res.status, op.id).to.equal(422);
      expect(res.body.error.code, op.id).to.equal('validation.invalid');
    }
  });
});
