/**
 * The two vocabulary providers the Seeder registers per site (rest/vocabulary-sources.ts): the words
 * of the recipe a request names, and consented sample data. Lookup order is recipe words, then sample
 * data, then the built-in defaults, field by field (generators/vocabulary).
 */
import type { Site } from '../panel/site.ts';
import { addVocabularyProvider, type VocabularyProvider } from '../controllers/vocabulary-sources.ts';
import { recipeWordsFor } from './registry.ts';
import { sampleDataWords } from './sample-data.ts';
import { recipesOf } from './service.ts';

/** The named recipe's words for the request's locale; an unknown id gives nothing (it is ignored, not refused). */
export const recipeVocabulary: VocabularyProvider = async (site, params) => {
  if (!params.recipe) return {};
  const recipe = await recipesOf(site).registry.find(params.recipe);
  if (!recipe) return {};
  return { recipe: recipeWordsFor(recipe, params.locale).words };
};

/** Downloaded sample data, only while consent is granted. */
export const sampleDataVocabulary: VocabularyProvider = async (site, params) => ({ sampleData: await sampleDataWords(site, params.locale) });

/** Registers both providers on the site; returns the disposer. */
export function registerVocabularyProviders(site: Site): () => void {
  const disposers = [addVocabularyProvider(site, recipeVocabulary), addVocabularyProvider(site, sampleDataVocabulary)];
  return () => {
    for (const d of disposers) d();
  };
}
