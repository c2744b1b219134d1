/**
 * The built-in driver for emporium (WooCommerce-like): money as two-place decimal strings,
 * payments recorded on the order itself, no labels, no licences; subscriptions need
 * emporium-subscriptions. Writes only through the EMPORIUM service (the store's object layer).
 */
import type { Knex } from 'knex';
import type { ExistingKind, ExistingRecords } from '../../generators/existing.ts';
import type { ResourceName } from '../../generators/resources.ts';
import type { Site } from '../../panel/site.ts';
import { EMPORIUM } from '../../stores/emporium/index.ts';
import { EMPORIUM_SUBSCRIPTIONS } from '../../stores/emporium-subscriptions/index.ts';
import { capabilityMatrix, missingExtension, unsupported } from '../common/capabilities.ts';
import { extensionInfo, pluginVersion } from '../common/plugin-info.ts';
import type { CapabilityMatrix, DriverExtension, ResourceWriter, SeederDriver, VocabularyMap } from '../contract.ts';

export class EmporiumDriver implements SeederDriver {
  readonly id = 'emporium';
  readonly label = 'Emporium';
  readonly vocabulary: VocabularyMap = {};

  exists(site: Site): boolean {
    return site.installedPlugin('emporium') !== undefined;
  }

  isActive(site: Site): boolean {
    return site.services.has(EMPORIUM);
  }

  version(site: Site): string | null {
    return pluginVersion(site, 'emporium');
  }

  extensions(site: Site): DriverExtension[] {
    return [extensionInfo(site, 'emporium-subscriptions', 'Emporium Subscriptions')];
  }

  capabilities(site: Site): CapabilityMatrix {
    return capabilityMatrix({
      transaction: unsupported('Emporium records payments on the order itself (payment method, transaction id and paid date), so it has no separate transaction records.'),
      label: unsupported('Emporium has no labels for orders or customers.'),
      licence: unsupported('Emporium has no licensing; licence keys need a licensing plugin, which Emporium does not offer.'),
      ...(site.services.has(EMPORIUM_SUBSCRIPTIONS) ? {} : { subscription: missingExtension('emporium-subscriptions', 'Emporium Subscriptions', 'Subscriptions on Emporium') }),
    });
  }

  writer(_resource: ResourceName, _site: Site): ResourceWriter | undefined {
    return undefined;
  }

  async existing(_kinds: readonly ExistingKind[], _site: Site, _db: Knex): Promise<Partial<ExistingRecords>> {
    return {};
  }
}
