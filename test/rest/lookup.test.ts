/** Issue 18, point 6: lookup takes a `limit` (1 to 50, default 20); an empty search answers the most recent records. */
import { expect } from 'chai';
import { eachDatabase } from '../support/databases.ts';
import { expectErrorEnvelope } from '../support/envelope.ts';
import { startSeederHttp, type SeederHttp } from '../support/seeder-http.ts';

for (const store of ['emporium', 'cartwheel']) {
  eachDatabase(`lookup on ${store}: limit and the empty search`, (target) => {
    let h: SeederHttp;
    let ids: string[];
    before(async function () {
      this.timeout(120_000);
      h = await startSeederHttp(target, { plugins: [store, 'seeder'] });
      const made = await h.client.post('/customers/generate', { count: 25, seed: 'look' });
      expect(made.status).to.equal(201);
      ids = made.body.created.map((c: { id: string }) => c.id);
      expect((await h.client.post('/products/generate', { count: 3, seed: 'look' })).status).to.equal(201);
    });
    after(async () => h.dispose());
    const newestFirst = () => [...ids].sort((a, b) => Number(b) - Number(a));

    it('an empty or absent search answers the most recent records, newest first, 20 by default', async () => {
      for (const q of ['/lookup?resource=customers', '/lookup?resource=customers&search=']) {
        const res = await h.client.get(q);
        expect(res.status).to.equal(200);
        expect(res.body.items.map((i: { id: string }) => i.id)).to.deep.equal(newestFirst().slice(0, 20));
      }
      const products = (await h.client.get('/lookup?resource=products&search=')).body.items;
      expect(products).to.have.length(3);
    });

    it('limit bounds the answer, with or without a search; outside 1 to 50 is 422 and names limit', async () => {
      expect((await h.client.get('/lookup?resource=customers&limit=5')).body.items.map((i: { id: string }) => i.id)).to.deep.equal(newestFirst().slice(0, 5));
      expect((await h.client.get('/lookup?resource=customers&limit=50')).body.items).to.have.length(25);
      expect((await h.client.get('/lookup?resource=customers&search=a&limit=1')).body.items).to.have.length(1);
      for (const bad of ['0', '51', 'many']) {
        const res = expectErrorEnvelope(await h.client.get(`/lookup?resource=customers&limit=${bad}`), 422, 'validation.invalid');
        expect(res.message).to.equal('Invalid parameter(s): limit');
      }
    });

    it('the OpenAPI document declares limit', async () => {
      const doc = (await h.client.get('/openapi.json')).body;
      const limit = doc.paths['/lookup'].get.parameters.find((p: { name: string }) => p.name === 'limit');
      expect(limit.schema).to.include({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    });
  });
}
