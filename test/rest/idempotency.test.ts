/**
 * Retries that never write twice (issue 15, point 7): an `Idempotency-Key` on a Seeder write stores
 * the first answer in the site's database; a retry with the same key and request gets it back without
 * writing, on any process; another request under the key is 422, a retry while the first runs is 409.
 * Over real HTTP on every database, and across two real `panel serve` processes on one database.
 */
import path from 'node:path';
import { expect } from 'chai';
import sinon from 'sinon';
import { DATABASE_TARGETS, eachDatabase, tempDir } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';
import { ownerToken, serveEnv, servePanel } from '../support/cli.ts';
import { IDEMPOTENCY_TABLE, LEASE_MS } from '../../controllers/idempotency.ts';

const KEY = 'Idempotency-Key';
const REPLAYED = 'idempotent-replayed';

eachDatabase('Idempotency-Key on Seeder writes', (target) => {
  let h: SeederHttp;
  let n = 0;
  /** A fresh key and seed per test, so tests never share stored answers or rows. */
  const fresh = () => `key-${++n}-${Date.now()}`;

  const post = (path: string, body: unknown, key?: string, token?: string) => h.client.call('post', path, body, token, key === undefined ? {} : { [KEY]: key });
  const ledgerTotal = async () => (await h.client.get('/generated')).body.total as number;
  const keyRows = async () => Number(((await h.site.db(IDEMPOTENCY_TABLE).count({ n: '*' }).first()) as { n: number | string }).n);

  before(async () => {
    h = await startSeederHttp(target);
  });
  after(async () => h.dispose());

  it('the same key and request again: the stored answer, Idempotent-Replayed: true, and one write', async () => {
    const key = fresh();
    const start = await ledgerTotal();
    const first = await post('/customers/generate', { count: 3, seed: key, locale: 'en_US' }, key);
    expect(first.status, first.text).to.equal(201);
    expect(first.headers).not.to.have.property(REPLAYED);
    // The keys of the JSON in another order are the same request.
    const again = await post('/customers/generate', { locale: 'en_US', seed: key, count: 3 }, key);
    expect(again.status, again.text).to.equal(201);
    expect(again.headers[REPLAYED]).to.equal('true');
    expect(again.body).to.deep.equal(first.body);
    expect(await ledgerTotal()).to.equal(start + 3);
  });

  it('without a key, the same request is run again (409 generation.conflict: the rows are there)', async () => {
    const seed = fresh();
    expect((await post('/customers/generate', { count: 1, seed })).status).to.equal(201);
    expectErrorEnvelope(await post('/customers/generate', { count: 1, seed }), 409, 'generation.conflict');
  });

  it('the same key with another body, query or route: 422 idempotency.mismatch, and nothing is written', async () => {
    const key = fresh();
    expect((await post('/customers/generate', { count: 2, seed: key }, key)).status).to.equal(201);
    const start = await ledgerTotal();
    const other = expectErrorEnvelope(await post('/customers/generate', { count: 2, seed: `${key}-other` }, key), 422, 'idempotency.mismatch');
    expect(other.details).to.include({ header: KEY });
    expectErrorEnvelope(await post('/products/generate', { count: 2, seed: key }, key), 422, 'idempotency.mismatch');
    expectErrorEnvelope(await h.client.call('delete', '/generated?run_id=nothing', undefined, undefined, { [KEY]: key }), 422, 'idempotency.mismatch');
    expect(await ledgerTotal()).to.equal(start);
  });

  it('a retry while the first request still runs: 409 idempotency.in_progress with Retry-After; afterwards the stored answer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const running = new Promise<void>((r) => (entered = r));
    // A recipe's words are looked up through seeder_recipes (async): the first request waits there, inside its handler.
    const dispose = h.site.hooks.addFilter('seeder_recipes', async (list) => {
      entered();
      await gate;
      return list;
    });
    try {
      const key = fresh();
      const body = { count: 2, seed: key, recipe: 'grocery' };
      const first = post('/products/generate', body, key);
      await running;
      const busy = await post('/products/generate', body, key);
      const error = expectErrorEnvelope(busy, 409, 'idempotency.in_progress');
      expect(busy.headers['retry-after']).to.match(/^\d+$/);
      expect(error.details).to.include({ header: KEY });
      dispose();
      release();
      const done = await first;
      expect(done.status, done.text).to.equal(201);
      const replay = await post('/products/generate', body, key);
      expect(replay.headers[REPLAYED]).to.equal('true');
      expect(replay.body).to.deep.equal(done.body);
    } finally {
      dispose();
      release();
    }
  });

  it('two first requests with one key at once: one runs; the other is 409 in progress or the replay; one write', async () => {
    const key = fresh();
    const start = await ledgerTotal();
    const body = { count: 5, seed: key };
    const answers = await Promise.all([post('/customers/generate', body, key), post('/customers/generate', body, key)]);
    const ran = answers.filter((a) => a.status === 201 && !a.headers[REPLAYED]);
    expect(ran, JSON.stringify(answers.map((a) => a.body))).to.have.length(1);
    const other = answers.find((a) => a !== ran[0])!;
    if (other.status === 201) expect(other.headers[REPLAYED]).to.equal('true');
    else expectErrorEnvelope(other, 409, 'idempotency.in_progress');
    expect(await ledgerTotal()).to.equal(start + 5);
  });

  it('keys are case-sensitive: "Key-A" and "key-a" are two keys', async () => {
    const key = fresh();
    expect((await post('/customers/generate', { count: 1, seed: `${key}-upper` }, `${key}-A`)).status).to.equal(201);
    const lower = await post('/customers/generate', { count: 1, seed: `${key}-lower` }, `${key}-a`);
    expect(lower.status, lower.text).to.equal(201);
    expect(lower.headers).not.to.have.property(REPLAYED);
  });

  it('keys are per caller: another token with the same key runs its own request', async () => {
    const key = fresh();
    const body = { count: 1, seed: key };
    const mine = await post('/customers/generate', body, key);
    expect(mine.status).to.equal(201);
    expect((await post('/customers/generate', body, key)).headers[REPLAYED]).to.equal('true');
    const other = await h.tokenFor('administrator');
    // The same request under the same key, from another token: run, not replayed (and so refused: the rows are there).
    const theirs = await post('/customers/generate', body, key, other);
    expectErrorEnvelope(theirs, 409, 'generation.conflict');
    expect(theirs.headers).not.to.have.property(REPLAYED);
    // Another request under that key is no mismatch for a third token either: it runs.
    const third = await post('/customers/generate', { count: 1, seed: `${key}-third` }, key, await h.tokenFor('administrator'));
    expect(third.status, third.text).to.equal(201);
    expect(third.body.seed).to.equal(`${key}-third`);
  });

  it('a refusal (4xx) is an answer: replayed as it was, even when the request would now succeed', async () => {
    const seed = fresh();
    const written = await post('/customers/generate', { count: 2, seed });
    expect(written.status).to.equal(201);
    const key = fresh();
    const refused = expectErrorEnvelope(await post('/customers/generate', { count: 2, seed }, key), 409, 'generation.conflict');
    // Undo the run: the same request would now write.
    expect((await h.client.delete(`/generated?run_id=${written.body.run_id}`)).body.remaining).to.equal(0);
    const replay = await post('/customers/generate', { count: 2, seed }, key);
    const again = expectErrorEnvelope(replay, 409, 'generation.conflict');
    expect(replay.headers[REPLAYED]).to.equal('true');
    expect(again.message).to.equal(refused.message);
    expect(again.details).to.deep.equal(refused.details);
    expect(again.request_id).not.to.equal(refused.request_id);
    // A new key runs it.
    expect((await post('/customers/generate', { count: 2, seed }, fresh())).status).to.equal(201);
  });

  it('a fault (5xx) is not an answer: the key is freed and a retry with it runs again', async () => {
    const dispose = h.site.hooks.addFilter('seeder_canonical_entity', () => {
      throw new Error('disk on fire');
    });
    const key = fresh();
    const body = { count: 2, seed: key };
    const rows = await keyRows();
    try {
      const failed = await post('/customers/generate', body, key);
      expect(failed.status, failed.text).to.be.at.least(500);
      expect(await keyRows()).to.equal(rows);
    } finally {
      dispose();
    }
    const retried = await post('/customers/generate', body, key);
    expect(retried.status, retried.text).to.equal(201);
    expect(retried.headers).not.to.have.property(REPLAYED);
    expect(retried.body.created_count).to.equal(2);
  });

  it('a key that is not 1 to 255 printable ASCII characters is 422 validation.invalid naming the header; nothing is written or stored', async () => {
    const start = await ledgerTotal();
    const rows = await keyRows();
    for (const bad of ['', 'x'.repeat(256), 'tab\there']) {
      const res = await post('/customers/generate', { count: 1, seed: fresh() }, bad);
      const error = expectErrorEnvelope(res, 422, 'validation.invalid');
      expect(error.message).to.contain(KEY);
      expect(error.details!.params).to.have.property(KEY);
    }
    expect(await ledgerTotal()).to.equal(start);
    expect(await keyRows()).to.equal(rows);
    expect((await post('/customers/generate', { count: 1, seed: fresh() }, 'x'.repeat(255))).status).to.equal(201);
  });

  it('an expired key (after 24 hours) runs the request again', async () => {
    const key = fresh();
    const body = { count: 1, seed: key };
    expect((await post('/customers/generate', body, key)).status).to.equal(201);
    const clock = sinon.useFakeTimers({ now: Date.now() + 24 * 3600 * 1000 - 60_000, toFake: ['Date'] });
    expect((await post('/customers/generate', body, key)).headers[REPLAYED], 'a minute before expiry').to.equal('true');
    clock.tick(61_000);
    try {
      // Run again, not replayed: the seed's rows are there, so this time it is refused.
      const again = await post('/customers/generate', body, key);
      expectErrorEnvelope(again, 409, 'generation.conflict');
      expect(again.headers).not.to.have.property(REPLAYED);
    } finally {
      clock.restore();
    }
  });

  it('a running key whose lease lapsed (its process stopped renewing it) is taken over by a retry; the first cannot overwrite the answer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const running = new Promise<void>((r) => (entered = r));
    let calls = 0;
    const dispose = h.site.hooks.addFilter('seeder_recipes', async (list) => {
      if (++calls === 1) {
        entered();
        await gate;
      }
      return list;
    });
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      const key = fresh();
      const body = { count: 2, seed: key, recipe: 'grocery' };
      const first = post('/products/generate', body, key);
      await running;
      clock.tick(LEASE_MS + 1000);
      const takeover = await post('/products/generate', body, key);
      expect(takeover.status, takeover.text).to.equal(201);
      release();
      // The first ran on and met the rows the takeover wrote.
      expectErrorEnvelope(await first, 409, 'generation.conflict');
      const replay = await post('/products/generate', body, key);
      expect(replay.headers[REPLAYED]).to.equal('true');
      expect(replay.body).to.deep.equal(takeover.body);
    } finally {
      clock.restore();
      dispose();
      release();
    }
  });

  it('DELETE generated and the settings writes take a key too; preview ignores one', async () => {
    const seed = fresh();
    const run = (await post('/customers/generate', { count: 2, seed })).body.run_id as string;
    const key = fresh();
    const first = await h.client.call('delete', `/generated?run_id=${run}`, undefined, undefined, { [KEY]: key });
    expect(first.body).to.include({ deleted: 2, remaining: 0 });
    const again = await h.client.call('delete', `/generated?run_id=${run}`, undefined, undefined, { [KEY]: key });
    expect(again.headers[REPLAYED]).to.equal('true');
    expect(again.body).to.deep.equal(first.body);
    const target = fresh();
    expect((await post('/platforms/target', { platform: 'emporium' }, target)).status).to.equal(200);
    expect((await post('/platforms/target', { platform: 'emporium' }, target)).headers[REPLAYED]).to.equal('true');
    const previewKey = fresh();
    await post('/customers/preview', { count: 1, seed: 1 }, previewKey);
    expect((await post('/customers/preview', { count: 1, seed: 1 }, previewKey)).headers).not.to.have.property(REPLAYED);
  });
});

