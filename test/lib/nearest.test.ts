/** nearest(): the "did you mean" of CLI flags, REST parameters and hook names (issue 14 point 3). */
import { expect } from 'chai';
import { editDistance, nearest } from '../../lib/nearest.ts';

describe('nearest accepted name', () => {
  const flags = ['count', 'locale', 'seed', 'platform', 'recipe', 'recipe_run', 'run_id', 'limit', 'forget'];

  it('names the accepted name one typo away: a substitution, a swap, a missing or an extra letter', () => {
    expect(nearest('lokale', flags)).to.equal('locale');
    expect(nearest('plaftorm', flags)).to.equal('platform');
    expect(nearest('cont', flags)).to.equal('count');
    expect(nearest('seeed', flags)).to.equal('seed');
  });

  it('treats case and - / _ as the same spelling', () => {
    expect(nearest('Recipe-Run', flags)).to.equal('recipe_run');
    expect(nearest('run-id', flags)).to.equal('run_id');
  });

  it('suggests nothing for a name far from every candidate, or for an accepted name itself', () => {
    expect(nearest('colour', flags)).to.equal(undefined);
    expect(nearest('x', flags)).to.equal(undefined);
    expect(nearest('locale', flags)).to.equal(undefined);
    expect(nearest('anything', [])).to.equal(undefined);
  });

  it('finds a long hook name with a transposition', () => {
    const hooks = ['seeder_product_generation_result', 'seeder_order_generation_result', 'seeder_capability'];
    expect(nearest('seeder_prodcut_generation_result', hooks)).to.equal('seeder_product_generation_result');
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('ab', 'ba')).to.equal(1);
    expect(editDistance('kitten', 'sitting')).to.equal(3);
    expect(editDistance('', 'abc')).to.equal(3);
  });
});
