import { expect } from 'chai';
import { isFakerLocale } from '../../generators/random/faker-pool.ts';
import { countryInfo } from '../../generators/geo/countries.ts';
import {
  LOCALES,
  LOCALE_CODES,
  applyLocaleFilter,
  applyLocaleListFilter,
  localeInfo,
  resolveLocale,
  type LocaleDef,
} from '../../generators/locales.ts';
import { BASE_PARAMETERS } from '../../generators/schema.ts';

const EXPECTED = (
  'ar_EG ar_JO ar_SA at_AT bg_BG bn_BD cs_CZ da_DK de_AT de_CH de_DE el_CY el_GR en_AU en_CA en_GB en_HK en_IN en_NG en_NZ ' +
  'en_PH en_SG en_UG en_US en_ZA es_AR es_ES es_PE es_VE et_EE fa_IR fi_FI fr_BE fr_CA fr_CH fr_FR he_IL hr_HR hu_HU hy_AM ' +
  'id_ID is_IS it_CH it_IT ja_JP ka_GE kk_KZ ko_KR lt_LT lv_LV me_ME mn_MN ms_MY nb_NO ne_NP nl_BE nl_NL pl_PL pt_BR pt_PT ' +
  'ro_MD ro_RO ru_RU sk_SK sl_SI sr_Cyrl_RS sr_Latn_RS sr_RS sv_SE th_TH tr_TR uk_UA vi_VN zh_CN zh_TW'
).split(' ');

describe('generators: locales (issue 4, point 6)', () => {
  it('offers exactly the 75 locales, in one list', () => {
    expect(LOCALES).to.have.length(75);
    expect(LOCALE_CODES).to.deep.equal(EXPECTED);
  });

  it('gives every locale a unique human label', () => {
    const labels = LOCALES.map((l) => l.label);
    expect(new Set(labels).size).to.equal(75);
    for (const l of LOCALES) expect(l.label.trim(), l.code).to.not.equal('');
  });

  it('maps every locale to a faker locale that exists', () => {
    for (const l of LOCALES) expect(isFakerLocale(l.faker), `${l.code} -> ${l.faker}`).to.equal(true);
    expect(LOCALES.find((l) => l.code === 'de_AT')?.faker).to.equal('de_AT');
    expect(LOCALES.find((l) => l.code === 'pt_BR')?.faker).to.equal('pt_BR');
  });

  it('knows the country, currency and addresses of every locale', () => {
    for (const code of LOCALE_CODES) {
      const info = localeInfo(code);
      expect(countryInfo(info.country), code).to.not.equal(undefined);
      expect(info.currency, code).to.match(/^[A-Z]{3}$/);
    }
    expect(localeInfo('sr_Cyrl_RS').country).to.equal('RS');
    expect(localeInfo('de_DE').currency).to.equal('EUR');
    expect(localeInfo('ja_JP').currency).to.equal('JPY');
  });

  it('enumerates the locale base parameter from the same list', () => {
    expect(BASE_PARAMETERS.locale.enum).to.deep.equal(LOCALE_CODES);
  });

  describe('fallback of an unrecognised locale', () => {
    const cases: [string, string][] = [
      ['de_LU', 'de_DE'],
      ['fr_MC', 'fr_FR'],
      ['es_MX', 'es_ES'],
      ['ar_MA', 'ar_EG'],
      ['xx_YY', 'en_US'],
      ['en_IE', 'en_US'],
      ['el_XX', 'el_GR'],
      ['pt_AO', 'pt_PT'],
      ['it_SM', 'it_IT'],
      ['sr_Cyrl_ME', 'sr_Cyrl_RS'],
      ['no_NO', 'nb_NO'],
    ];
    for (const [input, expected] of cases) {
      it(`resolves ${input} to ${expected}`, () => expect(resolveLocale(input)).to.equal(expected));
    }

    it('keeps a supported code and accepts other spellings of it', () => {
      expect(resolveLocale('ja_JP')).to.equal('ja_JP');
      expect(resolveLocale('de-de')).to.equal('de_DE');
      expect(resolveLocale('PT_br')).to.equal('pt_BR');
      expect(resolveLocale('sr_latn_rs')).to.equal('sr_Latn_RS');
    });

    it('resolves a bare language to its own country and nothing to en_US', () => {
      expect(resolveLocale('fr')).to.equal('fr_FR');
      expect(resolveLocale('')).to.equal('en_US');
      expect(resolveLocale(undefined)).to.equal('en_US');
    });

    it('falls back within a filtered list', () => {
      const list = LOCALES.filter((l) => l.code !== 'de_DE');
      expect(resolveLocale('de_LU', list)).to.equal('de_AT');
    });
  });

  describe('seeder_locales and seeder_locale filters', () => {
    it('applies a filter that adds a locale', () => {
      const added = applyLocaleListFilter(LOCALES, (list) => [...list, { code: 'es_MX', label: 'Spanish (Mexico)', faker: 'es_MX' }]);
      expect(added).to.have.length(76);
      expect(resolveLocale('es_MX', added)).to.equal('es_MX');
    });

    it('gives a filtered-in locale without a faker locale the closest one', () => {
      const added = applyLocaleListFilter(LOCALES, (list) => [...list, { code: 'de_LU', label: 'German (Luxembourg)' } as LocaleDef]);
      expect(added.find((l) => l.code === 'de_LU')?.faker).to.equal('de');
    });

    it('ignores an empty result', () => {
      expect(applyLocaleListFilter(LOCALES, () => [])).to.equal(LOCALES);
    });

    it('ignores an invalid result', () => {
      expect(applyLocaleListFilter(LOCALES, () => 'en_US')).to.equal(LOCALES);
      expect(applyLocaleListFilter(LOCALES, () => [{ code: 42 }])).to.equal(LOCALES);
      expect(applyLocaleListFilter(LOCALES, (l) => [...l, { ...l[0]! }])).to.equal(LOCALES);
      expect(applyLocaleListFilter(LOCALES, () => { throw new Error('broken extension'); })).to.equal(LOCALES);
    });

    it('applies seeder_locale and resolves its result with the fallback rule', () => {
      expect(applyLocaleFilter('en_US', () => 'de_LU')).to.equal('de_DE');
      expect(applyLocaleFilter('fr_FR', () => '')).to.equal('fr_FR');
      expect(applyLocaleFilter('fr_FR', () => null)).to.equal('fr_FR');
    });
  });
});
