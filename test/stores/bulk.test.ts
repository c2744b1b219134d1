/** Issue #3: createMany writes in a number of statements that does not grow with the batch. */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { eachDatabase } from '../support/databases.ts';
import { EMPORIUM, type EmporiumStore, type OrderInput } from '../../stores/emporium/index.ts';
import { CARTWHEEL, type CartwheelStore, type OrderInput as CwOrderInput } from '../../stores/cartwheel/index.ts';
import { bootStoreSite, countQueries, type TestKernel } from './support.ts';

eachDatabase('createMany in bounded statements', (target) => {
  let kernel: TestKernel;
  let db: Knex;
  let emporium: EmporiumStore;
  let cartwheel: CartwheelStore;
  let products: number[];
  let customers: number[];
  let variations: number[];
  let cwCustomers: number[];

  before(async () => {
    const booted = await bootStoreSite(target, ['emporium', 'cartwheel']);
    kernel = booted.kernel;
    db = booted.db;
    emporium = booted.site.services.get(EMPORIUM)!;
    cartwheel = booted.site.services.get(CARTWHEEL)!;
    products = await emporium.products.createMany(db, Array.from({ length: 5 }, (_, i) => ({ name: `P${i}`, sku: `P-${i}`, regular_price: `${i + 1}.00` })));
    customers = await emporium.customers.createMany(db, Array.from({ length: 5 }, (_, i) => ({ email: `c${i}@example.com` })));
    const cw = await cartwheel.products.createMany(db, Array.from({ length: 5 }, (_, i) => ({ title: `P${i}`, variations: [{ price: (i + 1) * 100, sku: `CW-${i}` }] })));
    variations = (await cartwheel.products.getMany(db, cw)).map((p) => p.variations[0].id);
    cwCustomers = await cartwheel.customers.createMany(db, Array.from({ length: 5 }, (_, i) => ({ email: `c${i}@example.com` })));
  });
  after(async () => kernel.dispose());

  const emporiumOrders = (n: number): OrderInput[] =>
    Array.from({ length: n }, (_, i) => ({
      customer_id: customers[i % 5],
      status: 'completed',
      billing: { first_name: 'A', email: `c${i % 5}@example.com`, country: 'US' },
      shipping: { first_name: 'A', country: 'US' },
      line_items: [0, 1, 2].map((k) => ({ product_id: products[(i + k) % 5], quantity: 1, total: `${((i + k) % 5) + 1}.00` })),
      shipping_lines: [{ method_id: 'flat_rate', method_title: 'Flat rate', total: '4.00' }],
      fee_lines: [{ name: 'Gift wrap', total: '1.00' }],
    }));

  const cartwheelOrders = (n: number): CwOrderInput[] =>
    Array.from({ length: n }, (_, i) => ({
      customer_id: cwCustomers[i % 5],
      status: 'completed',
      addresses: [{ type: 'billing', name: 'A', country: 'US' }],
      items: [0, 1, 2].map((k) => ({ variation_id: variations[(i + k) % 5], quantity: 2, unit_price: (((i + k) % 5) + 1) * 100, tax_amount: 10 })),
      tax_lines: [{ label: 'VAT', rate: '5.0000', tax_amount: 30 }],
    }));

  it('emporium: 10 and 100 orders with their lines take the same number of statements', async () => {
    // First a batch of one: on MariaDB it reserves the id blocks (stores/common/sequences.ts) both measured batches then draw from.
    await emporium.orders.createMany(db, emporiumOrders(1));
    const ten = await countQueries(db, () => emporium.orders.createMany(db, emporiumOrders(10)));
    const hundred = await countQueries(db, () => emporium.orders.createMany(db, emporiumOrders(100)));
    expect(hundred.result).to.have.length(100);
    expect(hundred.queries).to.equal(ten.queries);
    expect(hundred.queries).to.be.at.most(20);
    const last = await emporium.orders.get(db, hundred.result[99]);
    expect(last!.line_items).to.have.length(3);
    expect(last!.fee_lines).to.have.length(1);
  });

  it('emporium: ids come back in input order and are consecutive within the batch', async () => {
    const ids = await emporium.orders.createMany(db, emporiumOrders(3));
    expect(ids[1]).to.equal(ids[0] + 1);
    expect(ids[2]).to.equal(ids[0] + 2);
    const orders = await emporium.orders.getMany(db, ids);
    expect(orders.map((o) => o.customer_id)).to.deep.equal([customers[0], customers[1], customers[2]]);
  });

  it('cartwheel: 10 and 100 orders with their items take the same number of statements', async () => {
    await cartwheel.orders.createMany(db, cartwheelOrders(1));
    const ten = await countQueries(db, () => cartwheel.orders.createMany(db, cartwheelOrders(10)));
    const hundred = await countQueries(db, () => cartwheel.orders.createMany(db, cartwheelOrders(100)));
    expect(hundred.result).to.have.length(100);
    expect(hundred.queries).to.equal(ten.queries);
    expect(hundred.queries).to.be.at.most(25);
    expect((await cartwheel.orders.get(db, hundred.result[0]))!.items).to.have.length(3);
  });

  it('a batch inside the caller\'s transaction is rolled back with it', async () => {
    const before = await emporium.orders.count(db);
    await db
      .transaction(async (trx) => {
        await emporium.orders.createMany(trx, emporiumOrders(5));
        expect(await emporium.orders.count(trx)).to.equal(before + 5);
        throw new Error('caller gives up');
      })
      .catch(() => undefined);
    expect(await emporium.orders.count(db)).to.equal(before);
  });

  it('a deleted id is never handed out again', async () => {
    const [id] = await emporium.customers.createMany(db, [{ email: 'gone@example.com' }]);
    await emporium.customers.delete(db, id);
    const next = await emporium.customers.create(db, { email: 'next@example.com' });
    expect(next).to.be.greaterThan(id);
  });
});
