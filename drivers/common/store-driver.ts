/**
 * What every driver of a store plugin answers the same way: the store exists when its plugin is
 * installed, is active when its service is offered on the site, has its plugin's version, and lists
 * its extension plugins. A built-in driver extends this and adds its capabilities, writers and reads.
 */
import type { Knex } from 'knex';
import type { EntityByResource } from '../../generators/entities.ts';
import type { ExistingKind, ExistingRecords } from '../../generators/existing.ts';
import type { ResourceName } from '../../generators/resources.ts';
import type { ServiceKey } from '../../panel/plugin.ts';
import type { Site } from '../../panel/site.ts';
import type { CurrencySetting } from '../../stores/common/currency.ts';
import { StoreInvalid } from '../../stores/common/errors.ts';
import type { CapabilityMatrix, DriverExtension, ResourceWriter, SeederDriver, VocabularyMap } from '../contract.ts';
import { extensionInfo, pluginVersion } from './plugin-info.ts';

export interface StoreDriverSpec {
  /** The store plugin's slug. */
  plugin: string;
  /** The service the store offers when active (it carries the shop's currency setting). */
  service: ServiceKey<{ readonly currency: CurrencySetting }>;
  /** Its optional extension plugins. */
  extensions: ReadonlyArray<{ slug: string; label: string }>;
  /** Parameters the store cannot honour, per resource. */
  ignored: Readonly<Partial<Record<ResourceName, readonly string[]>>>;
}

export abstract class StoreDriver implements SeederDriver {
  abstract readonly id: string;
  abstract readonly label: string;
  abstract readonly vocabulary: VocabularyMap;
  protected abstract readonly spec: StoreDriverSpec;

  exists(site: Site): boolean {
    return site.installedPlugin(this.spec.plugin) !== undefined;
  }

  isActive(site: Site): boolean {
    return site.services.has(this.spec.service);
  }

  version(site: Site): string | null {
    return pluginVersion(site, this.spec.plugin);
  }

  extensions(site: Site): DriverExtension[] {
    return this.spec.extensions.map((e) => extensionInfo(site, e.slug, e.label));
  }

  /** The shop's currency setting: generators price new records in it. */
  async currency(site: Site): Promise<string | undefined> {
    return site.services.get(this.spec.service)?.currency.get();
  }

  ignoredParameters(resource: ResourceName): readonly string[] {
    return this.spec.ignored[resource] ?? [];
  }

  /** The stores refuse a value already used (or used twice in the batch) with rule `unique`. */
  refusedAsDuplicate(error: unknown): boolean {
    if (!StoreInvalid.is(error)) return false;
    const issues: unknown = error.details?.issues;
    return Array.isArray(issues) && issues.length > 0 && issues.every((i: { rule?: unknown }) => i?.rule === 'unique');
  }

  abstract capabilities(site: Site): CapabilityMatrix;
  abstract writer<R extends ResourceName>(resource: R, site: Site): ResourceWriter<EntityByResource[R]> | undefined;
  abstract existing(kinds: readonly ExistingKind[], site: Site, db: Knex): Promise<Partial<ExistingRecords>>;
}
