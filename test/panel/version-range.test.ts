/** The version ranges a plugin's `requiresVersions` may use (issue 14, point 5). */
import { expect } from 'chai';
import { isValidRange, satisfies } from '../../panel/version-range.ts';

// [range, versions inside, versions outside]
const CASES: Array<[string, string[], string[]]> = [
  ['>=0.1', ['0.1.0', '0.1.7', '0.2.0', '3.0.0'], ['0.0.9']],
  ['>1.2.3', ['1.2.4', '2.0.0'], ['1.2.3', '1.0.0']],
  ['<2', ['1.9.9', '0.0.1'], ['2.0.0', '2.0.1']],
  ['<=0.3.1', ['0.3.1', '0.3.0'], ['0.3.2']],
  ['1.2.3', ['1.2.3'], ['1.2.4', '1.2.2']],
  ['=1.2.3', ['1.2.3'], ['1.2.4']],
  ['^1.2', ['1.2.0', '1.9.0'], ['1.1.9', '2.0.0']],
  ['^0.1', ['0.1.0', '0.1.9'], ['0.2.0', '0.0.9']],
  ['^0.0.3', ['0.0.3'], ['0.0.4', '0.1.0']],
  ['~1.2', ['1.2.0', '1.2.9'], ['1.3.0', '1.1.0']],
  ['~1.2.3', ['1.2.3', '1.2.8'], ['1.3.0', '1.2.2']],
  ['1.x', ['1.0.0', '1.9.3'], ['2.0.0', '0.9.0']],
  ['*', ['0.0.1', '12.3.4'], []],
  ['>=1.2 <1.4', ['1.2.0', '1.3.9'], ['1.4.0', '1.1.0']],
  ['<0.1 || >=2', ['0.0.5', '2.1.0'], ['0.1.0', '1.9.9']],
  ['<=1.x', ['1.9.9'], ['2.0.0']],
];

describe('version ranges', () => {
  for (const [range, inside, outside] of CASES) {
    it(`"${range}" holds ${inside.join(', ')}${outside.length ? ` and not ${outside.join(', ')}` : ''}`, () => {
      expect(isValidRange(range)).to.equal(true);
      for (const v of inside) expect(satisfies(v, range), `${v} in ${range}`).to.equal(true);
      for (const v of outside) expect(satisfies(v, range), `${v} in ${range}`).to.equal(false);
    });
  }

  it('a pre-release counts as its release', () => {
    expect(satisfies('1.2.0-beta.1', '>=1.2')).to.equal(true);
  });

  it('what is not a range is refused, and a version that is not one satisfies nothing', () => {
    for (const bad of ['soon', '>=', '1.x.3', '>=1 ||', '=>1', 'latest', 42]) expect(isValidRange(bad), String(bad)).to.equal(false);
    expect(satisfies('1.2', '>=1')).to.equal(false);
    expect(satisfies('one', '*')).to.equal(false);
  });
});