for (const target of DATABASE_TARGETS) {
  describe(`Idempotency-Key across processes [${target.label}]`, function () {
    this.timeout(180_000);

    it('a retry on a second panel process gets the answer the first process stored, and nothing is written twice', async () => {
      const env = serveEnv(target.freshConfig(), path.join(tempDir(), 'data'));
      const a = await servePanel(env);
      try {
        const b = await servePanel(env);
        try {
          const token = await ownerToken(env, 'idem');
          const send = (base: string) =>
            fetch(`${base}/sites/default/rest/seeder/v1/customers/generate`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [KEY]: 'retry-across-processes' },
              body: JSON.stringify({ count: 4, seed: 'across' }),
            });
          const first = await send(a.url);
          expect(first.status).to.equal(201);
          const second = await send(b.url);
          expect(second.status).to.equal(201);
          expect(second.headers.get(REPLAYED)).to.equal('true');
          expect(await second.json()).to.deep.equal(await first.json());
          const ledger = await fetch(`${b.url}/sites/default/rest/seeder/v1/generated`, { headers: { authorization: `Bearer ${token}` } });
          expect(((await ledger.json()) as { total: number }).total).to.equal(4);
        } finally {
          expect(await b.stop()).to.equal(0);
        }
      } finally {
        expect(await a.stop()).to.equal(0);
      }
    });
  });
}
