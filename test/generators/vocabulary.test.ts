import { expect } from 'chai';
import { BUILTIN_VOCABULARIES, VOCABULARY_FIELDS, resolveVocabulary, resolveVocabularyWithSources } from '../../generators/vocabulary/index.ts';
import { EN_US } from '../../generators/vocabulary/en-us.ts';
import { generate } from '../../generators/registry.ts';

describe('generators: vocabularies (issue 4, point 7)', () => {
  it('ships built-in en_US defaults for product names, a category tree, brands, tags and labels', () => {
    expect(EN_US.product_names.length).to.be.greaterThan(20);
    expect(EN_US.category_tree.length).to.be.greaterThan(3);
    expect(EN_US.category_tree.some((n) => (n.children ?? []).some((c) => (c.children ?? []).length > 0)), 'three levels').to.equal(true);
    expect(EN_US.brand_names.length).to.be.greaterThan(20);
    expect(EN_US.tag_labels.length).to.be.greaterThan(20);
    expect(EN_US.label_names.length).to.be.greaterThan(10);
    expect(BUILTIN_VOCABULARIES.en_US).to.equal(EN_US);
  });

  it('uses recipe words first', () => {
    const v = resolveVocabulary({
      locale: 'en_US',
      recipe: { brand_names: ['Recipe Brand'] },
      sampleData: { brand_names: ['Sample Brand'] },
    });
    expect(v.brand_names).to.deep.equal(['Recipe Brand']);
  });

  it('uses sample data where the recipe is silent', () => {
    const { vocabulary, sources } = resolveVocabularyWithSources({
      locale: 'en_US',
      recipe: { brand_names: ['Recipe Brand'] },
      sampleData: { brand_names: ['Sample Brand'], tag_labels: ['Sample Tag'] },
    });
    expect(vocabulary.tag_labels).to.deep.equal(['Sample Tag']);
    expect(sources.brand_names).to.equal('recipe');
    expect(sources.tag_labels).to.equal('sample_data');
    expect(sources.product_names).to.equal('builtin');
  });

  it('uses the built-in defaults where neither says anything', () => {
    const v = resolveVocabulary({ locale: 'en_US' });
    expect(v.product_names).to.equal(EN_US.product_names);
    expect(v.category_tree).to.equal(EN_US.category_tree);
  });

  it('falls back to en_US for a locale whose language has no vocabulary file', () => {
    expect(BUILTIN_VOCABULARIES).to.not.have.property('hu');
    const { vocabulary, sources } = resolveVocabularyWithSources({ locale: 'hu_HU' });
    expect(vocabulary.brand_names).to.equal(EN_US.brand_names);
    for (const field of VOCABULARY_FIELDS) if (EN_US[field] !== undefined) expect(sources[field], field).to.equal('builtin_en_US');
  });

  it('skips an empty or malformed value in a source and looks further', () => {
    const v = resolveVocabulary({
      locale: 'en_US',
      recipe: { tag_labels: [], category_tree: [{ name: '' }] },
      sampleData: { tag_labels: ['From Sample'] },
    });
    expect(v.tag_labels).to.deep.equal(['From Sample']);
    expect(v.category_tree).to.equal(EN_US.category_tree);
  });

  it('is what the generators use: recipe words end up in the entities', () => {
    const result = generate('brand', { count: 3, seed: 1, max_depth: 1, reference_date: '2026-06-30' }, { recipeVocabulary: { brand_names: ['Alpha', 'Beta', 'Gamma'] } });
    expect(result.entities.map((b) => b.name).sort()).to.deep.equal(['Alpha', 'Beta', 'Gamma']);
    const tree = generate('product_category', { count: 3, seed: 1, reference_date: '2026-06-30' }, { sampleData: { category_tree: [{ name: 'Kaffee', children: [{ name: 'Bohnen', children: [{ name: 'Espresso' }] }] }] } });
    expect(tree.entities.map((c) => c.name)).to.deep.equal(['Kaffee', 'Bohnen', 'Espresso']);
    expect(tree.entities[2]!.parent).to.deep.equal({ key: tree.entities[1]!.key });
  });
});
