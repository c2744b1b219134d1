/**
 * Where a request's words come from besides the built-in defaults (ARCHITECTURE.md, pipeline step 5): the
 * recipe named by `recipe` (an unknown id is ignored), then consented sample data. Providers are
 * registered per site (one process serves many sites, each with its own recipes, consent and files)
 * by the Seeder plugin when it is applied to the site, and disposed with it; with none, generators use
 * the built-in vocabulary.
 */
import type { Vocabulary } from '../generators/vocabulary/index.ts';
import type { Site } from '../panel/site.ts';

export interface VocabularyLayers {
  recipe?: Partial<Vocabulary>;
  sampleData?: Partial<Vocabulary>;
}

export type VocabularyProvider = (site: Site, params: { locale: string; recipe?: string }) => Promise<VocabularyLayers>;

const providersBySite = new WeakMap<Site, VocabularyProvider[]>();

/** Adds a provider for one site; returns its disposer. */
export function addVocabularyProvider(site: Site, provider: VocabularyProvider): () => void {
  const list = providersBySite.get(site) ?? [];
  list.push(provider);
  providersBySite.set(site, list);
  return () => {
    const i = list.indexOf(provider);
    if (i >= 0) list.splice(i, 1);
  };
}

/** The recipe and sample-data layers for a request; the first provider that supplies a layer wins it. */
export async function vocabularyLayers(site: Site, params: { locale: string; recipe?: string }): Promise<VocabularyLayers> {
  const out: VocabularyLayers = {};
  for (const provider of [...(providersBySite.get(site) ?? [])]) {
    const layer = await provider(site, params);
    out.recipe ??= layer.recipe;
    out.sampleData ??= layer.sampleData;
  }
  return out;
}
