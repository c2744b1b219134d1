import { expect } from 'chai';
import { generate } from '../../controllers/generate.ts';
import { eachDatabase } from '../support/databases.ts';
import { bootSeederSite, type SeederHarness } from '../support/seeder.ts';

eachDatabase('result filters of a real writer', (target) => {
  let h: SeederHarness;
  before(async () => {
    h = await bootSeederSite(target);
  });
  after(async () => h.dispose());

  it('the deprecated seeder_shipping_method_generation_result fires after the shipping plan filter, with its result, and warns once', async () => {
    const calls: string[] = [];
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => {
      if (w.name === 'DeprecationWarning') warnings.push(String(w.code));
    };
    process.on('warning', onWarning);
    const d1 = h.site.hooks.addFilter('seeder_shipping_method_generation_result', (result) => {
      calls.push(`old saw ${String(result.marker)}`);
      return { ...result, marker: 'old' };
    });
    const d2 = h.site.hooks.addFilter('seeder_shipping_plan_generation_result', (result) => {
      calls.push('new');
      return { ...result, marker: 'new' };
    });
    try {
      const first = await generate(h.req, 'shipping-plans', { count: 2, seed: 1 });
      const second = await generate(h.req, 'shipping_plans', { count: 1, seed: 2 });
      expect(calls).to.deep.equal(['new', 'old saw new', 'new', 'old saw new']);
      expect(first.marker).to.equal('old');
      expect(second.marker).to.equal('old');
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((c) => c === 'SEEDER_DEP_SHIPPING_METHOD_RESULT')).to.have.length(1);
    } finally {
      d1();
      d2();
      process.off('warning', onWarning);
    }
  });

  it('every writer offers its own result filter, named after its resource', async () => {
    const seen: string[] = [];
    const disposers = [
      h.site.hooks.addFilter('seeder_product_category_generation_result', (r) => (seen.push(r.resource), r)),
      h.site.hooks.addFilter('seeder_customer_generation_result', (r) => (seen.push(r.resource), r)),
    ];
    try {
      await generate(h.req, 'product-categories', { count: 1, seed: 3 });
      await generate(h.req, 'customers', { count: 1, seed: 3 });
      expect(seen).to.deep.equal(['product_category', 'customer']);
    } finally {
      for (const d of disposers) d();
    }
  });
});
