/**
 * The start-up lock (panel/lock.ts) on a real database: two holders with their own connections (two
 * Databases on one configuration, as two processes have) take turns; a lock whose holder stopped
 * beating (a process that died) is taken over once its beat stood still for the waiter's ttl; a holder that
 * beats is never taken over; a wait that runs out names the holder. No clock is compared.
 */
import { expect } from 'chai';
import { Databases } from '../../panel/database.ts';
import { LOCKS_TABLE, withLock } from '../../panel/lock.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const target of DATABASE_TARGETS) {
  describe(`the start-up lock [${target.label}]`, function () {
    this.timeout(60_000);
    let one: Databases;
    let two: Databases;

    beforeEach(async () => {
      const config = target.freshConfig();
      one = await Databases.open({ url: config.databaseUrl, dataDir: config.dataDir });
      two = await Databases.open({ url: config.databaseUrl, dataDir: config.dataDir });
    });

    afterEach(async () => {
      await two.close();
      await one.dropAll([]);
    });

    it('a second holder waits until the first releases, then holds it alone', async () => {
      const events: string[] = [];
      let release!: () => void;
      const first = withLock(one.panel, 'migrations', async () => {
        events.push('first in');
        await new Promise<void>((resolve) => (release = resolve));
        events.push('first out');
      });
      await sleep(200);
      const second = withLock(two.panel, 'migrations', async () => {
        events.push('second in');
      });
      await sleep(700);
      expect(events).to.deep.equal(['first in']);
      release();
      await Promise.all([first, second]);
      expect(events).to.deep.equal(['first in', 'first out', 'second in']);
      expect(await one.panel(LOCKS_TABLE).select('name')).to.deep.equal([]);
    });

    it('another lock name, or the same name taken again inside the holder, does not wait', async () => {
      const events: string[] = [];
      await withLock(one.panel, 'migrations', async () => {
        await withLock(two.panel, 'first-start', async () => events.push('other name'));
        await withLock(one.panel, 'migrations', async () => events.push('re-entered'));
      });
      expect(events).to.deep.equal(['other name', 're-entered']);
    });

    it('a lock whose holder stopped beating is taken over once its beat stood still for the ttl', async () => {
      await withLock(one.panel, 'migrations', async () => undefined);
      // A holder that died: its row stays, with a beat nobody moves.
      await one.panel(LOCKS_TABLE).insert({ name: 'migrations', owner: 'gone-host:1:dead', beat: 7 });
      const started = performance.now();
      const owner = await withLock(two.panel, 'migrations', async () => (await two.panel(LOCKS_TABLE).where({ name: 'migrations' }).first('owner')).owner as string, {
        ttlMs: 1500,
      });
      expect(performance.now() - started).to.be.at.least(1400);
      expect(owner).to.not.equal('gone-host:1:dead');
      expect(await one.panel(LOCKS_TABLE).select('name')).to.deep.equal([]);
    });

    it('a holder beats while it works, so a long migration is not taken over by a waiter with the same ttl', async () => {
      let release!: () => void;
      const first = withLock(one.panel, 'migrations', () => new Promise<void>((resolve) => (release = resolve)), { ttlMs: 600 });
      await sleep(1500);
      let secondIn = false;
      const second = withLock(
        two.panel,
        'migrations',
        async () => {
          secondIn = true;
        },
        { ttlMs: 600 },
      );
      await sleep(2000);
      expect(secondIn, 'the second holder went in while the first still worked').to.equal(false);
      release();
      await Promise.all([first, second]);
      expect(secondIn).to.equal(true);
    });

    it('a wait that runs out fails naming the lock and its holder', async () => {
      await withLock(one.panel, 'migrations', async () => undefined);
      await one.panel(LOCKS_TABLE).insert({ name: 'migrations', owner: 'busy-host:42:abc', beat: 0 });
      const failed = await withLock(two.panel, 'migrations', async () => undefined, { waitMs: 500 }).then(() => undefined, (e: Error) => e);
      expect(failed?.message).to.match(/lock "migrations" in table panel_locks, held by busy-host:42:abc/);
    });
  });
}
