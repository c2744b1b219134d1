/**
 * Issue #5 (emporium driver): what the driver refuses and how a refused entity leaves the rest of its
 * batch written. Entities of a batch that refer to each other by key (the category tree) still resolve
 * when the pipeline retries the batch entity by entity.
 */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';
import { generate, preview } from '../../controllers/generate.ts';
import type { ProductCategoryEntity } from '../../generators/entities.ts';
import { PanelError } from '../../panel/errors.ts';
import { EMPORIUM, type EmporiumStore } from '../../stores/emporium/index.ts';

const SEED = 'emporium-refusals';
const REFERENCE_DATE = '2025-06-30';

eachDatabase('emporium driver refusals', (target) => {
  let h: SeederHarness;
  let store: EmporiumStore;

  before(async () => {
    h = await bootSeederSite(target);
    store = h.site.services.get(EMPORIUM)!;
  });
  after(async () => h?.dispose());

  it('a category the store refuses fails alone with its subtree; the others are written with their parents resolved across the retry', async () => {
    const params = { count: 10, max_depth: 3, seed: SEED, reference_date: REFERENCE_DATE };
    const rows = (await preview(h.req, 'product_category', params)).rows as ProductCategoryEntity[];
    // A top-level category with children: its slug is taken by a hand-made one, so the store refuses it.
    const taken = rows.find((r) => r.parent === null && rows.some((c) => c.parent?.key === r.key))!;
    expect(taken, 'the seed gives a tree').to.not.equal(undefined);
    await store.categories.create(h.site.db, { name: 'Taken', slug: taken.slug });
    const lost = new Set([taken.key]);
    for (const r of rows) if (r.parent?.key && lost.has(r.parent.key)) lost.add(r.key);

    const result = await generate(h.req, 'product_category', params);
    expect(result.failed).to.equal(lost.size);
    expect(result.created.map((c) => c.key)).to.deep.equal(rows.filter((r) => !lost.has(r.key)).map((r) => r.key));
    expect(result.errors.some((e) => e.includes(`Slug "${taken.slug}" is already used`))).to.equal(true);
    if (lost.size > 1) expect(result.errors.some((e) => e.includes('was not written'))).to.equal(true);
    const idByKey = new Map(result.created.map((c) => [c.key, Number(c.id)]));
    for (const r of rows.filter((x) => !lost.has(x.key))) {
      const stored = (await store.categories.get(h.site.db, idByKey.get(r.key)!))!;
      expect(stored.parent_id).to.equal(r.parent ? idByKey.get(r.parent.key!)! : null);
    }
  });

  it('a variation of a value its parent does not offer as a global attribute term is refused with a message, nothing written', async () => {
    const db = h.site.db;
    await store.attributes.create(db, { name: 'Color', terms: [{ name: 'Red' }, { name: 'Blue' }] });
    // A variable product made by hand without attribute terms: emporium has nothing to vary it by.
    await store.products.create(db, { name: 'Plain tee', type: 'variable', sku: 'PLAIN-TEE' });
    const before = await store.variations.count(db);
    const e = await generate(h.req, 'product_variation', { count: 2, seed: SEED, reference_date: REFERENCE_DATE }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).to.be.instanceOf(PanelError);
    // Not the server's fault: the parent lacks matching attribute terms (409, as for "no variable products").
    expect((e as PanelError).code).to.equal('generation.missing_prerequisite');
    expect((e as PanelError).status).to.equal(409);
    expect((e as PanelError).message).to.match(/offers no "Color: (Red|Blue)" as a global attribute term/);
    expect(await store.variations.count(db)).to.equal(before);
  });
});
