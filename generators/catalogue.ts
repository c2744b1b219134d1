/** Every generator, by resource. Kept apart from `registry.ts` so `schema.ts` can read it without a cycle. */
import { attributeGenerator } from './builders/attribute.ts';
import { brandGenerator } from './builders/brand.ts';
import { cartSessionGenerator } from './builders/cart-session.ts';
import { couponGenerator } from './builders/coupon.ts';
import { customerGenerator } from './builders/customer.ts';
import { labelGenerator } from './builders/label.ts';
import { licenceGenerator } from './builders/licence.ts';
import { logGenerator } from './builders/log.ts';
import { orderTaxLineGenerator } from './builders/order-tax-line.ts';
import { orderGenerator } from './builders/order.ts';
import { productCategoryGenerator } from './builders/product-category.ts';
import { productDownloadGenerator } from './builders/product-download.ts';
import { productTagGenerator } from './builders/product-tag.ts';
import { productVariationGenerator } from './builders/product-variation.ts';
import { productGenerator } from './builders/product.ts';
import { refundGenerator } from './builders/refund.ts';
import { shippingClassGenerator } from './builders/shipping-class.ts';
import { shippingPlanGenerator } from './builders/shipping-plan.ts';
import { subscriptionGenerator } from './builders/subscription.ts';
import { taxClassGenerator } from './builders/tax-class.ts';
import { transactionGenerator } from './builders/transaction.ts';
import type { EntityByResource } from './entities.ts';
import type { ResourceName } from './resources.ts';
import type { Generator } from './types.ts';

export const GENERATORS = {
  product_category: productCategoryGenerator,
  product_tag: productTagGenerator,
  brand: brandGenerator,
  attribute: attributeGenerator,
  product: productGenerator,
  product_variation: productVariationGenerator,
  product_download: productDownloadGenerator,
  customer: customerGenerator,
  coupon: couponGenerator,
  shipping_class: shippingClassGenerator,
  shipping_plan: shippingPlanGenerator,
  tax_class: taxClassGenerator,
  order: orderGenerator,
  order_tax_line: orderTaxLineGenerator,
  transaction: transactionGenerator,
  refund: refundGenerator,
  cart_session: cartSessionGenerator,
  label: labelGenerator,
  subscription: subscriptionGenerator,
  licence: licenceGenerator,
  log: logGenerator,
} as const satisfies { readonly [R in ResourceName]: Generator<object, EntityByResource[R]> };

type Generators = typeof GENERATORS;

/** The resource parameters of each generator (without the base parameters). */
export type ParamsByResource = { [R in ResourceName]: Generators[R] extends Generator<infer P, unknown> ? P : never };
