/**
 * The driver contract: how the Seeder writes into one store platform. A driver adapts canonical,
 * platform-neutral entities to a store's own object layer, exactly as a third-party driver would;
 * it never writes SQL into the store's tables itself. See drivers/README.md for the guide.
 *
 * Drivers register from their plugin's `apply` with `registerDriver(ctx, new ToyDriver())`, which
 * checks the driver's shape at once and taps the `seeder_platforms` filter. Extenders import all of
 * this from the public entry, plugin-api.ts (`seeder-panel/plugin-api`).
 */
import type { Knex } from 'knex';
import type { EntityByResource, ProductImage } from '../generators/entities.ts';
import type { ResourceName } from '../generators/resources.ts';
import type { ExistingKind, ExistingRecords } from '../generators/existing.ts';
import type { JSONSchema, JSONValue } from '../generators/json-schema.ts';
import type { Rng } from '../generators/random/prng.ts';
import type { Site } from '../panel/site.ts';

/** An optional extension plugin of a platform (e.g. subscriptions). */
export interface DriverExtension {
  slug: string;
  label: string;
  active: boolean;
  /** Installed version, or null when the extension is not installed. */
  version: string | null;
}

/** One cell of the capability matrix. Reasons are full sentences a user can act on. */
export type CapabilityCell =
  | { status: 'supported' }
  | { status: 'supported_except'; fields: string[]; reason: string }
  | { status: 'unsupported'; reason: string }
  | { status: 'missing_extension'; extension: { slug: string; label: string }; reason: string };

export type CapabilityMatrix = Record<ResourceName, CapabilityCell>;

/** What a writer receives besides the entities. */
export interface WriteContext {
  /** The transaction the batch and its ledger rows are written in. */
  trx: Knex.Transaction;
  site: Site;
  /**
   * Entity key -> platform id of every entity of this request written so far. A writer resolves
   * `{ key }` references through it (`refId`). The pipeline adds the ids each `write` returns, so
   * references can cross calls (it may call `write` once per entity when it isolates a refusal); a
   * writer adds ids itself only when a later step of the same call refers to an earlier one.
   */
  resolved: Map<string, string>;
}

/** An item a lookup picker can show. */
/** An amount of money in a record read back: minor units (cents; yen) of its currency. */
export interface RecordMoney {
  readonly amount_minor: number;
  readonly currency: string;
}

/** Writes an amount of money for the request's locale ("54,98 €", "￥1,299"): what `summarise` writes money with. */
export type MoneyText = (amountMinor: number, currency: string) => string;

export interface LookupItem {
  id: string;
  label: string;
  resource: ResourceName;
}

/** The outcome of deleting records of one resource. */
export interface DeleteOutcome {
  /** Ids removed from the store (or already absent, which also clears their ledger rows). */
  deleted: string[];
  /** Ids the store refused to delete, with the store's reason. */
  failed: Array<{ id: string; error: string }>;
}

/**
 * Writes one resource. `write` validates and writes the whole batch through the store's object
 * layer in the given transaction and returns the new ids in input order, or throws (the store's
 * validation error) without writing anything; the pipeline then retries entity by entity to
 * isolate the failing ones.
 */
export interface ResourceWriter<E = unknown> {
  write(entities: readonly E[], ctx: WriteContext): Promise<string[]>;
  /** Deletes records the Seeder created. Children first is the caller's job (purge order). */
  delete(ids: readonly string[], ctx: WriteContext): Promise<DeleteOutcome>;
  /**
   * A one-line human summary of an entity as written (e.g. "Order #12: 3 items, 45,10 €"), money written
   * with `money` (for the request's locale; absent, "45.10 EUR").
   */
  summarise?(entity: E, id: string, money?: MoneyText): string;
}

/** A writer for each resource a driver holds, each typed by its resource's entity. */
export type ResourceWriters = { readonly [R in ResourceName]?: ResourceWriter<EntityByResource[R]> };

/** The per-platform spelling of each canonical vocabulary (canonical value -> stored value). */
export type VocabularyMap = Partial<Record<'order_status' | 'transaction_state' | 'transaction_type' | 'cart_stage' | 'licence_status' | 'subscription_status' | 'discount_type' | 'product_type', Record<string, string>>>;

/**
 * A parameter only one platform understands, for something its store holds that the canonical
 * entities do not (emporium's product tax status, cartwheel's archived customers). The Seeder accepts
 * it on generate and preview of the listed resources, validates it with `schema`, refuses it (422)
 * when the request writes to another platform, documents it in the OpenAPI document, the CLI flags and
 * the MCP input schemas, and records the value for each entity in the entity's `platform_fields`,
 * where the driver's writer reads it (`platformField(entity, name)`).
 */
