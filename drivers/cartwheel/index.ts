/**
 * The built-in driver for cartwheel (Fluent-Cart-like): money as integer cents, transactions as
 * records of their own (`succeeded`, `dispute_lost`), cart stages `draft|intended|completed`, no
 * product tags; licences need cartwheel-pro. Writes only through the CARTWHEEL (and CARTWHEEL_PRO)
 * services' repositories, each batch with as few `createMany` calls as the store allows.
 *
 * How canonical records become cartwheel's (and what cartwheel cannot keep) is said at each writer
 * in writers/; the vocabulary map is in vocabulary.ts.
 */
import type { Knex } from 'knex';
import type { CapabilityMatrix, ExistingKind, ExistingRecords, LookupItem, PlatformField, RecordMoney, ResourceName, ResourceWriters, Site, VocabularyMap } from '../../plugin-api.ts';
import { capabilityMatrix, missingExtension, StoreDriver, unsupported } from '../../plugin-api.ts';
import { CARTWHEEL } from '../../stores/cartwheel/service.ts';
import { CARTWHEEL_PRO } from '../../stores/cartwheel-pro/service.ts';
import { recordAmounts } from '../common/read.ts';
import { storeOf } from './convert.ts';
import { existingRecordsOf } from './existing.ts';
import { readCartwheel, searchCartwheel } from './search.ts';
import { CARTWHEEL_VOCABULARY, IMAGES_KEPT } from './vocabulary.ts';
import { attributeWriter, brandWriter, productCategoryWriter, productDownloadWriter, productVariationWriter, productWriter } from './writers/catalog.ts';
import { couponWriter, customerWriter, labelWriter } from './writers/people.ts';
import {
  cartSessionWriter,
  licenceWriter,
  logWriter,
  orderTaxLineWriter,
  orderWriter,
  refundWriter,
  subscriptionWriter,
  transactionWriter,
} from './writers/sales.ts';
import { shippingClassWriter, shippingPlanWriter, taxClassWriter } from './writers/settings.ts';

/** Every resource cartwheel can hold (product tags are not among them). */
const WRITERS: ResourceWriters = {
  product_category: productCategoryWriter,
  brand: brandWriter,
  attribute: attributeWriter,
  product: productWriter,
  product_variation: productVariationWriter,
  product_download: productDownloadWriter,
  customer: customerWriter,
  coupon: couponWriter,
  shipping_class: shippingClassWriter,
  shipping_plan: shippingPlanWriter,
  tax_class: taxClassWriter,
  order: orderWriter,
  order_tax_line: orderTaxLineWriter,
  transaction: transactionWriter,
  refund: refundWriter,
  cart_session: cartSessionWriter,
  label: labelWriter,
  subscription: subscriptionWriter,
  licence: licenceWriter,
  log: logWriter,
};

/**
 * Parameters whose effect cartwheel cannot store: product tags; brand hierarchies; customer types and
 * marketing consent; shipping delivery times and free-shipping minimums; restocking on refunds; more
 * than one product per subscription.
 */
const IGNORED: Readonly<Partial<Record<ResourceName, readonly string[]>>> = {
  product: ['tags_per_product'],
  brand: ['max_depth', 'sub_brand_ratio'],
  customer: ['customer_types', 'marketing_opt_in_ratio'],
  shipping_plan: ['delivery_days', 'free_shipping_minimum'],
  refund: ['restock_ratio'],
  subscription: ['items_per_subscription'],
};

/** Parameters only cartwheel understands; its customer writer honours them. */
export const CARTWHEEL_FIELDS: readonly PlatformField[] = [
  {
    name: 'cartwheel_archived_customer_ratio',
    resources: ['customer'],
    schema: {
      type: 'integer',
      minimum: 0,
      maximum: 100,
      description: 'Share of the generated customers (percent) stored as archived, as the store does with customers who left; the others are active, as they are when this is not sent.',
    },
    // Each customer records whether it is among the archived share.
    perEntity: (ratio, rng) => rng.chance(ratio as number),
  },
];

export class CartwheelDriver extends StoreDriver {
  readonly id = 'cartwheel';
  readonly label = 'Cartwheel';
  readonly vocabulary: VocabularyMap = CARTWHEEL_VOCABULARY;
  readonly platformFields = CARTWHEEL_FIELDS;
  protected readonly spec = {
    plugin: 'cartwheel',
    service: CARTWHEEL,
    extensions: [{ slug: 'cartwheel-pro', label: 'Cartwheel Pro' }],
    ignored: IGNORED,
  };

  imagesKept(resource: ResourceName): number {
    return IMAGES_KEPT[resource] ?? 0;
  }

  capabilities(site: Site): CapabilityMatrix {
    return capabilityMatrix({
      product_tag: unsupported('Cartwheel has no product tags; use categories or brands to group products.'),
      ...(site.services.has(CARTWHEEL_PRO) ? {} : { licence: missingExtension('cartwheel-pro', 'Cartwheel Pro', 'Licences on Cartwheel') }),
    });
  }

  writer<R extends ResourceName>(resource: R): ResourceWriters[R] {
    return WRITERS[resource];
  }

  async existing(kinds: readonly ExistingKind[], site: Site, db: Knex): Promise<Partial<ExistingRecords>> {
    return existingRecordsOf(kinds, db, storeOf(site));
  }

  search(resource: ResourceName, term: string, site: Site, limit: number): Promise<LookupItem[]> {
    return searchCartwheel(resource, term, site, limit);
  }

  read(resource: ResourceName, ids: readonly string[], site: Site): Promise<Map<string, Record<string, unknown>>> {
    return readCartwheel(resource, ids, site);
  }

  /** Cartwheel keeps money in whole minor units (cents, yen), in the shop's currency unless the record has its own. */
  async readMoney(_resource: ResourceName, records: ReadonlyMap<string, Readonly<Record<string, unknown>>>, site: Site): Promise<Map<string, Record<string, RecordMoney>>> {
    const shop = await storeOf(site).currency.get();
    const minor = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
    return new Map([...records].map(([id, r]) => [id, recordAmounts(r, shop, minor)]));
  }
}
