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
import { LANGUAGE_VOCABULARIES } from '../../generators/vocabulary/languages/index.ts';
import { builtinVocabularyId, flattenCategoryNames, productName, resolveVocabulary } from '../../generators/vocabulary/index.ts';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import { run } from './support/fixture.ts';

const DIR = fileURLToPath(new URL('./golden/', import.meta.url));
const SEED = 'words';
const COUNT = 20;
const EMPTY = existingRecords({});
const LANGUAGES = Object.keys(LANGUAGE_VOCABULARIES).sort();

/** The language's home locale: xx_XX when listed, else its first locale (ar_EG, cs_CZ, da_DK, he_IL, ja_JP...). */
function homeLocale(language: string): string {
  const own = LOCALES.filter((l) => l.code.split('_')[0] === language).map((l) => l.code);
  return own.find((c) => c === `${language}_${language.toUpperCase()}`) ?? own[0]!;
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

  for (const language of LANGUAGES) {
    const locale = homeLocale(language);
    describe(`${language} (${locale})`, () => {
      const got = names(locale);
      const vocabulary = resolveVocabulary({ locale });
      const file = LANGUAGE_VOCABULARIES[language]!;

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
        for (const other of LOCALES.filter((l) => l.code.split('_')[0] === language)) {
          expect(builtinVocabularyId(other.code)).to.equal(language);
          const products = (run('product', { count: 5, seed: SEED, locale: other.code }, EMPTY).entities as Array<{ name: string }>).map((e) => e.name);
          expect(products, other.code).to.deep.equal(got.products.slice(0, 5));
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

  it('a language without a file falls back to en_US words', () => {
    expect(builtinVocabularyId('hu_HU')).to.equal('en_US');
    expect(names('hu_HU').products).to.deep.equal(english.products);
  });
});

eachDatabase('preview in every language (issue 19, point 1)', (target) => {
  let h: SeederHarness;
  before(async () => {
    h = await bootSeederSite(target);
  });
  after(async () => h.dispose());

  it('the answer names the words used, and the rows are the language\'s', async () => {
    for (const language of [...LANGUAGES, 'hu']) {
      const locale = language === 'hu' ? 'hu_HU' : homeLocale(language);
      const shown = await preview(h.req, 'products', { count: 5, seed: SEED, locale });
      expect(shown.locale_data.words, locale).to.equal(language === 'hu' ? 'en_US' : language);
      const expected = language === 'hu' ? english.products : names(locale).products;
      expect((shown.rows as Array<{ name: string }>).map((r) => r.name), locale).to.deep.equal(expected.slice(0, 5));
    }
  });
});
