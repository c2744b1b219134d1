/**
 * Catalogue words per language (issue 19, point 1). For every language with a file, products, categories and
 * brands of one seed use that file's words, at least 95 % of their names differ from en_US's for the same rows,
 * every locale of the language uses them, and a golden file per language keeps the output stable. Regenerate
 * the golden files deliberately with
 *   UPDATE_GOLDEN=1 npx mocha test/generators/languages.test.ts
 * and note "seeded output changed" in the changelog.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { preview } from '../../controllers/generate.ts';
import { existingRecords } from '../../generators/existing.ts';
import { LOCALES } from '../../generators/locales.ts';
import { LANGUAGE_VOCABULARIES, SCRIPT_VOCABULARIES } from '../../generators/vocabulary/languages/index.ts';
import { BUILTIN_VOCABULARIES, builtinVocabularyId, flattenCategoryNames, productName, resolveVocabulary } from '../../generators/vocabulary/index.ts';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import { run } from './support/fixture.ts';

const DIR = fileURLToPath(new URL('./golden/', import.meta.url));
const SEED = 'words';
const COUNT = 20;
const EMPTY = existingRecords({});
const LANGUAGES = Object.keys(LANGUAGE_VOCABULARIES).sort();
/** Every built-in vocabulary but en_US: the languages, and Chinese in Traditional characters. */
const VOCABULARIES = [...LANGUAGES, ...Object.keys(SCRIPT_VOCABULARIES)];
/** Locales that write Chinese in Traditional characters. */
const TRADITIONAL = ['zh_TW', 'zh_HK', 'zh_MO'];

/** The locales a vocabulary serves: its language's, Traditional Chinese ones apart. */
function localesOf(id: string): string[] {
  if (id === 'zh_Hant') return LOCALES.map((l) => l.code).filter((c) => TRADITIONAL.includes(c));
  return LOCALES.map((l) => l.code).filter((c) => c.split('_')[0] === id && !TRADITIONAL.includes(c));
}

/** The vocabulary's home locale: xx_XX when listed, else its first locale (ar_EG, cs_CZ, da_DK, he_IL, ja_JP, zh_TW...). */
function homeLocale(id: string): string {
  const own = localesOf(id);
  return own.find((c) => c === `${id}_${id.toUpperCase()}`) ?? own[0]!;
}

interface Names {
  products: string[];
  categories: string[];
  brands: string[];
}

function names(locale: string): Names {
  const of = (resource: 'product' | 'product_category' | 'brand') =>
    (run(resource, { count: COUNT, seed: SEED, locale }, EMPTY).entities as Array<{ name: string }>).map((e) => e.name);
  return { products: of('product'), categories: of('product_category'), brands: of('brand') };
}

const english = names('en_US');

describe('generators: catalogue words per language (issue 19, point 1)', () => {
  it('ships words for the 20 languages of the largest e-commerce markets outside English', () => {
    expect(LANGUAGES).to.deep.equal(['ar', 'cs', 'da', 'de', 'es', 'fi', 'fr', 'he', 'it', 'ja', 'ko', 'nb', 'nl', 'pl', 'pt', 'ru', 'sv', 'tr', 'uk', 'zh']);
  });

  for (const language of VOCABULARIES) {
    const locale = homeLocale(language);
    describe(`${language} (${locale})`, () => {
      const got = names(locale);
      const vocabulary = resolveVocabulary({ locale });
      const file = BUILTIN_VOCABULARIES[language]!;

      it('products, categories and brands take their words from the language\'s file', () => {
        const physical = new Set(vocabulary.product_names.flatMap((n) => vocabulary.product_adjectives.map((a) => productName(vocabulary, a, n))));
        for (const name of got.products) expect(physical.has(name) || file.digital_product_names!.includes(name), name).to.equal(true);
        const tree = new Set(flattenCategoryNames(file.category_tree!));
        for (const name of got.categories) expect(tree.has(name), name).to.equal(true);
        for (const name of got.brands) expect(file.brand_names!.some((b) => name.startsWith(b)), name).to.equal(true);
      });

      it('at least 95 % of the names differ from en_US\'s for the same rows', () => {
        for (const kind of ['products', 'categories', 'brands'] as const) {
          const same = got[kind].filter((name, i) => name === english[kind][i]).length;
          expect(got[kind]).to.have.length(COUNT);
          expect(same / COUNT, `${kind}: ${got[kind].filter((n, i) => n === english[kind][i]).join(', ')}`).to.be.at.most(0.05);
        }
      });

      it('every locale of the language uses them', () => {
        for (const other of localesOf(language)) {
          expect(builtinVocabularyId(other)).to.equal(language);
          const products = (run('product', { count: 5, seed: SEED, locale: other }, EMPTY).entities as Array<{ name: string }>).map((e) => e.name);
          expect(products, other).to.deep.equal(got.products.slice(0, 5));
        }
      });

      it(`still gives golden/words-${language}.json`, () => {
        const actual = `${JSON.stringify(got, null, 2)}\n`;
        const path = `${DIR}words-${language}.json`;
        if (process.env.UPDATE_GOLDEN === '1') {
          mkdirSync(DIR, { recursive: true });
          writeFileSync(path, actual);
          return;
        }
        expect(existsSync(path), `words-${language}.json is missing; create it with UPDATE_GOLDEN=1`).to.equal(true);
        expect(JSON.parse(actual)).to.deep.equal(JSON.parse(readFileSync(path, 'utf8')));
      });
    });
  }

  it('Traditional Chinese (zh_TW, zh_HK, a zh_Hant locale) has its own words, written in Traditional characters', () => {
    expect(['zh_TW', 'zh_HK', 'zh_MO', 'zh_Hant_TW'].map(builtinVocabularyId)).to.deep.equal(['zh_Hant', 'zh_Hant', 'zh_Hant', 'zh_Hant']);
    expect(['zh_CN', 'zh_SG', 'zh_Hans_CN'].map(builtinVocabularyId)).to.deep.equal(['zh', 'zh', 'zh']);
    // Characters that exist only in Simplified writing (their Traditional forms: 們這個為禮電書發運費質貨單裝產簡約輕風復選時實連閒錢幫讓說話頭過還兩現).
    const simplifiedOnly = [...'们这个为礼电书发运费质货单装产简约轻风复选时实连闲钱帮让说话头过还两现'];
    const text = JSON.stringify(SCRIPT_VOCABULARIES.zh_Hant);
    expect(simplifiedOnly.filter((c) => text.includes(c))).to.deep.equal([]);
    // And the Simplified file does use them: the check can tell the two apart.
    expect(simplifiedOnly.filter((c) => JSON.stringify(LANGUAGE_VOCABULARIES.zh).includes(c)).length).to.be.greaterThan(10);
    const traditional = names('zh_TW');
    const simplified = names('zh_CN');
    const same = traditional.products.filter((n, i) => n === simplified.products[i]).length;
    expect(same / COUNT).to.be.at.most(0.5);
  });

  it('a language without a file falls back to en_US words', () => {
    expect(builtinVocabularyId('hu_HU')).to.equal('en_US');
    expect(names('hu_HU').products).to.deep.equal(english.products);
  });
});

