/**
 * The recipe data model. A recipe is words and numbers, never records: a vocabulary per locale and an
 * ordered plan of how many records of which resource to generate at each size. `RecipeManifestInput`
 * is what a manifest file or a `seeder_recipes` tap supplies; `Recipe` is what the registry keeps
 * after validating it (recipes/manifest.ts).
 */
import type { ResourceName } from '../generators/resources.ts';
import type { Vocabulary } from '../generators/vocabulary/index.ts';

export const RECIPE_SIZES = ['small', 'medium', 'large'] as const;
export type RecipeSize = (typeof RECIPE_SIZES)[number];

/** Where a recipe came from: the archive synced for the site, the bundled data, or another plugin. */
export type RecipeOrigin = 'synced' | 'bundled' | 'plugin';

/** A price band in integer minor units of `currency` (1999 USD is 19.99 dollars). */
export interface RecipePriceBand {
  currency: string;
  min: number;
  max: number;
}

/**
 * The words of one locale: any vocabulary field except the price band (a recipe's band lives in its
 * manifest, in minor units). Sample data files use the same format.
 */
export type RecipeWords = Partial<Omit<Vocabulary, 'price_band'>>;

/** One plan entry as written in a manifest. */
export interface RecipePlanEntryInput {
  /** A generated resource (any accepted spelling; stored canonical). */
  resource: string;
  /** How many records at each size; every size is a positive integer. */
  counts: Record<RecipeSize, number>;
  /** Endpoint parameters of the resource (validated against its schema), without count, locale, seed, platform, recipe or recipe_run. */
  parameters?: Record<string, unknown>;
}

/** A manifest as a file or another plugin supplies it (validated when loaded). */
export interface RecipeManifestInput {
  /** A safe key (`a-z`, `0-9`, `-`, `_`); equal to the folder name for a manifest on disk. */
  id: string;
  name: string;
  description?: string;
  version?: string;
  /** Locales the recipe ships words for; default `["en_US"]`. */
  locales?: string[];
  price_band?: RecipePriceBand;
  plan: RecipePlanEntryInput[];
  /** Words inline, by locale (for recipes registered through `seeder_recipes` without a folder). */
  words?: Record<string, RecipeWords>;
}

export interface RecipePlanStep {
  resource: ResourceName;
  counts: Record<RecipeSize, number>;
  parameters: Record<string, unknown>;
}

/** A validated recipe, its plan in dependency order, with the words of every locale it ships. */
export interface Recipe {
  id: string;
  name: string;
  description: string | null;
  version: string | null;
  origin: RecipeOrigin;
  /** The locales whose words were found, declared ones first. */
  locales: string[];
  price_band: RecipePriceBand | null;
  plan: RecipePlanStep[];
  /** Words by locale (inline words first, then the recipe's word directories). */
  words: ReadonlyMap<string, RecipeWords>;
}

/** A manifest the registry dropped, with the reason (also logged once). */
export interface InvalidRecipe {
  /** Where it came from: a file path or `plugin`. */
  source: string;
  id: string | null;
  reason: string;
}

/** The most locales one sample-data download may ask for. */
export const MAX_SAMPLE_DATA_LOCALES = 10;
