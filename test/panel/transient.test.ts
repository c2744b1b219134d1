/**
 * Which database failures a whole transaction is run again for (panel/transient.ts): here a commit a Galera node
 * could not replicate, in the shape mysql2 gives it, beside errors during COMMIT that are not transient. The
 * cluster itself is in test/panel/galera.test.ts (a node stopped while the others take writes).
 */
import { expect } from 'chai';
import { isTransient, retryTransient } from '../../panel/transient.ts';

/** An error as mysql2 raises it for a failed statement. */
function mysqlError(errno: number, code: string, sqlMessage: string): Error {
  return Object.assign(new Error(`COMMIT; - ${sqlMessage}`), { errno, code, sqlMessage, sqlState: 'HY000' });
}

const UNREPLICATED = () =>
  mysqlError(1180, 'ER_ERROR_DURING_COMMIT', 'Error while appending streaming replication fragment(provider status: Not connected to Primary Component)');

describe('transient database failures', () => {
  it('a commit a Galera node could not replicate is run again, and the run that commits answers', async () => {
    expect(isTransient(UNREPLICATED())).to.equal(true);
    expect(isTransient(new Error('wrapped', { cause: UNREPLICATED() }))).to.equal(true);
    let runs = 0;
    const answer = await retryTransient(async () => {
      runs++;
      if (runs < 3) throw UNREPLICATED();
      return 'committed';
    }, { baseMs: 1 });
    expect([answer, runs]).to.deep.equal(['committed', 3]);
  });

  it('other errors during COMMIT are not taken for transient, and are thrown at once', async () => {
    const disk = mysqlError(1180, 'ER_ERROR_DURING_COMMIT', 'Got error 28 "No space left on device" during COMMIT');
    expect(isTransient(disk)).to.equal(false);
    let runs = 0;
    const thrown = await retryTransient(async () => {
      runs++;
      throw disk;
    }, { baseMs: 1 }).catch((e: unknown) => e);
    expect([thrown, runs]).to.deep.equal([disk, 1]);
  });

  it('a node that stays unable to replicate ends in server.busy after the attempts, saying nothing was written', async () => {
    const thrown = (await retryTransient(async () => {
      throw UNREPLICATED();
    }, { attempts: 3, baseMs: 1 }).catch((e: unknown) => e)) as { code?: string; message?: string };
    expect(thrown.code).to.equal('server.busy');
    expect(thrown.message).to.match(/replication fragment.*3 attempts; nothing was written/);
  });
});
