/** A shop's currency setting governs the money generators write and how the driver reads it back. */
import { expect } from 'chai';
import { generate, preview } from '../../controllers/generate.ts';
import { EMPORIUM } from '../../stores/emporium/index.ts';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';

eachDatabase('a shop currency without minor units', (target) => {
  let h: SeederHarness;
  before(async () => {
    h = await bootSeederSite(target);
    await h.site.services.get(EMPORIUM)!.currency.set('JPY');
  });
  after(async () => h.dispose());

  it('prices products in yen, and orders charge what the products cost', async () => {
    const products = await generate(h.req, 'products', { count: 10, product_type: 'physical', seed: 'yen', locale: 'ja_JP' });
    await generate(h.req, 'customers', { count: 5, seed: 'yen', locale: 'ja_JP' });
    const stored = await h.site.services.get(EMPORIUM)!.products.getMany(h.site.db, products.created.map((c) => Number(c.id)));
    const price = new Map(stored.map((p) => [String(p.id), Number(p.price)]));
    // Emporium keeps two places whatever the currency: 1500 yen is "1500.00".
    for (const p of stored) expect(p.price).to.match(/^\d+\.00$/);
    const orders = await preview(h.req, 'orders', { count: 20, seed: 'yen', include_shipping: false, include_tax: false, coupon_ratio: 0 });
    for (const order of orders.rows as Array<{ currency: string; lines: Array<{ product: { id: string }; unit_price_minor: number }> }>) {
      expect(order.currency).to.equal('JPY');
      for (const line of order.lines) expect(line.unit_price_minor).to.equal(price.get(line.product.id));
    }
  });
});
