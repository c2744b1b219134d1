/**
 * Shipping plans (a zone and its methods). The first plan of each coverage area covers the whole
 * area (the shop's country, the rest of its continent, the rest of the world); later ones split it
 * (one region of the home country, one neighbouring country, one other continent).
 */
import type { Ref, ShippingMethodEntity, ShippingPlanEntity } from '../entities.ts';
import { COUNTRIES, countryInfo, type Continent } from '../geo/countries.ts';
import { checkRange, listOf, params, range, type ParameterProblems } from '../json-schema.ts';
import { moneyParam, shopPrice, toMinor } from '../money.ts';
import { Batch } from '../row.ts';
import { EN_US } from '../vocabulary/en-us.ts';
import type { Generator } from '../types.ts';
import { COVERAGE_AREAS, SHIPPING_TYPES, type CoverageArea, type ShippingType } from '../vocabularies.ts';
import { currencyOf, homeCountry } from './shared.ts';

export interface ShippingPlanParams {
  shipping_types: ShippingType[];
  cost_range: { min: number; max: number };
  coverage_areas: CoverageArea[];
  delivery_days: { min: number; max: number };
  free_shipping_minimum: number;
}

const CONTINENT_NAMES: Readonly<Record<Continent, string>> = {
  AF: 'Africa',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  SA: 'South America',
  OC: 'Oceania',
};

/** Which third of a range an area uses: farther areas cost more and take longer. */
const BAND: Readonly<Record<CoverageArea, number>> = { domestic: 0, continental: 1, worldwide: 2 };

function inBand(lo: number, hi: number, band: number): [number, number] {
  const step = (hi - lo) / 3;
  const a = lo + step * band;
  const b = band === 2 ? hi : lo + step * (band + 1);
  return [a, Math.max(a, b)];
}

interface Zone {
  name: string;
  countries: string[];
  regions: string[];
  rest_of_world: boolean;
}

function zoneFor(area: CoverageArea, cycle: number, home: string): Zone {
  const info = countryInfo(home) ?? countryInfo('US')!;
  if (area === 'domestic') {
    const regions = [...new Set(info.cities.map((c) => c.region))];
    if (cycle === 0 || regions.length === 0) return { name: info.name, countries: [home], regions: [], rest_of_world: false };
    const region = regions[(cycle - 1) % regions.length]!;
    const round = Math.floor((cycle - 1) / regions.length);
    return { name: `${info.name} – ${region}${round ? ` ${round + 1}` : ''}`, countries: [home], regions: [region], rest_of_world: false };
  }
  if (area === 'continental') {
    const neighbours = COUNTRIES.filter((c) => c.continent === info.continent && c.code !== home);
    if (cycle === 0 || neighbours.length === 0) {
      return { name: CONTINENT_NAMES[info.continent], countries: neighbours.map((c) => c.code), regions: [], rest_of_world: false };
    }
    const one = neighbours[(cycle - 1) % neighbours.length]!;
    const round = Math.floor((cycle - 1) / neighbours.length);
    return { name: `${one.name}${round ? ` ${round + 1}` : ''}`, countries: [one.code], regions: [], rest_of_world: false };
  }
  if (cycle === 0) return { name: 'Rest of the world', countries: [], regions: [], rest_of_world: true };
  const others = (Object.keys(CONTINENT_NAMES) as Continent[]).filter((c) => c !== info.continent);
  const continent = others[(cycle - 1) % others.length]!;
  const round = Math.floor((cycle - 1) / others.length);
  return {
    name: `${CONTINENT_NAMES[continent]}${round ? ` ${round + 1}` : ''}`,
    countries: COUNTRIES.filter((c) => c.continent === continent).map((c) => c.code),
    regions: [],
    rest_of_world: false,
  };
}

