import { expect } from 'chai';
import { preview } from '../../controllers/generate.ts';
import { endpointSchema } from '../../controllers/params.ts';
import { rejection } from '../support/rejection.ts';
import { siteLocales } from '../../controllers/locales.ts';
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

  it('requests are validated against the site\'s list: a locale a plugin adds is accepted, one it removes is refused, and the schemas say so', async () => {
    const added = h.site.hooks.addFilter('seeder_locales', (codes) => [...codes, 'de_LU']);
    try {
      expect(endpointSchema(h.site, 'customer').properties!.locale.enum).to.include('de_LU').and.have.length(76);
      const shown = await preview(h.req, 'customers', { count: 2, seed: 5, locale: 'de_LU' });
      expect(shown.locale).to.equal('de_LU');
      // The nearest data for its language and its country: German names, places in Luxembourg (issue 19, point 3).
      expect(shown.locale_data).to.deep.equal({ words: 'de', people: 'de', places: 'fr_LU', country: 'LU', currency: 'EUR' });
      const german = await preview(h.req, 'customers', { count: 2, seed: 5, locale: 'de_DE' });
      expect(german.locale_data).to.deep.equal({ words: 'de', people: 'de', places: 'de', country: 'DE', currency: 'EUR' });
      const lu = shown.rows as Array<{ first_name: string; last_name: string; billing: { country: string; city: string; phone: string; postcode: string } }>;
      const de = german.rows as typeof lu;
      expect(lu.map((c) => [c.first_name, c.last_name])).to.deep.equal(de.map((c) => [c.first_name, c.last_name]));
      for (const c of lu) {
        expect(c.billing.country).to.equal('LU');
        expect(['Luxembourg', 'Esch-sur-Alzette', 'Differdange', 'Dudelange', 'Ettelbruck', 'Diekirch', 'Wiltz']).to.include(c.billing.city);
        expect(c.billing.phone).to.match(/^\+352 6\d\d \d{3} \d{3}$/);
        expect(c.billing.postcode).to.match(/^\d{4}$/);
      }
      // German words (prices are in the store's currency).
      const products = await preview(h.req, 'products', { count: 5, seed: 5, locale: 'de_LU' });
      const germanProducts = await preview(h.req, 'products', { count: 5, seed: 5, locale: 'de_DE' });
      expect((products.rows as Array<{ name: string }>).map((p) => p.name)).to.deep.equal((germanProducts.rows as Array<{ name: string }>).map((p) => p.name));
    } finally {
      added();
    }
    expect((await rejection(preview(h.req, 'customers', { count: 1, locale: 'de_LU' }))).message).to.equal('Invalid parameter(s): locale');

    const narrow = h.site.hooks.addFilter('seeder_locales', () => ['de_DE', 'en_US']);
    try {
      expect(endpointSchema(h.site, 'order').properties!.locale.enum).to.deep.equal(['de_DE', 'en_US']);
      const err = await rejection(preview(h.req, 'customers', { count: 1, locale: 'fr_FR' }));
      expect(err.message).to.equal('Invalid parameter(s): locale');
      expect((err.details as { params: Record<string, string> }).params.locale).to.contain('one of the 2 locales offered, such as de_DE, en_US');
    } finally {
      narrow();
    }
    // A list without en_US: a request that names no locale gets the list's own default, not a refusal.
    const german = h.site.hooks.addFilter('seeder_locales', () => ['de_DE', 'de_AT']);
    try {
      expect(endpointSchema(h.site, 'customer').properties!.locale.default).to.equal('de_DE');
      expect((await preview(h.req, 'customers', { count: 1, seed: 1 })).locale).to.equal('de_DE');
    } finally {
      german();
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
