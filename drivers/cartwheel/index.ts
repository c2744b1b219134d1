/**
 * The built-in driver for cartwheel (Fluent-Cart-like): money as integer cents, transactions as
 * records of their own (`succeeded`, `dispute_lost`), cart stages `draft|intended|completed`, no
 * product tags; licences need cartwheel-pro. Writes only through the CARTWHEEL service.
 */
import type { Knex } from 'knex';
import type { ExistingKind, ExistingRecords } from '../../generators/existing.ts';
import type { ResourceName } from '../../generators/resources.ts';
import type { Site } from '../../panel/site.ts';
import { CARTWHEEL } from '../../stores/cartwheel/index.ts';
import { CARTWHEEL_PRO } from '../../stores/cartwheel-pro/index.ts';
import { capabilityMatrix, missingExtension, unsupported } from '../common/capabilities.ts';
import { extensionInfo, pluginVersion } from '../common/plugin-info.ts';
import type { CapabilityMatrix, DriverExtension, ResourceWriter, SeederDriver, VocabularyMap } from '../contract.ts';

export class CartwheelDriver implements SeederDriver {
  readonly id = 'cartwheel';
  readonly label = 'Cartwheel';
  readonly vocabulary: VocabularyMap = {};

  exists(site: Site): boolean {
    return site.installedPlugin('cartwheel') !== undefined;
  }

  isActive(site: Site): boolean {
    return site.services.has(CARTWHEEL);
  }

  version(site: Site): string | null {
    return pluginVersion(site, 'cartwheel');
  }

  extensions(site: Site): DriverExtension[] {
    return [extensionInfo(site, 'cartwheel-pro', 'Cartwheel Pro')];
  }

  capabilities(site: Site): CapabilityMatrix {
    return capabilityMatrix({
      product_tag: unsupported('Cartwheel has no product tags; use categories or brands to group products.'),
      ...(site.services.has(CARTWHEEL_PRO) ? {} : { licence: missingExtension('cartwheel-pro', 'Cartwheel Pro', 'Licences on Cartwheel') }),
    });
  }

  writer(_resource: ResourceName, _site: Site): ResourceWriter | undefined {
    return undefined;
  }

  async existing(_kinds: readonly ExistingKind[], _site: Site, _db: Knex): Promise<Partial<ExistingRecords>> {
    return {};
  }
}