export const shippingPlanGenerator: Generator<ShippingPlanParams, ShippingPlanEntity> = {
  resource: 'shipping_plan',
  schema: params({
    shipping_types: listOf(SHIPPING_TYPES, [...SHIPPING_TYPES], 'Methods a plan may offer; local pickup only in the home country.'),
    cost_range: range({ min: 4.99, max: 29.99 }, { minimum: 0, maximum: 100_000, integer: false }, 'Flat-rate cost range in major units (the default scaled to currencies with small units); farther zones cost more.'),
    coverage_areas: listOf(COVERAGE_AREAS, [...COVERAGE_AREAS], 'Areas plans cover: the shop\'s country, the rest of its continent, the rest of the world.'),
    delivery_days: range({ min: 1, max: 14 }, { minimum: 0, maximum: 120 }, 'Delivery time range in days; farther zones take longer.'),
    free_shipping_minimum: {
      type: 'number',
      minimum: 0,
      maximum: 1_000_000,
      default: 50,
      description: 'Order amount (major units, the default scaled to currencies with small units) from which free shipping applies; 0 means no minimum.',
    },
  }),
  needs: ['shipping_classes'],
  check(p) {
    const problems: ParameterProblems = {};
    checkRange(problems, 'cost_range', p.cost_range);
    checkRange(problems, 'delivery_days', p.delivery_days);
    return problems;
  },
  generate(p, ctx) {
    // The methods' titles in the locale's words ("Standardversand", "送料無料").
    const titles = ctx.vocabulary.shipping_method_titles ?? EN_US.shipping_method_titles!;
    const batch = new Batch('shipping_plan', ctx.seed, ctx.offset);
    const currency = currencyOf(ctx);
    const home = homeCountry(ctx);
    const areas = COVERAGE_AREAS.filter((a) => p.coverage_areas.includes(a));
    const classes = ctx.existing.shipping_classes;
    const props = shippingPlanGenerator.schema.properties;
    const costRange = moneyParam(p.cost_range, props.cost_range!.default, currency);
    const freeMinimum = moneyParam(p.free_shipping_minimum, props.free_shipping_minimum!.default, currency);
    return batch.rows(p.count, ({ index, rng }) => {
      const area = areas[index % areas.length]!;
      const zone = zoneFor(area, Math.floor(index / areas.length), home);
      const band = BAND[area];
      const allowed = SHIPPING_TYPES.filter((t) => p.shipping_types.includes(t) && (t !== 'local_pickup' || area === 'domestic'));
      const offered = allowed.length > 0 ? allowed : SHIPPING_TYPES.filter((t) => p.shipping_types.includes(t));
      const count = rng.int(1, offered.length);
      const types = rng
        .sample(offered, count)
        .sort((a, b) => SHIPPING_TYPES.indexOf(a) - SHIPPING_TYPES.indexOf(b));
      const [costLo, costHi] = inBand(toMinor(costRange.min, currency), toMinor(costRange.max, currency), band);
      const [dayLo, dayHi] = inBand(p.delivery_days.min, p.delivery_days.max, band);
      const methods: ShippingMethodEntity[] = types.map((type) => {
        const dMin = rng.int(Math.round(dayLo), Math.round(dayHi));
        const days = { min: dMin, max: rng.int(dMin, Math.max(dMin, Math.round(dayHi))) };
        if (type === 'flat_rate') {
          const cost = Math.max(0, shopPrice(rng, Math.round(costLo), Math.round(costHi), currency));
          const classCosts: { shipping_class: Ref; cost_minor: number }[] = classes
            .filter(() => rng.chance(50))
            .map((c) => ({ shipping_class: { id: c.id }, cost_minor: shopPrice(rng, 1, Math.max(1, Math.round(cost / 2)), currency) }));
          return { type, title: titles[type], cost_minor: cost, currency, min_amount_minor: null, delivery_days: days, class_costs: classCosts };
        }
        if (type === 'free_shipping') {
          const min = freeMinimum > 0 ? toMinor(freeMinimum, currency) * (band + 1) : null;
          return { type, title: titles[type], cost_minor: null, currency, min_amount_minor: min, delivery_days: days, class_costs: [] };
        }
        return { type, title: titles[type], cost_minor: 0, currency, min_amount_minor: null, delivery_days: { min: days.min, max: days.min }, class_costs: [] };
      });
      return {
        key: batch.key(index),
        name: zone.name,
        coverage: area,
        countries: zone.countries,
        regions: zone.regions,
        rest_of_world: zone.rest_of_world,
        methods,
      };
    });
  },
};
