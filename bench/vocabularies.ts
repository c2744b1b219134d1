/**
 * Generation speed with the language vocabularies (issue 19): products, categories, brands, tags, attributes,
 * coupons and shipping classes, generated without a database in en_US and in the home locale of every built-in
 * vocabulary (de_DE ... zh_TW), turn about within each run so load that changes between seconds moves both
 * sides alike. The ratio is each run's languages-throughput over its en_US throughput (the median of the runs');
 * the goal is no more than 20 % slower. `vocabulary_generation_vs_en_US` in bench/results/latest.json.
 */
import { buildContext, generateEntities } from '../generators/registry.ts';
import type { ResourceName } from '../generators/resources.ts';
import { normaliseParameters } from '../generators/schema.ts';
import { LOCALES } from '../generators/locales.ts';
import { BUILTIN_VOCABULARIES, builtinVocabularyId } from '../generators/vocabulary/index.ts';
import type { BenchOptions } from './cases.ts';
import { inMemoryShop } from './shop-fixture.ts';
import { figure, median, type Figure } from './stats.ts';

const RESOURCES: ResourceName[] = ['product', 'product_category', 'brand', 'product_tag', 'attribute', 'coupon', 'shipping_class'];
const COUNT = 50;

/** One locale per built-in vocabulary but en_US: the first locale that takes it (de_AT before de_DE is fine). */
function vocabularyLocales(): string[] {
  return Object.keys(BUILTIN_VOCABULARIES)
    .filter((id) => id !== 'en_US')
    .map((id) => LOCALES.find((l) => builtinVocabularyId(l.code) === id)!.code);
}

export function vocabularySpeed(o: BenchOptions): Figure[] {
  const existing = inMemoryShop();
  const prepared = (locale: string) =>
    RESOURCES.map((resource) => {
      const n = normaliseParameters(resource, { count: COUNT, seed: 'bench', reference_date: '2026-06-30', locale });
      if ('error' in n) throw new Error(n.error.message);
      return { resource, params: n.params, ctx: buildContext(n.params, { existing }) };
    });
  const english = prepared('en_US');
  const locales = vocabularyLocales();
  const languages = locales.map(prepared);
  /** Generates every resource of `set` once with its own seed; the entities made and the nanoseconds taken. */
  const once = (set: ReturnType<typeof prepared>, seed: string): [number, number] => {
    let entities = 0;
    const t = process.hrtime.bigint();
    for (const { resource, params, ctx } of set) entities += generateEntities(resource, { ...params, seed }, ctx).length;
    return [entities, Number(process.hrtime.bigint() - t)];
  };
  for (const set of [english, ...languages]) for (let w = 0; w < 3; w++) once(set, `warm-${w}`);
  const en: number[] = [];
  const other: number[] = [];
  const ratios: number[] = [];
  const byLanguage = languages.map(() => [] as number[]);
  for (let run = 0; run < o.runs; run++) {
    // Batch by batch in turn, en_US then a language with the same seed, so both sides see the same load; each
    // pair gives a ratio, and the run's is the median of its pairs' (a pause for garbage collection moves one pair).
    const sum = { en: [0, 0], other: [0, 0] };
    const pairs: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (const [i, set] of languages.entries()) {
        const seed = `bench-${run}-${round}-${i}`;
        const [a, ta] = once(english, seed);
        const [b, tb] = once(set, seed);
        sum.en = [sum.en[0]! + a, sum.en[1]! + ta];
        sum.other = [sum.other[0]! + b, sum.other[1]! + tb];
        const pair = b / tb / (a / ta);
        pairs.push(pair);
        byLanguage[i]!.push(pair);
      }
    }
    en.push(sum.en[0]! / (sum.en[1]! / 1e9));
    other.push(sum.other[0]! / (sum.other[1]! / 1e9));
    ratios.push(median(pairs));
  }
  const slowest = byLanguage.map((r, i) => [median(r), locales[i]!] as const).sort((x, y) => x[0] - y[0])[0]!;
  o.log(`  slowest vocabulary: ${slowest[1]} at ${slowest[0].toFixed(2)}x en_US`);
  const ratio = median(ratios);
  o.summary.vocabulary_generation_vs_en_US = ratio;
  const withWords = figure(`generate catalogue entities in ${languages.length} language vocabularies (no database)`, 'entities/s', other);
  withWords.ratio = { to: 'en_US in the same runs', value: ratio };
  withWords.goal = { text: 'at most 20 % slower than en_US', met: ratio >= 0.8 };
  return [figure('generate catalogue entities in en_US (no database)', 'entities/s', en), withWords];
}
