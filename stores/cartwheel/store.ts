/**
 * CartwheelStore: cartwheel's object layer, offered as the CARTWHEEL service. Every repository method
 * takes the executor first. Money is integer cents; statuses are Fluent Cart's spellings (`canceled`,
 * transaction states `succeeded`/`dispute_lost`, cart stages `draft`/`intended`/`completed`); there
 * are no product tags. Timestamps are ISO 8601 UTC strings.
 */
import type { Knex } from 'knex';
import type { Options } from '../../panel/plugin.ts';
import { CurrencySetting } from '../common/currency.ts';
import { AttributeRepository, AttributeTermRepository } from '../common/attributes.ts';
import type { StoreInfo } from '../common/repository.ts';
import { TaxonomyRepository } from '../common/taxonomy.ts';
import { TaxRateRepository } from '../common/tax-rates.ts';
import { ProductDownloadRepository } from './catalog/downloads.ts';
import { ProductRepository, VariationRepository } from './catalog/products.ts';
import { CustomerRepository } from './people/customers.ts';
import { CartRepository } from './sales/carts.ts';
import { CouponRepository } from './sales/coupons.ts';
import { LabelAttachmentRepository, LabelRepository } from './sales/labels.ts';
import { OrderTaxLineRepository } from './sales/order-tax-lines.ts';
import { OrderRepository } from './sales/orders.ts';
import { SubscriptionRepository } from './sales/subscriptions.ts';
import { RefundRepository, TransactionRepository } from './sales/transactions.ts';
import { ActivityRepository } from './settings/activities.ts';
import { ShippingMethodRepository } from './settings/shipping-methods.ts';
import { C, CARTWHEEL_TABLES } from './tables.ts';

export const CARTWHEEL_INFO: StoreInfo = Object.freeze({ name: 'cartwheel', sequences: C.sequences });

export class CartwheelStore {
  readonly db: Knex;
  /** Every data table cartwheel owns, parents first (the sequence table, bookkeeping, is `sequenceTable`). */
  readonly tables: readonly string[] = CARTWHEEL_TABLES;
  readonly sequenceTable = C.sequences;
  /** Money is integer cents. */
  readonly money = 'cents' as const;

  /** Products with their variations; search by title or variation SKU. */
  readonly products = new ProductRepository(CARTWHEEL_INFO);
  /** Variations added to existing multi-variation products. */
  readonly variations = new VariationRepository(CARTWHEEL_INFO);
  /** Files added to existing products, or removed one by one. */
  readonly downloads = new ProductDownloadRepository(CARTWHEEL_INFO);
  /** The category tree; deleting a category moves its children up and leaves its products. */
  readonly categories = new TaxonomyRepository(CARTWHEEL_INFO, { entity: 'category', table: C.categories, hierarchical: true });
  readonly brands = new TaxonomyRepository(CARTWHEEL_INFO, { entity: 'brand', table: C.brands });
  readonly attributes = new AttributeRepository(CARTWHEEL_INFO, { attributes: C.attributes, terms: C.attributeTerms });
  readonly attributeTerms = new AttributeTermRepository(CARTWHEEL_INFO, { attributes: C.attributes, terms: C.attributeTerms });
  /** Customers with addresses; search by name or email. Refused delete while they have orders or subscriptions. */
  readonly customers = new CustomerRepository(CARTWHEEL_INFO);
  /** Orders with items, totals and tax lines; search by id or customer email. */
  readonly orders = new OrderRepository(CARTWHEEL_INFO);
  /** Tax lines added to existing orders (tax their amounts contain; the totals do not change). */
  readonly orderTaxLines = new OrderTaxLineRepository(CARTWHEEL_INFO);
  /** Charges, refunds and disputes as records of their own. */
  readonly transactions = new TransactionRepository(CARTWHEEL_INFO);
  /** Refund transactions only. */
  readonly refunds = new RefundRepository(CARTWHEEL_INFO);
  /** Coupons; search by code. */
  readonly coupons = new CouponRepository(CARTWHEEL_INFO);
  readonly shippingMethods = new ShippingMethodRepository(CARTWHEEL_INFO);
  readonly shippingClasses = new TaxonomyRepository(CARTWHEEL_INFO, { entity: 'shipping class', table: C.shippingClasses });
  readonly taxClasses = new TaxonomyRepository(CARTWHEEL_INFO, { entity: 'tax class', table: C.taxClasses });
  readonly taxRates = new TaxRateRepository(CARTWHEEL_INFO, { classes: C.taxClasses, rates: C.taxRates });
  readonly carts = new CartRepository(CARTWHEEL_INFO);
  readonly labels = new LabelRepository(CARTWHEEL_INFO);
  /** Labels attached to orders and customers. */
  readonly labelAttachments = new LabelAttachmentRepository(CARTWHEEL_INFO);
  readonly subscriptions = new SubscriptionRepository(CARTWHEEL_INFO);
  /** The activity log; search by title or content. */
  readonly activities = new ActivityRepository(CARTWHEEL_INFO);

  /** The shop's currency (site option `cartwheel_currency`, USD by default). */
  readonly currency: CurrencySetting;

  constructor(db: Knex, options?: Options) {
    this.db = db;
    this.currency = new CurrencySetting('cartwheel_currency', options);
  }
}
