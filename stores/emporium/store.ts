/**
 * EmporiumStore: emporium's object layer, offered to the other plugins of a site as the EMPORIUM
 * service. Every repository method takes the executor first (a knex or a transaction the caller
 * owns). Money is a two-place decimal string ("12.50"); statuses are WooCommerce's spellings
 * (`on-hold`, `cancelled`); timestamps are ISO 8601 UTC strings.
 */
import type { Knex } from 'knex';
import type { Options } from '../../panel/plugin.ts';
import { CurrencySetting } from '../common/currency.ts';
import type { StoreInfo } from '../common/repository.ts';
import { TaxonomyRepository } from '../common/taxonomy.ts';
import { AttributeRepository, AttributeTermRepository } from '../common/attributes.ts';
import { DownloadRepository } from './catalog/downloads.ts';
import { ProductRepository, VariationRepository } from './catalog/products.ts';
import { CustomerRepository } from './people/customers.ts';
import { CouponRepository } from './sales/coupons.ts';
import { DownloadPermissionRepository } from './sales/download-permissions.ts';
import { OrderTaxLineRepository } from './sales/order-tax-lines.ts';
import { OrderRepository } from './sales/orders.ts';
import { RefundRepository } from './sales/refunds.ts';
import { SessionRepository } from './sales/sessions.ts';
import { LogRepository } from './settings/log.ts';
import { ShippingZoneRepository } from './settings/shipping-zones.ts';
import { TaxRateRepository } from '../common/tax-rates.ts';
import { EMPORIUM_TABLES, T } from './tables.ts';

export const EMPORIUM_INFO: StoreInfo = Object.freeze({ name: 'emporium', sequences: T.sequences });

export class EmporiumStore {
  /** The site database this store was applied to (a default executor; callers may pass a transaction instead). */
  readonly db: Knex;
  /** Every data table emporium owns, parents first (the sequence table, bookkeeping, is `sequenceTable`). */
  readonly tables: readonly string[] = EMPORIUM_TABLES;
  /** Where ids are reserved; it only grows, so it is left out of `tables` snapshots. */
  readonly sequenceTable = T.sequences;
  /** Money is a decimal string with two places. */
  readonly money = 'decimal-string' as const;

  /** Simple and variable products; search by name or SKU. */
  readonly products = new ProductRepository(EMPORIUM_INFO);
  /** Variations of variable products (refused on any other parent). */
  readonly variations = new VariationRepository(EMPORIUM_INFO);
  /** The product category tree; deleting a category moves its children up and leaves its products. */
  readonly categories = new TaxonomyRepository(EMPORIUM_INFO, { entity: 'product category', table: T.categories, hierarchical: true });
  readonly tags = new TaxonomyRepository(EMPORIUM_INFO, { entity: 'product tag', table: T.tags });
  readonly brands = new TaxonomyRepository(EMPORIUM_INFO, { entity: 'brand', table: T.brands });
  /** Global attributes with their terms. */
  readonly attributes = new AttributeRepository(EMPORIUM_INFO, { attributes: T.attributes, terms: T.attributeTerms });
  readonly attributeTerms = new AttributeTermRepository(EMPORIUM_INFO, { attributes: T.attributes, terms: T.attributeTerms });
  /** Download files added to existing downloadable products. */
  readonly downloads = new DownloadRepository(EMPORIUM_INFO);
  readonly downloadPermissions = new DownloadPermissionRepository(EMPORIUM_INFO);
  /** Customers with billing and shipping addresses; search by name or email. */
  readonly customers = new CustomerRepository(EMPORIUM_INFO);
  /** Orders with their lines; search by id or customer email. */
  readonly orders = new OrderRepository(EMPORIUM_INFO);
  /** Tax lines added to existing orders (the order's totals stay as they are). */
  readonly orderTaxLines = new OrderTaxLineRepository(EMPORIUM_INFO);
  readonly refunds = new RefundRepository(EMPORIUM_INFO);
  /** Coupons; search by code. */
  readonly coupons = new CouponRepository(EMPORIUM_INFO);
  readonly shippingZones = new ShippingZoneRepository(EMPORIUM_INFO);
  readonly shippingClasses = new TaxonomyRepository(EMPORIUM_INFO, { entity: 'shipping class', table: T.shippingClasses });
  readonly taxClasses = new TaxonomyRepository(EMPORIUM_INFO, { entity: 'tax class', table: T.taxClasses });
  readonly taxRates = new TaxRateRepository(EMPORIUM_INFO, { classes: T.taxClasses, rates: T.taxRates });
  /** Cart sessions. */
  readonly sessions = new SessionRepository(EMPORIUM_INFO);
  readonly log = new LogRepository(EMPORIUM_INFO);

  /** The shop's currency (site option `emporium_currency`, USD by default). */
  readonly currency: CurrencySetting;

  constructor(db: Knex, options?: Options) {
    this.db = db;
    this.currency = new CurrencySetting('emporium_currency', options);
  }
}
