/** Writers for emporium's settings-like records: shipping classes, shipping zones (plans), tax classes with rates, the log. */
import type { LogEntity, ResourceWriter, ShippingClassEntity, ShippingPlanEntity, TaxClassEntity } from '../../../plugin-api.ts';
import { countryInfo, deleteEach, remember, repositoryWriter, toStoreInstant } from '../../../plugin-api.ts';
import type { EmporiumStore, ShippingZoneInput, TaxRateInput, ZoneLocationInput } from '../../../stores/emporium/index.ts';
import { toDecimal, toRate } from '../money.ts';
import { LOG_LEVEL } from '../vocabulary.ts';

export function shippingClassWriter(store: EmporiumStore): ResourceWriter<ShippingClassEntity> {
  return repositoryWriter(store.shippingClasses, {
    toInput: (e) => ({ name: e.name, slug: e.slug, description: e.description }),
    summarise: (e, id) => `Shipping class #${id} "${e.name}"`,
  });
}

const POSTCODE = /^[A-Za-z0-9 *.-]{1,20}$/;

/**
 * Emporium restricts a zone to part of a country by postcode (its state codes are ISO subdivision
 * codes, which canonical region names are not), so a region becomes the postcodes the gazetteer knows
 * for it, `#` digits turned into a trailing wildcard (`10###` is `10*`).
 */
export function regionPostcodes(country: string, regions: readonly string[]): string[] {
  const wanted = new Set(regions);
  const out = new Set<string>();
  for (const city of countryInfo(country)?.cities ?? []) {
    if (!wanted.has(city.region)) continue;
    for (const pattern of city.postcodes) {
      const hash = pattern.indexOf('#');
      const code = hash === -1 ? pattern : `${pattern.slice(0, hash)}*`;
      if (POSTCODE.test(code) && code !== '*') out.add(code);
    }
  }
  return [...out];
}

function zoneLocations(e: ShippingPlanEntity): ZoneLocationInput[] {
  // A worldwide plan is emporium's "locations not covered by your other zones": a zone without locations.
  if (e.rest_of_world) return [];
  const locations: ZoneLocationInput[] = e.countries.map((code) => ({ code, type: 'country' }));
  if (e.regions.length > 0 && e.countries.length === 1) {
    for (const code of regionPostcodes(e.countries[0], e.regions)) locations.push({ code, type: 'postcode' });
  }
  return locations;
}

/** Zones match in `order`, lowest first: a region before its country, a country before a continent, the rest of the world last. */
function zoneOrder(e: ShippingPlanEntity): number {
  if (e.rest_of_world) return 1000;
  if (e.regions.length > 0) return 0;
  return Math.min(999, e.countries.length);
}

/**
 * Shipping plans as zones with their methods. Delivery times and per-class flat-rate costs have no
 * place in emporium's methods.
 */
export function shippingPlanWriter(store: EmporiumStore): ResourceWriter<ShippingPlanEntity> {
  return repositoryWriter(store.shippingZones, {
    toInput: (e): ShippingZoneInput => ({
      name: e.name,
      order: zoneOrder(e),
      locations: zoneLocations(e),
      methods: e.methods.map((m) => ({
        method_type: m.type,
        title: m.title,
        enabled: true,
        ...(m.type === 'flat_rate' ? { cost: toDecimal(m.cost_minor ?? 0, m.currency) } : {}),
        ...(m.type === 'free_shipping' && m.min_amount_minor !== null ? { min_amount: toDecimal(m.min_amount_minor, m.currency) } : {}),
      })),
    }),
    summarise: (e, id) => `Shipping zone #${id} "${e.name}" (${e.methods.map((m) => m.title).join(', ')})`,
  });
}

/**
 * Tax classes with their rates: the classes in one `createMany`, then every rate of the batch in
 * another. A class owns its rates (deleting it removes them), so only the class is recorded.
 */
export function taxClassWriter(store: EmporiumStore): ResourceWriter<TaxClassEntity> {
  return {
    async write(entities, ctx) {
      if (entities.length === 0) return [];
      const classIds = await store.taxClasses.createMany(ctx.trx, entities.map((e) => ({ name: e.name, slug: e.slug, description: '' })));
      const rates: TaxRateInput[] = entities.flatMap((e, i) =>
        e.rates.map((r) => ({
          tax_class_id: classIds[i],
          country: r.country,
          state: r.region ?? '',
          postcode: r.postcode ?? '',
          rate: toRate(r.rate_percent),
          name: r.name,
          priority: r.priority,
          compound: r.compound,
          shipping: r.shipping,
        })),
      );
      await store.taxRates.createMany(ctx.trx, rates);
      return remember(entities, classIds, ctx);
    },
    delete: (ids, ctx) => deleteEach(ids, (id) => store.taxClasses.delete(ctx.trx, id)),
    summarise: (e, id) => `Tax class #${id} "${e.name}" (${e.rates.map((r) => `${r.country} ${r.rate_percent}%`).join(', ')})`,
  };
}

export function logWriter(store: EmporiumStore): ResourceWriter<LogEntity> {
  return repositoryWriter(store.log, {
    toInput: (e) => ({ level: LOG_LEVEL[e.level], source: e.source, message: e.message, context: { ...e.context }, created_at: toStoreInstant(e.created_at) }),
    summarise: (e, id) => `Log entry #${id} [${e.level}] ${e.source}: ${e.message.length > 60 ? `${e.message.slice(0, 57)}...` : e.message}`,
  });
}
