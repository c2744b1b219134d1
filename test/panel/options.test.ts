/**
 * Site options kept in a process while the site's `state` counter stands (panel/options.ts), on a real
 * database with two connections (two Databases on one configuration, as two processes have): what the
 * other changes is read at the first counter read after it; nothing is kept before a counter read, nor
 * across a change made here; a value read while the counter moved is not kept; callers get their own copy.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { readCounters } from '../../panel/counters.ts';
import { Databases } from '../../panel/database.ts';
import { ensureOptionsTable, Options, OPTIONS_TABLE } from '../../panel/options.ts';
import { DATABASE_TARGETS } from '../support/databases.ts';

for (const target of DATABASE_TARGETS) {
  describe(`site options kept while the state counter stands [${target.label}]`, function () {
    this.timeout(30_000);
    let one: Databases;
    let two: Databases;
    let here: Knex;
    let there: Knex;
    /** The `state` counter as a request's read sees it. */
    const state = async () => (await readCounters(here, 'state')).get('state') ?? 0;
    /** A change no counter hears of (as a hand-written UPDATE would be): it shows whether a value is kept. */
    const behindTheBack = (name: string, value: unknown) => here(OPTIONS_TABLE).where({ name }).update({ value: JSON.stringify(value) });

    beforeEach(async () => {
      const config = target.freshConfig();
      one = await Databases.open({ url: config.databaseUrl, dataDir: config.dataDir });
      two = await Databases.open({ url: config.databaseUrl, dataDir: config.dataDir });
      here = one.panel;
      there = two.panel;
      await ensureOptionsTable(here);
    });

    afterEach(async () => {
      await two.close();
      await one.dropAll([]);
    });

    it("keeps a value until the counter moves: another connection's change is read at the next counter read", async () => {
      const mine = new Options(here);
      const theirs = new Options(there);
      await theirs.set('colour', 'red');
      mine.observe(await state());
      expect(await mine.get('colour')).to.equal('red');
      await behindTheBack('colour', 'green');
      expect(await mine.get('colour'), 'kept: no read per option').to.equal('red');
      await theirs.set('colour', 'blue');
      mine.observe(await state());
      expect(await mine.get('colour')).to.equal('blue');
      await theirs.delete('colour');
      mine.observe(await state());
      expect(await mine.get('colour', 'none')).to.equal('none');
    });

    it('keeps nothing before a counter read, nor after a change made here until the next one', async () => {
      const mine = new Options(here);
      await mine.set('n', 1);
      await behindTheBack('n', 2);
      expect(await mine.get('n'), 'no counter read yet: read every time').to.equal(2);
      mine.observe(await state());
      expect(await mine.get('n')).to.equal(2);
      await behindTheBack('n', 3);
      expect(await mine.get('n')).to.equal(2);
      await mine.set('n', 4);
      expect(await mine.get('n'), 'its own change, at once').to.equal(4);
      await behindTheBack('n', 5);
      expect(await mine.get('n'), 'nothing kept until the next counter read').to.equal(5);
    });

    it('does not keep a value whose read began before the counter moved', async () => {
      const mine = new Options(here);
      await mine.set('k', 'old');
      const now = await state();
      mine.observe(now);
      const reading = mine.get('k');
      mine.observe(now + 1);
      expect(await reading).to.equal('old');
      await behindTheBack('k', 'new');
      expect(await mine.get('k'), 'the read under the old number was not kept').to.equal('new');
    });

    it('gives each caller its own copy of a kept value', async () => {
      const mine = new Options(here);
      await mine.set('list', ['a']);
      mine.observe(await state());
      (await mine.get<string[]>('list'))!.push('b');
      expect(await mine.get('list')).to.deep.equal(['a']);
    });
  });
}
