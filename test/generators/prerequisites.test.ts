import { expect } from 'chai';
import { MissingPrerequisiteError } from '../../generators/errors.ts';
import { existingRecords } from '../../generators/existing.ts';
import type { ResourceName } from '../../generators/resources.ts';
import { SHOP, run } from './support/fixture.ts';

function missing(resource: ResourceName, existing = existingRecords(), params: Record<string, unknown> = {}): MissingPrerequisiteError {
  try {
    run(resource, { count: 3, seed: 1, ...params }, existing);
  } catch (e) {
    if (e instanceof MissingPrerequisiteError) return e;
    throw e;
  }
  throw new Error(`${resource} generated without its prerequisites`);
}

describe('generators: missing prerequisites name what to generate first (issue 4, point 8)', () => {
  it('orders without customers: "No customers were found. Generate customers before orders."', () => {
    const e = missing('order', existingRecords({ products: SHOP.products }));
    expect(e.message).to.equal('No customers were found. Generate customers before orders.');
    expect(e.code).to.equal('generation.missing_prerequisite');
    expect(e.details).to.deep.equal({ resource: 'order', missing: 'customers', generate_first: 'customer' });
  });

  it('orders without products', () => {
    expect(missing('order', existingRecords({ customers: SHOP.customers })).message).to.equal(
      'No products were found. Generate products before orders.',
    );
  });

  it('orders for a typed customer id need no customer list', () => {
    const result = run('order', { count: 2, seed: 1, customer_id: '991' }, existingRecords({ products: SHOP.products }));
    expect(result.entities.map((o) => o.customer)).to.deep.equal([{ id: '991' }, { id: '991' }]);
  });

  it('refunds need paid orders', () => {
    const unpaid = existingRecords({ orders: SHOP.orders.filter((o) => !o.paid) });
    expect(missing('refund', unpaid).message).to.equal('No paid orders were found. Generate orders with a paid status before refunds.');
    expect(missing('refund').details.generate_first).to.equal('order');
  });

  it('transactions, order tax lines need orders', () => {
    expect(missing('transaction').message).to.equal('No orders were found. Generate orders before transactions.');
    expect(missing('order_tax_line').message).to.equal('No orders were found. Generate orders before order tax lines.');
  });

  it('product variations need variable products', () => {
    const e = missing('product_variation', existingRecords({ products: SHOP.products.filter((p) => p.type !== 'variable') }));
    expect(e.message).to.equal('No variable products were found. Generate products with product_type variable before product variations.');
  });

  it('product downloads need digital products', () => {
    expect(missing('product_download').message).to.equal(
      'No digital products were found. Generate products with product_type digital before product downloads.',
    );
  });

  it('cart sessions, licences and subscriptions need products; subscriptions need customers', () => {
    expect(missing('cart_session').message).to.equal('No products were found. Generate products before cart sessions.');
    expect(missing('licence').message).to.equal('No products were found. Generate products before licences.');
    expect(missing('subscription').message).to.equal('No customers were found. Generate customers before subscriptions.');
    expect(missing('subscription', existingRecords({ customers: SHOP.customers })).message).to.equal(
      'No products were found. Generate products before subscriptions.',
    );
  });

  it('generators without prerequisites work on an empty store', () => {
    for (const r of ['product_category', 'product_tag', 'brand', 'attribute', 'product', 'customer', 'coupon', 'shipping_class', 'shipping_plan', 'tax_class', 'label', 'log'] as const) {
      expect(run(r, { count: 2, seed: 1 }, existingRecords()).entities, r).to.have.length(2);
    }
  });
});
