/**
 * Tax classes with one rate per country. Rates start from the country's usual VAT/GST rates and
 * are held inside `rate_ranges`, so the defaults look real and the parameter still decides. Types are
 * used in turn; the k-th class of a type is the k-th of its names the store does not have yet:
 * "Reduced rate", then per category ("Reduced rate – Candles"), then per two or three categories, so
 * fresh seeds find free names for tens of thousands of classes.
 */
import type { TaxClassEntity, TaxRateEntity } from '../entities.ts';
import { COUNTRY_CODES, countryInfo } from '../geo/countries.ts';
import { listOf, params, range, type ParameterProblems } from '../json-schema.ts';
import { Batch } from '../row.ts';
import { slugify } from '../text.ts';
import type { Generator } from '../types.ts';
import { EN_US } from '../vocabulary/en-us.ts';
import { flattenCategoryNames } from '../vocabulary/index.ts';
import { TAX_TYPES, type TaxType } from '../vocabularies.ts';
import { joinable, joined, list, mapped, nameSequence, pairs, qualified, triples } from './names.ts';
import { freePositions, homeCountry, numbered, takenSlugs } from './shared.ts';

export interface TaxClassParams {
  tax_types: TaxType[];
  rate_ranges: { standard: { min: number; max: number }; reduced: { min: number; max: number } };
  countries: string[];
}

function clamp(value: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, value));
}

export const taxClassGenerator: Generator<TaxClassParams, TaxClassEntity> = {
  resource: 'tax_class',
  schema: params({
    tax_types: listOf(TAX_TYPES, [...TAX_TYPES], 'Kinds of tax class, used in turn.'),
    rate_ranges: {
      type: 'object',
      properties: {
        standard: range({ min: 0, max: 30 }, { minimum: 0, maximum: 100, integer: false }, 'Bounds for standard rates, in percent.'),
        reduced: range({ min: 0, max: 15 }, { minimum: 0, maximum: 100, integer: false }, 'Bounds for reduced rates, in percent.'),
      },
      additionalProperties: false,
      default: { standard: { min: 0, max: 30 }, reduced: { min: 0, max: 15 } },
      description: 'Each country\'s usual rate, held inside these bounds.',
    },
    countries: {
      type: 'array',
      items: { type: 'string', enum: COUNTRY_CODES },
      uniqueItems: true,
      default: [],
      examples: [['DE', 'FR']],
      description: 'ISO country codes that get a rate in every class; empty uses the locale\'s country.',
    },
  }),
  needs: ['tax_classes'],
  check(p) {
    const problems: ParameterProblems = {};
    const r = p.rate_ranges;
    if (r && (r.standard.min > r.standard.max || r.reduced.min > r.reduced.max)) {
      problems.rate_ranges = 'min must not be greater than max';
    }
    return problems;
  },
  generate(p, ctx) {
    const batch = new Batch('tax_class', ctx.seed, ctx.offset);
    const countries = p.countries.length > 0 ? p.countries : [homeCountry(ctx)];
    const topics = batch.batchRng().shuffle(flattenCategoryNames(ctx.vocabulary.category_tree));
    const types = TAX_TYPES.filter((t) => p.tax_types.includes(t));
    const taken = takenSlugs(ctx.existing.tax_classes);
    // Per type: its names in order, and the positions of the ones the store does not have.
    const names = types.map((type) => {
      const label = (ctx.vocabulary.tax_class_names ?? EN_US.tax_class_names!)[type];
      const name = nameSequence(
        // Each type its own stream, so a type's names do not depend on which other types are asked for.
        batch.batchRng(1 + TAX_TYPES.indexOf(type)),
        [
          list([label]),
          mapped(list(topics), (topic) => qualified(label, topic)),
          mapped(pairs(joinable(topics)), (two) => qualified(label, joined(two))),
          mapped(triples(joinable(topics)), (three) => qualified(label, joined(three))),
        ],
        numbered,
      );
      const end = batch.end(p.count);
      const rowsOfType = Math.floor(end / types.length) + (types.indexOf(type) < end % types.length ? 1 : 0);
      return { name, positions: freePositions(rowsOfType, (k) => slugify(name(k)), taken) };
    });
    return batch.rows(p.count, ({ index, rng }) => {
      const type = types[index % types.length]!;
      const own = names[index % types.length]!;
      const position = own.positions[Math.floor(index / types.length)];
      if (position === undefined) return null;
      const name = own.name(position);
      const rates: TaxRateEntity[] = countries.map((code) => {
        const info = countryInfo(code)!;
        let rate = 0;
        if (type === 'standard') rate = clamp(info.vat.standard, p.rate_ranges.standard.min, p.rate_ranges.standard.max);
        if (type === 'reduced') {
          const usual = info.vat.reduced > 0 ? info.vat.reduced : Math.round(info.vat.standard / 2);
          rate = clamp(usual, p.rate_ranges.reduced.min, p.rate_ranges.reduced.max);
        }
        return {
          country: code,
          region: null,
          postcode: null,
          name: `${info.taxLabel} ${rate}%`,
          rate_percent: rate,
          priority: 1,
          compound: false,
          shipping: type === 'standard' && rng.chance(90),
        };
      });
      return { key: batch.key(index), name, slug: slugify(name), type, rates };
    });
  },
};
