/**
 * Names built from finite word lists (issue 19, point 5): on a store that keeps growing, fresh seeds
 * never repeat a name, and the vocabulary's combinations last thousands of records before a name needs
 * a number. The store is simulated by feeding each batch's names back as existing records.
 */
import { expect } from 'chai';
import { existingRecords, type ExistingKind } from '../../generators/existing.ts';
import type { ResourceName } from '../../generators/resources.ts';
import { EN_US } from '../../generators/vocabulary/en-us.ts';
import { run } from './support/fixture.ts';

const CASES: ReadonlyArray<{ resource: ResourceName; kind: ExistingKind; total: number }> = [
  { resource: 'brand', kind: 'brands', total: 10_000 },
  { resource: 'shipping_class', kind: 'shipping_classes', total: 10_000 },
  { resource: 'tax_class', kind: 'tax_classes', total: 10_000 },
  { resource: 'attribute', kind: 'attributes', total: 10_000 },
  { resource: 'product_tag', kind: 'product_tags', total: 10_000 },
  { resource: 'product_category', kind: 'product_categories', total: 10_000 },
  // Labels flag orders: a shop has a handful, and its combinations still last thousands.
  { resource: 'label', kind: 'labels', total: 2000 },
];

describe('generators: names from word lists combine instead of running out (issue 19, point 5)', () => {
  for (const { resource, kind, total } of CASES) {
    it(`${resource}: ${total} from fresh seeds, 100 a batch, on a growing store never repeat a slug nor need a number`, () => {
      const store: Array<{ id: string; name: string; slug: string; terms: never[] }> = [];
      const slugs = new Set<string>();
      for (let batch = 0; batch < total / 100; batch++) {
        const rows = run(resource, { count: 100, seed: `fresh-${batch}` }, existingRecords({ [kind]: store })).entities as unknown as Array<{ name: string; slug: string }>;
        expect(rows, `batch ${batch}`).to.have.length(100);
        for (const row of rows) {
          expect(slugs.has(row.slug), `${row.slug} again in batch ${batch}`).to.equal(false);
          expect(row.name, `batch ${batch}`).to.not.match(/ \d+$/);
          slugs.add(row.slug);
          store.push({ id: `${kind}-${store.length}`, name: row.name, slug: row.slug, terms: [] });
        }
      }
    });
  }

  it("a seed's first names are the vocabulary's own; combinations are made of its words", () => {
    const brands = run('brand', { count: 40, seed: 'first', max_depth: 1 }, existingRecords()).entities.map((b) => b.name);
    expect([...brands].sort()).to.deep.equal([...EN_US.brand_names].sort());
    const classes = run('shipping_class', { count: 100, seed: 'first' }, existingRecords()).entities.map((c) => c.name);
    expect([...classes.slice(0, 12)].sort()).to.deep.equal([...EN_US.shipping_class_names].sort());
    for (const name of classes.slice(12)) {
      const [left, right] = name.split(' – ');
      for (const word of left!.split(' & ')) expect(EN_US.shipping_class_names, name).to.include(word);
      if (right !== undefined) expect(right.length).to.be.above(0);
    }
  });
});
