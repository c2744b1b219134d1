/**
 * Steps 5 to 7 of the pipeline, shared by preview and generate: vocabulary, existing records read
 * through the driver (once per request), the generator, the platform fields sent recorded on each
 * entity, then `seeder_canonical_entity` and `seeder_canonical_entity_<resource>` on every entity.
 */
import type { EntityByResource, ProductImage } from '../generators/entities.ts';
import { uploadUrl } from '../panel/uploads.ts';
import { isMissingPrerequisite } from '../generators/errors.ts';
import type { ExistingRecords } from '../generators/existing.ts';
import { standInKinds, standInRecords } from '../generators/stand-ins.ts';
import { buildContext, generatorFor } from '../generators/registry.ts';
import type { ResourceName } from '../generators/resources.ts';
import type { NormalisedParams } from '../generators/schema.ts';
import { PanelError } from '../panel/errors.ts';
import type { Site } from '../panel/site.ts';
import type { CounterValues } from '../panel/counters.ts';
import type { SeederDriver } from '../drivers/contract.ts';
import { recordPlatformFields } from '../drivers/platform-fields.ts';
import type { PreparedParams } from './params.ts';
import { vocabularyLayers } from './vocabulary-sources.ts';
import { existingFor } from './existing-cache.ts';
import { LEDGER_TABLE } from './ledger.ts';
import { canonicalEntityHook, seederHooks } from './hooks.ts';

/** The ids of the records `runId` wrote on `platform`, for each of `resources` (from the ledger, so every process sees them). */
async function recordsOfRun(site: Site, platform: string, runId: string, resources: readonly ResourceName[]): Promise<Map<ResourceName, Set<string>>> {
  const rows = (await site.db(LEDGER_TABLE).where({ platform, run_id: runId }).whereIn('resource', [...resources]).select('resource', 'record_id')) as Array<{ resource: ResourceName; record_id: string }>;
  const out = new Map<ResourceName, Set<string>>(resources.map((r) => [r, new Set<string>()]));
  for (const row of rows) out.get(row.resource)?.add(String(row.record_id));
  return out;
}

/**
 * Each picture with the URL the site serves it at, so a preview shows where it will be (and generate, writing
 * exactly the previewed rows, stores the same). Rows without pictures are returned as they are.
 */
function withImageUrls<E>(siteId: string, entities: E[]): E[] {
  const has = (e: E) => Array.isArray((e as { images?: unknown }).images) && (e as { images: unknown[] }).images.length > 0;
  if (!entities.some(has)) return entities;
  return entities.map((e) =>
    has(e) ? { ...e, images: (e as unknown as { images: ProductImage[] }).images.map((image) => ({ ...image, url: uploadUrl(siteId, image.file) })) } : e,
  );
}

export async function buildEntities<R extends ResourceName>(
  site: Site,
  resource: R,
  params: NormalisedParams<R>,
  driver: SeederDriver | undefined,
  platform?: Pick<PreparedParams<R>, 'platformFields' | 'declared'>,
  counters?: CounterValues,
): Promise<EntityByResource[R][]> {
  return (await buildWithReferences(site, resource, params, driver, platform, counters)).entities;
}

/** Where the records a preview's rows refer to came from: the resolved store, stand-ins, or none needed. */
export type ReferenceSource = 'store' | 'stand-in' | 'none';

/**
 * As `buildEntities`, and also the existing records the rows may refer to, and where they came from.
 * With no store (preview only: generate always has one), the kinds the generator reads of other
 * resources are stand-ins made from the request's seed (`generators/stand-ins.ts`), so a preview of
 * orders or refunds needs no platform.
 */
export async function buildWithReferences<R extends ResourceName>(
  site: Site,
  resource: R,
  params: NormalisedParams<R>,
  driver: SeederDriver | undefined,
  platform?: Pick<PreparedParams<R>, 'platformFields' | 'declared'>,
  counters?: CounterValues,
): Promise<{ entities: EntityByResource[R][]; existing: ExistingRecords; references: ReferenceSource }> {
  const generator = generatorFor(resource);
  const layers = await vocabularyLayers(site, params);
  const currency = driver?.currency ? await driver.currency(site) : undefined;
  let existing: Partial<ExistingRecords> = {};
  let references: ReferenceSource = standInKinds(resource, generator.needs).length > 0 ? 'store' : 'none';
  if (driver && generator.needs.length > 0) existing = await existingFor(site, driver, generator.needs, { counters });
  else if (!driver && references === 'store') {
    references = 'stand-in';
    existing = standInRecords(resource, generator.needs, { seed: String(params.seed), locale: params.locale, reference_date: params.reference_date, date_range: params.date_range, currency });
  }
  const runRecords = driver && params.recipe_run && generator.runRecords?.length ? await recordsOfRun(site, driver.id, params.recipe_run, generator.runRecords) : undefined;
  const ctx = buildContext(params, { existing, recipeVocabulary: layers.recipe, sampleData: layers.sampleData, currency, runRecords });
  let entities: EntityByResource[R][];
  try {
    entities = generator.generate(params, ctx);
  } catch (e) {
    if (isMissingPrerequisite(e)) {
      throw new PanelError('generation.missing_prerequisite', e.message, { ...e.details });
    }
    throw e;
  }
  entities = withImageUrls(site.id, entities);
  if (platform) entities = recordPlatformFields(entities, platform.platformFields, platform.declared, String(params.seed), resource, params.offset ?? 0);
  const hooks = seederHooks(site);
  if (!hooks.isUsed('seeder_canonical_entity') && !hooks.isUsed(canonicalEntityHook(resource))) {
    return { entities, existing: ctx.existing, references };
  }
  entities = entities.map((entity, index) => {
    const filtered = hooks.applyFiltersGenericThenSpecific('seeder_canonical_entity', resource, entity as unknown as Record<string, unknown>, {
      resource,
      index: (params.offset ?? 0) + index,
      params: params as unknown as Record<string, unknown>,
    });
    return filtered as unknown as EntityByResource[R];
  });
  return { entities, existing: ctx.existing, references };
}
