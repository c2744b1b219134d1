/**
 * Issue #5 (emporium driver): the two emporium repositories the driver needed and the store lacked:
 * download files added to an existing product, and tax lines added to an existing order.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { eachDatabase } from '../support/databases.ts';
import { EMPORIUM, type EmporiumStore } from '../../stores/emporium/index.ts';
import { bootStoreSite, expectRefused, snapshot, type TestKernel } from '../stores/support.ts';

eachDatabase('emporium downloads and order tax lines added later', (target) => {
  let kernel: TestKernel;
  let db: Knex;
  let store: EmporiumStore;

  before(async () => {
    const booted = await bootStoreSite(target, ['emporium']);
    kernel = booted.kernel;
    db = booted.db;
    store = booted.site.services.get(EMPORIUM)!;
  });
  after(async () => kernel.dispose());

  it('adds files to a downloadable product, refuses other products, and deleting a file leaves the product', async () => {
    const [ebook, mug, tee] = await store.products.createMany(db, [
      { name: 'Ebook', regular_price: '9.00', virtual: true, downloadable: true },
      { name: 'Mug', regular_price: '12.00' },
      { name: 'Tee', type: 'variable' },
    ]);
    await expectRefused(db, store.tables, () => store.downloads.createMany(db, [{ product_id: mug, name: 'Manual', file: '/files/manual.pdf' }]), { field: 'product_id', rule: 'requires_downloadable' });
    await expectRefused(db, store.tables, () => store.downloads.createMany(db, [{ product_id: tee, name: 'Guide', file: '/files/guide.pdf' }]), { field: 'product_id', rule: 'variable_has_no_files' });
    await expectRefused(db, store.tables, () => store.downloads.createMany(db, [{ product_id: ebook, name: 'Bad', file: 'relative/path.pdf' }]), { field: 'file', rule: 'format' });

    const [a, b] = await store.downloads.createMany(db, [
      { product_id: ebook, name: 'Ebook (PDF)', file: 'https://example.com/ebook.pdf' },
      { product_id: ebook, name: 'Ebook (EPUB)', file: 'https://example.com/ebook.epub' },
    ]);
    expect((await store.products.get(db, ebook))!.downloads.map((d) => d.id)).to.deep.equal([a, b]);
    expect(await store.downloads.get(db, a)).to.deep.equal({ id: a, product_id: ebook, name: 'Ebook (PDF)', file: 'https://example.com/ebook.pdf' });
    expect(await store.downloads.delete(db, a)).to.equal(true);
    expect((await store.products.get(db, ebook))!.downloads.map((d) => d.id)).to.deep.equal([b]);
  });

  it('adds a tax line to an order without changing its totals; deleting it leaves the order and its other lines', async () => {
    const product = await store.products.create(db, { name: 'Lamp', regular_price: '40.00' });
    const rate = await store.taxRates.create(db, { country: 'DE', rate: '19', name: 'MwSt' });
    const order = await store.orders.create(db, {
      line_items: [{ product_id: product, quantity: 1, total: '40.00', total_tax: '7.60' }],
      tax_lines: [{ rate_id: rate, label: 'MwSt', tax_total: '7.60' }],
    });
    const before = await store.orders.get(db, order);
    await expectRefused(db, store.tables, () => store.orderTaxLines.createMany(db, [{ order_id: 999_999, label: 'X', tax_total: '1.00' }]), { field: 'order_id', rule: 'exists' });
    await expectRefused(db, store.tables, () => store.orderTaxLines.createMany(db, [{ order_id: order, rate_id: 999_999, label: 'X', tax_total: '1.00' }]), { field: 'rate_id', rule: 'exists' });

    const [line] = await store.orderTaxLines.createMany(db, [{ order_id: order, rate_id: rate, label: 'MwSt (contained)', tax_total: '6.39', shipping_tax_total: '0.00' }]);
    const after = (await store.orders.get(db, order))!;
    expect(after.total).to.equal(before!.total);
    expect(after.total_tax).to.equal(before!.total_tax);
    expect(after.tax_lines.map((t) => t.label)).to.deep.equal(['MwSt', 'MwSt (contained)']);
    expect(await store.orderTaxLines.get(db, line)).to.deep.equal({ id: line, order_id: order, rate_id: rate, label: 'MwSt (contained)', tax_total: '6.39', shipping_tax_total: '0.00' });
    // The product line is not a tax line: the repository neither reads nor deletes it.
    expect(await store.orderTaxLines.get(db, after.line_items[0].id)).to.equal(undefined);
    expect(await store.orderTaxLines.delete(db, after.line_items[0].id)).to.equal(false);

    const rows = await snapshot(db, store.tables);
    expect(await store.orderTaxLines.delete(db, line)).to.equal(true);
    expect((await store.orders.get(db, order))!.tax_lines.map((t) => t.label)).to.deep.equal(['MwSt']);
    expect(await snapshot(db, store.tables)).to.deep.equal({ ...rows, emp_order_items: rows.emp_order_items - 1 });
  });
});
