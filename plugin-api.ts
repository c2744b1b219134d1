/**
 * The public API for plugin and driver authors: the one entry a plugin imports (`seeder-panel/plugin-api`
 * in the package's `exports`). Everything here is stable within a minor version; anything not exported
 * here is internal and may change. The built-in drivers (drivers/emporium, drivers/cartwheel) import
 * nothing else of the host or the Seeder, so a third-party driver can do everything they do.
 * drivers/README.md walks through writing a driver with it; test/fixtures/plugins/toy-store.ts is a
 * complete example.
 *
 * Re-exported by name (never `export *`), grouped by what they are for. This module must not import
 * plugin.ts or a built-in driver: they import it.
 */

// ---- the host: plugins, sites, services, versions ----
export type { Migration, MigrationContext, Plugin, PluginContext, RouteBuilder, ServiceKey } from './panel/plugin.ts';
export { defineService } from './panel/plugin.ts';
export type { Site } from './panel/site.ts';
/** The database handle a plugin's migrations, writers and reads get (`site.db`, `WriteContext.trx`): the host's own knex. */
export type { Knex } from 'knex';
export type { Actor } from './panel/actor.ts';
export type { AdminNotice, AdminNoticeLevel, AdminPage } from './panel/admin/contract.ts';
export { PANEL_VERSION } from './panel/version.ts';
export { SEEDER_VERSION } from './controllers/version.ts';

// ---- errors: coded, recognised by shape (a brand), with one constructor per code ----
export type { CodedError, ErrorDetails, PanelErrorClass } from './panel/errors.ts';
export { defineError, hasErrorCode, isPanelError, isRefusal, PANEL_ERROR, PanelError, registerErrorCodes } from './panel/errors.ts';
export type { UnmetPrerequisiteDetails } from './drivers/common/errors.ts';
export { UnmappableEntity, UnmappableEntityError, UnmetPrerequisite, UnmetPrerequisiteError } from './drivers/common/errors.ts';
export { UnresolvedReference, UnresolvedReferenceError } from './drivers/common/refs.ts';

// ---- the driver contract and its registration ----
export type {
  CapabilityCell,
  CapabilityMatrix,
  DeleteOutcome,
  DriverExtension,
  LookupItem,
  MoneyText,
  PlatformField,
  RecordMoney,
  ResourceWriter,
  ResourceWriters,
  SeederDriver,
  VocabularyMap,
  WithPlatformFields,
  WriteContext,
} from './drivers/contract.ts';
export { keptImages, platformField } from './drivers/contract.ts';
export { uploadUrl } from './panel/uploads.ts';
export { driverProblems, InvalidDriver, registerDriver } from './drivers/registry.ts';

// ---- helpers for drivers ----
export type { StoreDriverSpec } from './drivers/common/store-driver.ts';
export { StoreDriver } from './drivers/common/store-driver.ts';
export { capabilityMatrix, missingExtension, unsupported } from './drivers/common/capabilities.ts';
export type { StoreRepository, WriterOptions } from './drivers/common/repository-writer.ts';
export { remember, repositoryWriter } from './drivers/common/repository-writer.ts';
export { deleteAll, deleteEach, storeIdOf } from './drivers/common/delete.ts';
export { optionalRefId, refId } from './drivers/common/refs.ts';
export { EXISTING_CAP, NAMED_CAP, newestIds } from './drivers/common/newest.ts';
export { newestIdsWhere, numericId } from './drivers/common/records.ts';
export { storeInstantPlus, toCanonicalInstant, toStoreInstant, toStoreInstantOrNull } from './drivers/common/time.ts';

// ---- resources and canonical entities ----
export type { ResourceName } from './generators/resources.ts';
export { normaliseResourceName, RESOURCE_NAMES, RESOURCES } from './generators/resources.ts';
export type {
  Address,
  AttributeEntity,
  AttributeTerm,
  BrandEntity,
  CanonicalEntity,
  CartItem,
  CartSessionEntity,
  CouponEntity,
  CustomerEntity,
  Dimensions,
  EntityByResource,
  LabelEntity,
  LicenceActivation,
  LicenceEntity,
  LogEntity,
  OrderCouponLine,
  OrderEntity,
  OrderLine,
  ProductImage,
  OrderShippingLine,
  OrderTaxLineEntity,
  OrderTaxSummary,
  ProductAttribute,
  ProductCategoryEntity,
  ProductDownloadEntity,
  ProductEntity,
  ProductTagEntity,
  ProductVariationEntity,
  Ref,
  RefundEntity,
  ShippingClassEntity,
  ShippingMethodEntity,
  ShippingPlanEntity,
  SubscriptionEntity,
  SubscriptionLine,
  TaxClassEntity,
  TaxRateEntity,
  TransactionEntity,
} from './generators/entities.ts';

// ---- existing records a driver reads for the generators ----
export type {
  ExistingAttribute,
  ExistingCoupon,
  ExistingCustomer,
  ExistingKind,
  ExistingOrder,
  ExistingProduct,
  ExistingRecords,
  ExistingShippingPlan,
  ExistingTaxClass,
  ExistingTaxRate,
  ExistingTerm,
  ExistingTransaction,
  ExistingVariation,
} from './generators/existing.ts';

// ---- canonical vocabularies, money, time and places ----
export type {
  BillingPeriod,
  CartStage,
  CustomerType,
  DiscountType,
  LicenceState,
  LogLevel,
  LogSource,
  OrderStatus,
  PaymentMethod,
  ProductStatus,
  ProductType,
  StockStatus,
  SubscriptionStatus,
  TransactionState,
  TransactionType,
} from './generators/vocabularies.ts';
export { isPaidOrderStatus } from './generators/vocabularies.ts';
export { currencyExponent, formatMajor, plainMoney } from './generators/money.ts';
export { DAY, HOUR, MINUTE } from './generators/dates.ts';
export type { CountryInfo } from './generators/geo/countries.ts';
export { COUNTRIES, countryInfo } from './generators/geo/countries.ts';

// ---- recipes: the manifest a recipe author writes ----
export type { RecipeManifestInput, RecipePlanEntryInput, RecipePriceBand, RecipeSize, RecipeWords } from './recipes/types.ts';

// ---- hooks: the values and contexts of the Seeder's hooks (HOOKS.md lists every hook) ----
export type {
  CliCommandDeclaration,
  GenerationContext,
  McpAbility,
  McpSwitches,
  ParameterDeclaration,
  PlatformHookContext,
  PlatformSearchContext,
  TargetPlatformContext,
} from './controllers/hooks.ts';
export type { CreatedItem, GenerateResult, ItemContext, WriteHookContext, WriteHookOutcome } from './controllers/generate.ts';
