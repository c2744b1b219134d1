/**
 * Preview needs no store (issue 18 point 5): with two stores active and no target, or none active,
 * dependent resources preview against stand-in references made from the seed, and say so; with a
 * resolved store they refer to its records, each reference labelled; every answer carries columns.
 * The client checks every answer against the OpenAPI document (PreviewResult).
 */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';

/** Every `{ id | key, label }` reference under a field in the row, with its field name. */
function references(value: unknown, field = ''): Array<{ field: string; id?: string; key?: string; label: string }> {
  if (Array.isArray(value)) return value.flatMap((v) => references(v, field));
  if (typeof value !== 'object' || value === null) return [];
  const o = value as Record<string, unknown>;
  if (typeof o.label === 'string' && (typeof o.id === 'string' || typeof o.key === 'string') && Object.keys(o).length === 2) {
    return [{ field, label: o.label, ...(typeof o.id === 'string' ? { id: o.id } : { key: o.key as string }) }];
  }
  return Object.entries(o).flatMap(([k, v]) => references(v, k));
}

const DEPENDENT = ['/orders', '/refunds', '/transactions', '/product-variations', '/product-downloads', '/subscriptions', '/licences', '/cart-sessions', '/order-tax-lines', '/logs'];

eachDatabase('Preview without a store: stand-in references', (target) => {
  for (const setup of [
    { title: 'two stores active, no target', plugins: ['emporium', 'cartwheel', 'seeder'] },
    { title: 'no store active', plugins: ['seeder'] },
  ]) {
    describe(setup.title, () => {
      let h: SeederHttp;
      before(async () => {
        h = await startSeederHttp(target, { plugins: setup.plugins });
      });
      after(async () => h.dispose());

      it('every dependent resource previews against stand-ins, says so, and labels each reference', async () => {
        for (const path of DEPENDENT) {
          const res = await h.client.post(`${path}/preview`, { count: 3, seed: 'stand-ins' });
          expect(res.status, `${path}: ${JSON.stringify(res.body)}`).to.equal(200);
          expect(res.body.platform, path).to.equal(null);
          expect(res.body.references, path).to.equal('stand-in');
          expect(res.body.references_note, path).to.match(/stand-in records/);
          // Logs name their order and product in words (`order #stand-in-order-2`), not as references.
          expect(JSON.stringify(res.body.rows), path).to.contain('stand-in-');
          const refs = references(res.body.rows);
          if (path !== '/logs') expect(refs.length, path).to.be.greaterThan(0);
          for (const r of refs) {
            if (r.id !== undefined) expect(r.id, `${path} ${r.field}`).to.match(/^stand-in-/);
            expect(r.label, `${path} ${r.field}`).to.be.a('string').and.not.match(/undefined|null|\[object/);
          }
        }
      });

      it('the stand-ins are the same for the same seed and differ for another', async () => {
        const a = await h.client.post('/orders/preview', { count: 4, seed: 'same' });
        const b = await h.client.post('/orders/preview', { count: 4, seed: 'same' });
        const c = await h.client.post('/orders/preview', { count: 4, seed: 'other' });
        expect(b.body.rows).to.deep.equal(a.body.rows);
        expect(c.body.rows).not.to.deep.equal(a.body.rows);
        // A customer's reference reads as the person, not as an id.
        const customer = references(a.body.rows).find((r) => r.field === 'customer')!;
        expect(customer.label).to.match(/^\S.* \(.+@.+\)$/);
      });

      it('a resource that refers to nothing says none', async () => {
        const res = await h.client.post('/customers/preview', { count: 2, seed: 1 });
        expect(res.body.references).to.equal('none');
        expect(res.body.columns.map((c: { key: string }) => c.key)).to.include('email');
      });
    });
  }

  for (const store of ['emporium', 'cartwheel']) {
    describe(`a resolved store (${store})`, () => {
      let h: SeederHttp;
      before(async () => {
        h = await startSeederHttp(target, { plugins: ['emporium', 'cartwheel', 'seeder'] });
      });
      after(async () => h.dispose());

      it('a store without products answers the missing prerequisite, as before', async () => {
        const res = await h.client.post('/orders/preview', { count: 1, seed: 1, platform: store });
        expectErrorEnvelope(res, 409, 'generation.missing_prerequisite');
        expect(res.body.error.message).to.match(/No products were found/);
      });

      it('refers to the store\'s own records, labelled, and a pinned customer reads as that customer', async () => {
        expect((await h.client.post('/products/generate', { count: 3, seed: 'p', platform: store, product_type: 'physical' })).status).to.equal(201);
        const customers = await h.client.post('/customers/generate', { count: 2, seed: 'c', platform: store });
        expect(customers.status).to.equal(201);
        const pinned = customers.body.created[1];
        const res = await h.client.post('/orders/preview', { count: 3, seed: 'o', platform: store, customer_id: pinned.id });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(res.body.platform).to.equal(store);
        expect(res.body.references).to.equal('store');
        const refs = references(res.body.rows);
        expect(refs.filter((r) => r.id?.startsWith('stand-in-'))).to.deep.equal([]);
        const customerRefs = refs.filter((r) => r.field === 'customer');
        expect(customerRefs).to.have.length(3);
        const preview = await h.client.post('/customers/preview', { count: 2, seed: 'c' });
        const email = preview.body.rows[1].email as string;
        for (const r of customerRefs) {
          expect(r.id).to.equal(pinned.id);
          expect(r.label).to.contain(email);
        }
        const product = refs.find((r) => r.field === 'product')!;
        const names = (await h.client.post('/products/preview', { count: 3, seed: 'p', product_type: 'physical' })).body.rows.map((p: { name: string }) => p.name);
        expect(names).to.include(product.label);
      });
    });
  }
});
