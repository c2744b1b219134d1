import { expect } from 'chai';
import {
  RESOURCES,
  RESOURCE_NAMES,
  cleanupOrder,
  normaliseResourceName,
  resourceByBase,
  resourceByName,
} from '../../generators/resources.ts';
import { GENERATORS, dependentResources } from '../../generators/registry.ts';

describe('generators: the resource list (issue 4)', () => {
  it('lists the 21 resources in dependency order with their REST bases', () => {
    expect(RESOURCES.map((r) => [r.name, r.base])).to.deep.equal([
      ['product_category', 'product-categories'],
      ['product_tag', 'product-tags'],
      ['brand', 'brands'],
      ['attribute', 'attributes'],
      ['product', 'products'],
      ['product_variation', 'product-variations'],
      ['product_download', 'product-downloads'],
      ['customer', 'customers'],
      ['coupon', 'coupons'],
      ['shipping_class', 'shipping-classes'],
      ['shipping_plan', 'shipping-plans'],
      ['tax_class', 'tax-classes'],
      ['order', 'orders'],
      ['order_tax_line', 'order-tax-lines'],
      ['transaction', 'transactions'],
      ['refund', 'refunds'],
      ['cart_session', 'cart-sessions'],
      ['label', 'labels'],
      ['subscription', 'subscriptions'],
      ['licence', 'licences'],
      ['log', 'logs'],
    ]);
  });

  it('has a label and a singular for every resource, and a generator for each', () => {
    for (const r of RESOURCES) {
      expect(r.label, r.name).to.be.a('string').and.not.equal('');
      expect(r.singular, r.name).to.be.a('string').and.not.equal('');
      expect(GENERATORS[r.name].resource).to.equal(r.name);
    }
    expect(Object.keys(GENERATORS).sort()).to.deep.equal([...RESOURCE_NAMES].sort());
  });

  it('cleans up in the reverse order, children before parents', () => {
    expect(cleanupOrder()).to.deep.equal([...RESOURCE_NAMES].reverse());
    expect(cleanupOrder().indexOf('order')).to.be.lessThan(cleanupOrder().indexOf('customer'));
  });

  it('every generator only needs records of resources listed before it (or its own, to skip what the store has)', () => {
    const kindsOf: Record<string, string> = {
      product_categories: 'product_category', product_tags: 'product_tag', brands: 'brand', attributes: 'attribute',
      products: 'product', variations: 'product_variation', customers: 'customer', coupons: 'coupon',
      shipping_classes: 'shipping_class', shipping_plans: 'shipping_plan', tax_classes: 'tax_class', tax_rates: 'tax_class',
      orders: 'order', transactions: 'transaction',
    };
    for (const name of RESOURCE_NAMES) {
      for (const kind of GENERATORS[name].needs) {
        expect(RESOURCE_NAMES.indexOf(kindsOf[kind] as never), `${name} needs ${kind}`).to.be.at.most(RESOURCE_NAMES.indexOf(name));
      }
    }
  });

  it('names the resources that depend on another from the generators\' needs, each later in the list (removed first)', () => {
    expect(dependentResources('customer')).to.deep.equal(['order', 'cart_session', 'subscription', 'licence']);
    expect(dependentResources('product')).to.include.members(['product_variation', 'order']);
    // Reading its own kind (to skip names the store has) is no dependency.
    expect(dependentResources('brand')).to.deep.equal(['product']);
    expect(dependentResources('log')).to.deep.equal([]);
    for (const name of RESOURCE_NAMES) {
      for (const dependent of dependentResources(name)) expect(cleanupOrder().indexOf(dependent), `${dependent} before ${name}`).to.be.lessThan(cleanupOrder().indexOf(name));
    }
  });

  it('finds a resource by name and by base', () => {
    expect(resourceByName('product_category')?.base).to.equal('product-categories');
    expect(resourceByBase('cart-sessions')?.name).to.equal('cart_session');
    expect(resourceByName('nope')).to.equal(undefined);
    expect(resourceByBase('product_categories')).to.equal(undefined);
  });

  it('normalises the base, the canonical name, either with _ and - swapped, in any case', () => {
    for (const spelling of ['product-categories', 'product_categories', 'product_category', 'product-category', 'PRODUCT-Categories', ' Product_Category ']) {
      expect(normaliseResourceName(spelling), spelling).to.equal('product_category');
    }
    expect(normaliseResourceName('orders')).to.equal('order');
    expect(normaliseResourceName('order-tax-line')).to.equal('order_tax_line');
  });

  it('resolves the old shipping method name to shipping plans', () => {
    expect(normaliseResourceName('shipping_method')).to.equal('shipping_plan');
    expect(normaliseResourceName('shipping-methods')).to.equal('shipping_plan');
  });

  it('returns undefined for an unknown resource', () => {
    expect(normaliseResourceName('widgets')).to.equal(undefined);
    expect(normaliseResourceName('')).to.equal(undefined);
  });
});