describe('generators: order labels, their descriptions, refund reasons, order notes and shipping method titles per language (issue 19)', () => {
  for (const id of VOCABULARIES) {
    const locale = homeLocale(id);
    const file = BUILTIN_VOCABULARIES[id]!;
    it(`${id} (${locale}): labels, refund reasons, order notes and shipping method titles come from the language's file`, () => {
      for (const field of ['label_names', 'label_descriptions', 'refund_reasons', 'order_notes'] as const) {
        expect(file[field], field).to.be.an('array').that.is.not.empty;
      }
      const made = run('label', { count: 8, seed: SEED, locale }, EMPTY).entities as Array<{ name: string; description: string }>;
      const labels = made.map((e) => e.name);
      expect(labels).to.have.length(8);
      for (const name of labels) expect(file.label_names, name).to.include(name);
      for (const e of made) expect(file.label_descriptions!.map((d) => d.replace('{name}', e.name)), e.description).to.include(e.description);
      const reasons = (run('refund', { count: 10, seed: SEED, locale }).entities as Array<{ reason: string | null }>).map((e) => e.reason);
      expect(reasons.filter((r) => r !== null)).to.not.be.empty;
      for (const reason of reasons) if (reason !== null) expect(file.refund_reasons, reason).to.include(reason);
      const notes = (run('order', { count: 60, seed: SEED, locale }).entities as Array<{ customer_note: string | null }>).flatMap((e) => e.customer_note ?? []);
      expect(notes).to.not.be.empty;
      for (const note of notes) expect(file.order_notes, note).to.include(note);
      const plans = run('shipping_plan', { count: 2, seed: SEED, locale }).entities;
      const methods = plans.flatMap((plan) => plan.methods);
      expect(methods).to.not.be.empty;
      for (const m of methods) expect(m.title, m.type).to.equal(file.shipping_method_titles![m.type]);
      // None of them is the English word of the same row.
      const english = (run('label', { count: 8, seed: SEED, locale: 'en_US' }, EMPTY).entities as Array<{ name: string }>).map((e) => e.name);
      expect(labels.filter((n, i) => n === english[i]).length, labels.join(', ')).to.be.at.most(1);
    });
  }
});

eachDatabase('preview in every language (issue 19, point 1)', (target) => {
  let h: SeederHarness;
  before(async () => {
    h = await bootSeederSite(target);
  });
  after(async () => h.dispose());

  it('the answer names the words used, and the rows are the language\'s', async () => {
    for (const language of [...VOCABULARIES, 'hu']) {
      const locale = language === 'hu' ? 'hu_HU' : homeLocale(language);
      const shown = await preview(h.req, 'products', { count: 5, seed: SEED, locale });
      expect(shown.locale_data.words, locale).to.equal(language === 'hu' ? 'en_US' : language);
      const expected = language === 'hu' ? english.products : names(locale).products;
      expect((shown.rows as Array<{ name: string }>).map((r) => r.name), locale).to.deep.equal(expected.slice(0, 5));
    }
  });
});
