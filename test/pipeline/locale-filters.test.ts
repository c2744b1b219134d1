import { expect } from 'chai';
import { preview } from '../../rest/controllers/generate.ts';
import { siteLocales } from '../../rest/locales.ts';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';

eachDatabase('the locale filters', (target) => {
  let h: SeederHarness;
  before(async () => {
    h = await bootSeederSite(target);
  });
  after(async () => h.dispose());

  it('seeder_locales narrows the site\'s locale list; an empty or invalid result is ignored', () => {
    expect(siteLocales(h.site)).to.have.length(75);
    const narrow = h.site.hooks.addFilter('seeder_locales', () => ['de_DE', 'en_US']);
    try {
      expect(siteLocales(h.site).map((l) => l.code)).to.deep.equal(['de_DE', 'en_US']);
    } finally {
      narrow();
    }
    const empty = h.site.hooks.addFilter('seeder_locales', () => []);
    try {
      expect(siteLocales(h.site)).to.have.length(75);
    } finally {
      empty();
    }
  });

  it('seeder_locale chooses the locale a request uses, and the result goes through the fallback rule', async () => {
    const dispose = h.site.hooks.addFilter('seeder_locale', (code) => (code === 'en_US' ? 'de_LU' : code));
    try {
      const rows = await preview(h.req, 'customers', { count: 1, seed: 1, locale: 'en_US' });
      // de_LU is not one of the 75: it falls back within German to de_DE.
      expect(rows.locale).to.equal('de_DE');
      expect((await preview(h.req, 'customers', { count: 1, seed: 1, locale: 'fr_FR' })).locale).to.equal('fr_FR');
    } finally {
      dispose();
    }
  });
});
