/**
 * The bazaar's Seeder driver: canonical entities in, bazaar ids out, written through the store's tables
 * (store.ts) inside the Seeder's transaction. Five resources, one platform field (`bazaar_stall`).
 */
import { capabilityMatrix, deleteEach, formatMajor, platformField, refId, remember, repositoryWriter, RESOURCES, unsupported } from 'seeder-panel/plugin-api';
import type { CapabilityMatrix, DiscountType, ExistingKind, ExistingRecords, Knex, PlatformField, Ref, ResourceName, ResourceWriters, SeederDriver, Site, WriteContext } from 'seeder-panel/plugin-api';
import { BAZAAR, type Bazaar, type BazaarTable } from './store.ts';

const HELD: readonly ResourceName[] = ['product_category', 'product', 'customer', 'coupon', 'order'];

/** The bazaar id a reference names: an existing record's id, or one written earlier in the request. */
const idOf = (ref: Ref | null | undefined, ctx: WriteContext) => (ref ? Number(refId(ref, ctx.resolved)) : null);
const deleteFrom = (table: BazaarTable) => (ids: readonly string[], ctx: WriteContext) => deleteEach(ids, (id) => table.delete(ctx.trx, id));

function writers(store: Bazaar): ResourceWriters {
  return {
    product_category: {
      // One at a time: a category may sit under one written just before it in the same batch.
      async write(entities, ctx) {
        const ids: string[] = [];
        for (const e of entities) ids.push(...remember([e], await store.categories.createMany(ctx.trx, [{ name: e.name, parent_id: idOf(e.parent, ctx) }]), ctx));
        return ids;
      },
      delete: deleteFrom(store.categories),
      summarise: (e, id) => `Category #${id}: ${e.name}`,
    },
    product: repositoryWriter(store.products, {
      // The platform field (`--bazaar-stall=7` on the CLI) is on each entity; when it was not sent, the table's default applies.
      toInput: (e, ctx) => ({ name: e.name, price_cents: e.sale_price_minor ?? e.regular_price_minor, category_id: idOf(e.categories[0], ctx), stall: platformField<number>(e, 'bazaar_stall') }),
      summarise: (e, id) => `Product #${id}: ${e.name}`,
    }),
    customer: repositoryWriter(store.customers, {
      toInput: (e) => ({ email: e.email, first_name: e.first_name, last_name: e.last_name }),
      summarise: (e, id) => `Customer #${id}: ${e.display_name}`,
    }),
    coupon: repositoryWriter(store.coupons, {
      toInput: (e) => ({ code: e.code, discount_type: e.discount_type, percent: e.amount_percent, cents: e.amount_minor }),
      summarise: (e, id) => `Coupon #${id}: ${e.code}`,
    }),
    order: {
      async write(entities, ctx) {
        const ids = await store.orders.createMany(ctx.trx, entities.map((e) => ({ customer_id: idOf(e.customer, ctx), status: e.status, total_cents: e.total_minor, currency: e.currency })));
        await store.orderLines.createMany(ctx.trx, entities.flatMap((e, i) => e.lines.map((l) => ({ order_id: ids[i], product_id: idOf(l.product, ctx), quantity: l.quantity }))));
        return ids.map(String);
      },
      delete: deleteFrom(store.orders),
      summarise: (e, id) => `Order #${id}: ${e.lines.length} line(s), ${formatMajor(e.total_minor, e.currency)} ${e.currency}`,
    },
  };
}

export class BazaarDriver implements SeederDriver {
  readonly id = 'bazaar';
  readonly label = 'Bazaar';
  readonly vocabulary = {};
  /** A parameter only the bazaar understands: the Seeder validates it and shows it on every surface (drivers/README.md section 4). */
  readonly platformFields: readonly PlatformField[] = [
    { name: 'bazaar_stall', resources: ['product'], schema: { type: 'integer', minimum: 1, maximum: 40, description: 'The market stall (1 to 40) the products are sold from; the bazaar uses stall 1 otherwise.' } },
  ];

  // Installed, active (its service is on the site), its version, and no extension plugins.
  readonly exists = (site: Site) => site.installedPlugin('bazaar') !== undefined;
  readonly isActive = (site: Site) => site.services.has(BAZAAR);
  readonly version = (site: Site) => site.installedPlugin('bazaar')?.version ?? null;
  readonly extensions = () => [];

  capabilities(): CapabilityMatrix {
    const reason = (label: string) => `The bazaar keeps categories, products, customers, coupons and orders, not ${label.toLowerCase()}.`;
    return capabilityMatrix(Object.fromEntries(RESOURCES.filter((r) => !HELD.includes(r.name)).map((r) => [r.name, unsupported(reason(r.label))])));
  }
  writer<R extends ResourceName>(resource: R, site: Site): ResourceWriters[R] {
    const store = site.services.get(BAZAAR);
    return store ? writers(store)[resource] : undefined;
  }
  /** The records generators may refer to (orders pick products, customers and coupons), ordered by id. */
  async existing(kinds: readonly ExistingKind[], site: Site, db: Knex): Promise<Partial<ExistingRecords>> {
    const store = site.services.get(BAZAAR);
    if (!store) return {};
    const read = async (kind: ExistingKind, table: BazaarTable) => (kinds.includes(kind) ? table.list(db) : []);
    const count = (value: unknown) => (value === null ? null : Number(value));
    return {
      product_categories: (await read('product_categories', store.categories)).map((r) => ({ id: String(r.id), name: String(r.name), parent_id: r.parent_id === null ? null : String(r.parent_id) })),
      products: (await read('products', store.products)).map((r) => ({ id: String(r.id), name: String(r.name), type: 'physical', price_minor: Number(r.price_cents) })),
      customers: (await read('customers', store.customers)).map((r) => ({ id: String(r.id), email: String(r.email), first_name: String(r.first_name), last_name: String(r.last_name) })),
      coupons: (await read('coupons', store.coupons)).map((r) => ({ id: String(r.id), code: String(r.code), discount_type: r.discount_type as DiscountType, amount_percent: count(r.percent), amount_minor: count(r.cents) })),
    };
  }
}
