/**
 * A recipe's plan as a client runs it: for each step, in dependency order, its counts, the count of the
 * chosen size and how many requests of at most `count`'s maximum that takes, the exact parameters to send, and
 * whether the resolved platform can hold the resource (with the driver's reason and the extension that
 * would enable it). The CLI runner and `GET recipes` both use this, so what the admin is shown is what
 * a run does.
 */
import { localeInfo } from '../generators/locales.ts';
import { currencyExponent, priceScale } from '../generators/money.ts';
import { resourceByName, type ResourceName } from '../generators/resources.ts';
import { MAX_COUNT_PER_REQUEST } from '../generators/schema.ts';
import type { CapabilityCell, SeederDriver } from '../drivers/contract.ts';
import type { Site } from '../panel/site.ts';
import type { Recipe, RecipePriceBand, RecipeSize } from './types.ts';


export interface StepSupport {
  /** Null when no platform resolved (several active and no target, or none active). */
  supported: boolean | null;
  status: CapabilityCell['status'] | null;
  reason: string | null;
  extension: { slug: string; label: string } | null;
}

export interface PlanStepView extends StepSupport {
  resource: ResourceName;
  base: string;
  label: string;
  counts: Record<RecipeSize, number>;
  /** The count at the chosen size. */
  count: number;
  /** Generate requests needed for `count` (at most MAX_COUNT_PER_REQUEST records each). */
  requests: number;
  /** What to send with every request of the step, besides count, seed, locale, platform, recipe and recipe_run. */
  parameters: Record<string, unknown>;
}

/** Whether `driver` can hold `resource`, with the same rule and words generate answers with. */
export function stepSupport(site: Site, driver: SeederDriver | undefined, resource: ResourceName, matrix = driver?.capabilities(site)): StepSupport {
  if (!driver || !matrix) return { supported: null, status: null, reason: null, extension: null };
  const cell = matrix[resource];
  if (!cell || cell.status === 'unsupported') {
    return { supported: false, status: 'unsupported', reason: cell?.reason ?? `${driver.label} cannot hold ${resource.replace(/_/g, ' ')} records.`, extension: null };
  }
  if (cell.status === 'missing_extension') return { supported: false, status: cell.status, reason: cell.reason, extension: cell.extension };
  if (!driver.writer(resource, site)) {
    return { supported: false, status: 'unsupported', reason: `${driver.label} offers no writer for ${resource}.`, extension: null };
  }
  return { supported: true, status: cell.status, reason: cell.status === 'supported_except' ? cell.reason : null, extension: null };
}

const PRICE_RANGE_LIMITS = { min: 0.01, max: 1_000_000 };

/**
 * A recipe's price band (minor units of its currency) as the `price_range` of products (major units of
 * the store's currency). Another currency is scaled by its rough purchasing power, as the generators
 * scale their own money defaults, so a grocery band stays a grocery band in yen.
 */
export function bandToPriceRange(band: RecipePriceBand, currency: string): { min: number; max: number } {
  const factor = priceScale(currency) / priceScale(band.currency) / 10 ** currencyExponent(band.currency);
  const places = 10 ** currencyExponent(currency);
  const major = (minor: number) =>
    Math.min(PRICE_RANGE_LIMITS.max, Math.max(PRICE_RANGE_LIMITS.min, Math.round(minor * factor * places) / places));
  return { min: major(band.min), max: major(band.max) };
}

/** The plan at `size`, annotated for `driver` (absent: no platform resolved). */
export async function planSteps(
  site: Site,
  recipe: Recipe,
  options: { size: RecipeSize; locale: string; driver?: SeederDriver },
): Promise<PlanStepView[]> {
  const { driver } = options;
  const matrix = driver?.capabilities(site);
  // Products are priced in the store's currency, else the locale's, as the product generator does.
  const currency = (driver?.currency ? await driver.currency(site) : undefined) ?? localeInfo(options.locale).currency;
  return recipe.plan.map((step) => {
    const def = resourceByName(step.resource)!;
    const parameters = structuredClone(step.parameters);
    if (step.resource === 'product' && recipe.price_band && parameters.price_range === undefined) {
      parameters.price_range = bandToPriceRange(recipe.price_band, currency);
    }
    const count = step.counts[options.size];
    return {
      resource: step.resource,
      base: def.base,
      label: def.label,
      counts: { ...step.counts },
      count,
      requests: Math.ceil(count / MAX_COUNT_PER_REQUEST),
      parameters,
      ...stepSupport(site, driver, step.resource, matrix),
    };
  });
}
