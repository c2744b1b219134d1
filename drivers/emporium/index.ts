/**
 * The built-in driver for emporium (WooCommerce-like): money as two-place decimal strings,
 * payments recorded on the order itself, no labels, no licences; subscriptions need
 * emporium-subscriptions. Writes only through the EMPORIUM service (the store's object layer):
 * each batch is validated by the store and written with one `createMany` per store entity.
 */
import type { Knex } from 'knex';
import type { CapabilityMatrix, ExistingKind, ExistingRecords, LookupItem, PlatformField, RecordMoney, ResourceName, ResourceWriters, Site, VocabularyMap } from '../../plugin-api.ts';
import { capabilityMatrix, missingExtension, StoreDriver, unsupported } from '../../plugin-api.ts';
import type { EmporiumStore } from '../../stores/emporium/index.ts';
import { EMPORIUM } from '../../stores/emporium/service.ts';
import { TAX_STATUSES } from '../../stores/emporium/statuses.ts';
import { EMPORIUM_SUBSCRIPTIONS } from '../../stores/emporium-subscriptions/service.ts';
import { readExisting } from './existing.ts';
import { readers, searchStore } from './search.ts';
import { readThrough, recordAmounts } from '../common/read.ts';
import { fromDecimal } from './money.ts';
import { EMPORIUM_VOCABULARY, IMAGES_KEPT } from './vocabulary.ts';
import { attributeWriter, brandWriter, categoryWriter, downloadWriter, productWriter, tagWriter, variationWriter } from './writers/catalog.ts';
import {
  cartSessionWriter,
  couponWriter,
  customerWriter,
  orderTaxLineWriter,
  orderWriter,
  refundWriter,
  subscriptionWriter,
} from './writers/sales.ts';
import { logWriter, shippingClassWriter, shippingPlanWriter, taxClassWriter } from './writers/settings.ts';

/** The writer of each resource emporium holds (subscriptions need the extension's service). */
const WRITERS: { readonly [R in ResourceName]?: (store: EmporiumStore, site: Site) => ResourceWriters[R] } = {
  product_category: categoryWriter,
  product_tag: tagWriter,
  brand: brandWriter,
  attribute: attributeWriter,
  product: productWriter,
  product_variation: variationWriter,
  product_download: downloadWriter,
  customer: customerWriter,
  coupon: couponWriter,
  shipping_class: shippingClassWriter,
  shipping_plan: shippingPlanWriter,
  tax_class: taxClassWriter,
  order: orderWriter,
  order_tax_line: orderTaxLineWriter,
  refund: refundWriter,
  cart_session: cartSessionWriter,
  subscription: (_store, site) => {
    const subscriptions = site.services.get(EMPORIUM_SUBSCRIPTIONS);
    return subscriptions ? subscriptionWriter(subscriptions) : undefined;
  },
  log: logWriter,
};

/**
 * Generator parameters emporium cannot honour, per resource: what they control has no place in the
 * store (reported back in the generate result as ignored).
 */
const IGNORED_PARAMETERS: Partial<Record<ResourceName, readonly string[]>> = {
  // Emporium's brands are flat.
  brand: ['max_depth', 'sub_brand_ratio'],
  // Files have no download limit or expiry of their own in emporium.
  product_download: ['download_limit', 'expiry_days', 'unlimited_ratio'],
  // Customers have no marketing consent.
  customer: ['marketing_opt_in_ratio'],
  // Shipping methods have no delivery time.
  shipping_plan: ['delivery_days'],
  // Refunds do not restock.
  refund: ['restock_ratio'],
};

/** Parameters only emporium understands; its product writer honours them. */
export const EMPORIUM_FIELDS: readonly PlatformField[] = [
  {
    name: 'emporium_tax_status',
    resources: ['product'],
    schema: {
      type: 'string',
      enum: TAX_STATUSES,
      description: "How the store taxes the generated products: taxable (the store's default), shipping (only their shipping is taxed) or none. Their variations follow them.",
    },
  },
];

export class EmporiumDriver extends StoreDriver {
  readonly id = 'emporium';
  readonly label = 'Emporium';
  readonly vocabulary: VocabularyMap = EMPORIUM_VOCABULARY;
  readonly platformFields = EMPORIUM_FIELDS;
  protected readonly spec = {
    plugin: 'emporium',
    service: EMPORIUM,
    extensions: [{ slug: 'emporium-subscriptions', label: 'Emporium Subscriptions' }],
    ignored: IGNORED_PARAMETERS,
  };

  imagesKept(resource: ResourceName): number {
    return IMAGES_KEPT[resource] ?? 0;
  }

  capabilities(site: Site): CapabilityMatrix {
    return capabilityMatrix({
      transaction: unsupported('Emporium records payments on the order itself (payment method, transaction id and paid date), so it has no separate transaction records.'),
      label: unsupported('Emporium has no labels for orders or customers.'),
      licence: unsupported('Emporium has no licensing; licence keys need a licensing plugin, which Emporium does not offer.'),
      ...(site.services.has(EMPORIUM_SUBSCRIPTIONS) ? {} : { subscription: missingExtension('emporium-subscriptions', 'Emporium Subscriptions', 'Subscriptions on Emporium') }),
    });
  }

  writer<R extends ResourceName>(resource: R, site: Site): ResourceWriters[R] {
    const store = site.services.get(EMPORIUM);
    const make = WRITERS[resource];
    return store && make ? make(store, site) : undefined;
  }

  async existing(kinds: readonly ExistingKind[], site: Site, db: Knex): Promise<Partial<ExistingRecords>> {
    const store = site.services.get(EMPORIUM);
    return store ? readExisting(store, kinds, db) : {};
  }

  async search(resource: ResourceName, term: string, site: Site, limit: number): Promise<LookupItem[]> {
    const store = site.services.get(EMPORIUM);
    return store ? searchStore(store, site.services.get(EMPORIUM_SUBSCRIPTIONS), resource, term, limit) : [];
  }

  async read(resource: ResourceName, ids: readonly string[], site: Site): Promise<Map<string, Record<string, unknown>>> {
    const store = site.services.get(EMPORIUM);
    return store ? readThrough(readers(store, site.services.get(EMPORIUM_SUBSCRIPTIONS))[resource], store.db, ids) : new Map();
  }

  /** Emporium writes money as two-place decimal strings ("54.98", "1299.00" yen), in the shop's currency unless the record has its own. */
  async readMoney(_resource: ResourceName, records: ReadonlyMap<string, Readonly<Record<string, unknown>>>, site: Site): Promise<Map<string, Record<string, RecordMoney>>> {
    const store = site.services.get(EMPORIUM);
    if (!store) return new Map();
    const shop = await store.currency.get();
    const decimal = (v: unknown, currency: string) => (typeof v === 'string' && /^-?\d+(\.\d{1,2})?$/.test(v) ? fromDecimal(v, currency) : null);
    return new Map([...records].map(([id, r]) => [id, recordAmounts(r, shop, decimal)]));
  }
}
