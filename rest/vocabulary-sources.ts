/**
 * Where a request's words come from besides the built-in defaults: the recipe named by `recipe`
 * (an unknown id is ignored), then consented sample data. Providers are registered by the recipe
 * and sample-data modules; with none, generators use the built-in vocabulary.
 */
import type { Vocabulary } from '../generators/vocabulary/index.ts';
import type { Site } from '../panel/site.ts';

export interface VocabularyLayers {
  recipe?: Partial<Vocabulary>;
  sampleData?: Partial<Vocabulary>;
}

export type VocabularyProvider = (site: Site, params: { locale: string; recipe?: string }) => Promise<VocabularyLayers>;

const providers: VocabularyProvider[] = [];

/** Adds a provider; returns its disposer. */
export function addVocabularyProvider(provider: VocabularyProvider): () => void {
  providers.push(provider);
  return () => {
    const i = providers.indexOf(provider);
    if (i >= 0) providers.splice(i, 1);
  };
}

export async function vocabularyLayers(site: Site, params: { locale: string; recipe?: string }): Promise<VocabularyLayers> {
  const out: VocabularyLayers = {};
  for (const provider of providers) {
    const layer = await provider(site, params);
    out.recipe ??= layer.recipe;
    out.sampleData ??= layer.sampleData;
  }
  return out;
}
