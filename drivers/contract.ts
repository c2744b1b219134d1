/**
 * The driver contract: how the Seeder writes into one store platform. A driver adapts canonical,
 * platform-neutral entities to a store's own object layer, exactly as a third-party driver would;
 * it never writes SQL into the store's tables itself. See drivers/README.md for the guide.
 *
 * Drivers register through the `seeder_platforms` filter:
 *
 *     ctx.hooks.addFilter('seeder_platforms', (drivers) => [...drivers, new ToyDriver()]);
 */
import type { Knex } from 'knex';
import type { ResourceName } from '../generators/resources.ts';
import type { ExistingKind, ExistingRecords } from '../generators/existing.ts';
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
   * `{ key }` references through it and adds the ids it writes (the pipeline may call `write` once
   * per entity when it isolates a failure, so references can cross calls).
   */
  resolved: Map<string, string>;
}

/** An item a lookup picker can show. */
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
  /** A one-line human summary of an entity as written (e.g. "Order #12: 3 items, 45.10 EUR"). */
  summarise?(entity: E, id: string): string;
}

/** The per-platform spelling of each canonical vocabulary (canonical value -> stored value). */
export type VocabularyMap = Partial<Record<'order_status' | 'transaction_state' | 'transaction_type' | 'cart_stage' | 'licence_status' | 'subscription_status' | 'discount_type' | 'product_type', Record<string, string>>>;

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
  /** The writer for a resource; only called for resources whose cell is supported. */
  writer(resource: ResourceName, site: Site): ResourceWriter | undefined;
  /** Existing records the generators may reference, read through the store's object layer. */
  existing(kinds: readonly ExistingKind[], site: Site, db: Knex): Promise<Partial<ExistingRecords>>;
  /** Records for entity pickers; absent when the store cannot search (lookup then answers empty). */
  search?(resource: ResourceName, term: string, site: Site, limit: number): Promise<LookupItem[]>;
  /** How the platform spells each canonical vocabulary. */
  readonly vocabulary: VocabularyMap;
  /** The store's currency (ISO 4217); absent means the locale's country's currency. */
  currency?(site: Site): Promise<string | undefined>;
  /** Parameters the platform ignores for a resource (reported back in the generate result). */
  ignoredParameters?(resource: ResourceName): readonly string[];
}
