import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parseManifest } from '../../recipes/manifest.ts';
import { BUNDLED_RECIPES_DIR } from '../../recipes/paths.ts';
import { parseWords } from '../../recipes/words.ts';
import { RESOURCE_NAMES } from '../../generators/resources.ts';
import { flattenCategoryNames } from '../../generators/vocabulary/index.ts';

const base = () => ({
  id: 'bakery',
  name: 'Bakery',
  plan: [{ resource: 'products', counts: { small: 2, medium: 4, large: 8 }, parameters: { product_type: 'physical' } }],
});

function error(raw: unknown, folder?: string): string {
  const r = parseManifest(raw, folder);
  expect(r, JSON.stringify(r)).to.have.property('error');
  return (r as { error: string }).error;
}

describe('recipe manifests', () => {
  it('a valid manifest gets its defaults: locales en_US, resources in canonical names, no price band', () => {
    const r = parseManifest(base(), 'bakery');
    if (!('manifest' in r)) throw new Error(r.error);
    expect(r.manifest.locales).to.deep.equal(['en_US']);
    expect(r.manifest.plan[0]).to.deep.equal({ resource: 'product', counts: { small: 2, medium: 4, large: 8 }, parameters: { product_type: 'physical' } });
    expect(r.manifest.price_band).to.equal(null);
  });

  it('the id is a safe key equal to its folder name', () => {
    expect(error({ ...base(), id: '../etc' })).to.contain('safe key');
    expect(error({ ...base(), id: 'Bakery' })).to.contain('safe key');
    expect(error(base(), 'cakes')).to.contain('must equal its folder name "cakes"');
  });

  it('a name is required', () => {
    expect(error({ ...base(), name: ' ' })).to.contain('name is required');
  });

  it('plan entries need a known resource and a positive count for every size', () => {
    expect(error({ ...base(), plan: [{ resource: 'widgets', counts: { small: 1, medium: 1, large: 1 } }] })).to.contain('unknown resource "widgets"');
    expect(error({ ...base(), plan: [{ resource: 'product', counts: { small: 0, medium: 1, large: 1 } }] })).to.contain('counts.small');
    expect(error({ ...base(), plan: [{ resource: 'product', counts: { small: 1, large: 1 } }] })).to.contain('counts.medium');
    expect(error({ ...base(), plan: [] })).to.contain('plan must be a non-empty list');
  });

  it('plan parameters are validated against the endpoint schema, and the run parameters are refused', () => {
    expect(error({ ...base(), plan: [{ resource: 'product', counts: { small: 1, medium: 1, large: 1 }, parameters: { product_type: 'edible' } }] }))
      .to.contain('Invalid parameter(s): product_type');
    expect(error({ ...base(), plan: [{ resource: 'product', counts: { small: 1, medium: 1, large: 1 }, parameters: { colour: 'red' } }] })).to.contain('colour');
    expect(error({ ...base(), plan: [{ resource: 'product', counts: { small: 1, medium: 1, large: 1 }, parameters: { count: 5, seed: 1 } }] }))
      .to.contain('count, seed cannot be set by a recipe');
  });

  it('a resource listed twice keeps its first entry, and the plan runs in dependency order', () => {
    const r = parseManifest({
      ...base(),
      plan: [
        { resource: 'orders', counts: { small: 3, medium: 3, large: 3 } },
        { resource: 'customer', counts: { small: 2, medium: 2, large: 2 } },
        { resource: 'order', counts: { small: 9, medium: 9, large: 9 } },
      ],
    });
    if (!('manifest' in r)) throw new Error(r.error);
    expect(r.manifest.plan.map((s) => [s.resource, s.counts.small])).to.deep.equal([
      ['customer', 2],
      ['order', 3],
    ]);
    expect(r.manifest.notes[0]).to.contain('order more than once');
  });

  it('locales must be supported codes; price bands are whole minor units with min <= max', () => {
    expect(error({ ...base(), locales: ['xx_XX'] })).to.contain('"xx_XX" is not a supported locale');
    expect(error({ ...base(), price_band: { currency: 'USD', min: 19.99, max: 30 } })).to.contain('whole minor units');
    expect(error({ ...base(), price_band: { currency: 'USD', min: 500, max: 100 } })).to.contain('min <= max');
    expect(error({ ...base(), price_band: { currency: 'usd', min: 1, max: 2 } })).to.contain('ISO 4217');
  });

  it('inline words are checked like words files', () => {
    expect(error({ ...base(), words: { en_US: { product_names: [] } } })).to.contain('words.en_US: product_names must not be empty');
  });
});

describe('words files', () => {
  it('refuses an unknown field (a typo would silently fall back to the built-in words)', () => {
    expect(parseWords({ product_name: ['Bread'] })).to.have.property('error').that.contains('unknown field "product_name"');
  });

  it('checks category trees and variation axes, and accepts an empty adjective list', () => {
    expect(parseWords({ category_tree: [{ name: 'A', children: [] }] })).to.have.property('error');
    expect(parseWords({ variation_axes: [{ name: 'Size', values: [] }] })).to.have.property('error');
    expect(parseWords({ product_adjectives: [], product_names: ['Bread'] })).to.have.property('words');
    expect(parseWords({ locale: 'en_US' })).to.have.property('error').that.contains('at least one');
  });
});

describe('the bundled recipes', () => {
  const ids = fs.readdirSync(BUNDLED_RECIPES_DIR).sort();

  it('are grocery, fashion and electronics at least', () => {
    expect(ids).to.include.members(['electronics', 'fashion', 'grocery']);
  });

  for (const id of ['grocery', 'fashion', 'electronics']) {
    it(`${id}: a valid manifest with nine resources in dependency order, a price band and four locales of valid words`, () => {
      const dir = path.join(BUNDLED_RECIPES_DIR, id);
      const parsed = parseManifest(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')), id);
      if (!('manifest' in parsed)) throw new Error(parsed.error);
      const m = parsed.manifest;
      expect(m.plan).to.have.length(9);
      const order = m.plan.map((s) => RESOURCE_NAMES.indexOf(s.resource));
      expect(order).to.deep.equal([...order].sort((a, b) => a - b));
      expect(m.price_band!.min).to.be.below(m.price_band!.max);
      expect(m.locales).to.include.members(['en_US', 'de_DE', 'fr_FR', 'ja_JP']);
      for (const locale of m.locales) {
        const words = parseWords(JSON.parse(fs.readFileSync(path.join(dir, 'words', `${locale}.json`), 'utf8')));
        if (!('words' in words)) throw new Error(`${id}/${locale}: ${words.error}`);
        for (const field of ['product_names', 'category_tree', 'brand_names', 'tag_labels', 'variation_axes'] as const) {
          expect(words.words[field], `${id}/${locale} ${field}`).to.not.equal(undefined);
        }
        // Categories are generated from the tree; a count beyond it would repeat names with a number.
        const tree = flattenCategoryNames(words.words.category_tree!).length;
        const categories = m.plan.find((s) => s.resource === 'product_category')!;
        expect(categories.counts.large, `${id}/${locale} category tree`).to.be.at.most(tree);
        expect(m.plan.find((s) => s.resource === 'attribute')!.counts.large).to.be.at.most(words.words.variation_axes!.length);
      }
    });
  }
});