export interface PlatformField {
  /**
   * The parameter name: the driver id in snake case, `_`, then the field, e.g. `emporium_tax_status`,
   * so it can never collide with a canonical parameter or another platform's field.
   */
  readonly name: string;
  /** The resources whose generate and preview accept it. */
  readonly resources: readonly ResourceName[];
  /**
   * The JSON Schema of its value, with a `description`. No `default`: when the field is not sent,
   * the store's own default applies and the entity carries nothing for it.
   */
  readonly schema: JSONSchema;
  /**
   * The value recorded on one entity, from the value sent and a random source of that row alone
   * (seeded by seed, resource, row and field, so the same seed gives the same choice on every
   * database). Absent: every entity records the value sent. A `_ratio` field, for instance, records
   * `rng.chance(value)`: whether this entity is in the share.
   */
  perEntity?(value: JSONValue, rng: Rng): JSONValue;
}

/** Where each entity carries its platform fields' values (only when some were sent). */
export interface WithPlatformFields {
  platform_fields?: Readonly<Record<string, JSONValue>>;
}

export interface SeederDriver {
  /** Stable identifier, e.g. `emporium`. */
  readonly id: string;
  readonly label: string;
  /** Whether the store is installed on this panel (it may still be inactive on the site). */
  exists(site: Site): boolean;
  /** Whether the store is active on the site. */
  isActive(site: Site): boolean;
  /** The store's version, or null when it is not installed. */
  version(site: Site): string | null;
  extensions(site: Site): DriverExtension[];
  /** Computed on every call, never cached: activating an extension takes effect at once. */
  capabilities(site: Site): CapabilityMatrix;
  /** The writer for a resource, typed by its entity; only called for resources whose cell is supported. */
  writer<R extends ResourceName>(resource: R, site: Site): ResourceWriter<EntityByResource[R]> | undefined;
  /** Existing records the generators may reference, read through the store's object layer. */
  existing(kinds: readonly ExistingKind[], site: Site, db: Knex): Promise<Partial<ExistingRecords>>;
  /** Records for entity pickers; absent when the store cannot search (lookup then answers empty). */
  search?(resource: ResourceName, term: string, site: Site, limit: number): Promise<LookupItem[]>;
  /** How the platform spells each canonical vocabulary. */
  readonly vocabulary: VocabularyMap;
  /**
   * The records as the store holds them now, by id (the ids the store no longer has are left out), for
   * the admin's Records view. Absent: that view shows the ledger's rows without the store's fields.
   */
  read?(resource: ResourceName, ids: readonly string[], site: Site): Promise<Map<string, Record<string, unknown>>>;
  /**
   * The amounts of money among records `read` answered, by record id and field, in minor units of their
   * currency (the record's own, else the shop's), so the Records view can write them for the run's locale.
   * Absent: amounts show as the store writes them.
   */
  readMoney?(resource: ResourceName, records: ReadonlyMap<string, Readonly<Record<string, unknown>>>, site: Site): Promise<Map<string, Record<string, RecordMoney>>>;
  /**
   * Where the store's own admin screens show a record: a path on the panel's origin
   * (`/sites/{site}/admin/...`), or null when the store has no screen for it. Read through
   * `recordAdminUrl` (controllers/records.ts), never directly.
   */
  adminUrl?(resource: ResourceName, recordId: string, site: Site): string | null;
  /** The store's currency (ISO 4217); absent means the locale's country's currency. */
  currency?(site: Site): Promise<string | undefined>;
  /** Parameters the platform ignores for a resource (reported back in the generate result). */
  ignoredParameters?(resource: ResourceName): readonly string[];
  /** Parameters only this platform understands (see `PlatformField`). */
  readonly platformFields?: readonly PlatformField[];
  /**
   * How many of an entity's pictures (`images`, main first) the store keeps for a resource: a gallery keeps
   * several, a store with one image per record 1. The pipeline writes exactly those files to the site's
   * uploads folder and records them in the ledger; the writer references the same ones (`keptImages`). Absent or 0: none.
   */
  imagesKept?(resource: ResourceName): number;
  /**
   * Whether a write refusal means only that the store already holds a record with one of the entity's
   * unique values (an SKU, a slug, an email). When every entity of a request is refused so, the request
   * answers 409 `generation.conflict` rather than 500 `generation.failed`. Absent: never.
   */
  refusedAsDuplicate?(error: unknown): boolean;
}

/** The pictures of an entity a store keeps: the first `kept` of its `images` (the driver's `imagesKept`). */
export function keptImages(kept: number, entity: object): readonly ProductImage[] {
  const images = (entity as { images?: readonly ProductImage[] }).images;
  return Array.isArray(images) && kept > 0 ? images.slice(0, kept) : [];
}

/** The value of platform field `name` recorded on an entity, or undefined when it was not sent. */
export function platformField<T extends JSONValue = JSONValue>(entity: object, name: string): T | undefined {
  return (entity as WithPlatformFields).platform_fields?.[name] as T | undefined;
}
