/** Shop settings: shipping classes, shipping plans (cartwheel's shipping methods) and tax classes with their rates. */
import type { ShippingClassEntity, ShippingPlanEntity, TaxClassEntity } from '../../../plugin-api.ts';
import { UnmappableEntityError } from '../../../plugin-api.ts';
import type { ShippingMethodInput, TaxRateInput } from '../../../stores/cartwheel/index.ts';
import { storeOf, percentString } from '../convert.ts';
import { cartwheelWriter } from './base.ts';

export const shippingClassWriter = cartwheelWriter<ShippingClassEntity>({
  write: (entities, ctx, store) => store.shippingClasses.createMany(ctx.trx, entities.map((e) => ({ name: e.name, slug: e.slug, description: e.description }))),
  remove: (trx, id, site) => storeOf(site).shippingClasses.delete(trx, id),
  summarise: (e, id) => `Shipping class #${id}: ${e.name}`,
});

/**
 * Cartwheel has no shipping zones: a plan is written as one shipping method per canonical method, each
 * serving the plan's countries (none: everywhere), titled with the plan's name so methods of different
 * plans stay apart. The plan's id is the comma-separated list of its methods' ids.
 */
export const shippingPlanWriter = cartwheelWriter<ShippingPlanEntity>({
  async write(entities, ctx, store) {
    const inputs: ShippingMethodInput[] = [];
    const owners: number[] = [];
    entities.forEach((e, i) => {
      if (e.methods.length === 0) throw new UnmappableEntityError(`Shipping plan "${e.name}" has no method; cartwheel stores a plan as its methods.`);
      for (const m of e.methods) {
        inputs.push({
          title: `${m.title} - ${e.name}`,
          type: m.type,
          amount: m.type === 'free_shipping' ? 0 : (m.cost_minor ?? 0),
          countries: e.rest_of_world ? [] : [...e.countries],
          is_enabled: true,
        });
        owners.push(i);
      }
    });
    const made = await store.shippingMethods.createMany(ctx.trx, inputs);
    const ids = entities.map(() => [] as number[]);
    made.forEach((id, k) => ids[owners[k]!]!.push(id));
    return ids.map((list) => list.join(','));
  },
  remove: (trx, id, site) => storeOf(site).shippingMethods.delete(trx, id),
  summarise: (e, id) => `Shipping plan ${e.name}: ${e.methods.map((m) => m.title).join(', ')} (methods ${id})`,
});

/** A tax class and its rates: the classes in one statement, then every rate of the batch in another. */
export const taxClassWriter = cartwheelWriter<TaxClassEntity>({
  async write(entities, ctx, store) {
    const ids = await store.taxClasses.createMany(ctx.trx, entities.map((e) => ({ name: e.name, slug: e.slug })));
    const rates: TaxRateInput[] = entities.flatMap((e, i) =>
      e.rates.map((r) => ({
        tax_class_id: ids[i]!,
        country: r.country,
        state: r.region ?? '',
        postcode: r.postcode ?? '',
        rate: percentString(r.rate_percent),
        name: r.name,
        priority: r.priority,
        compound: r.compound,
        shipping: r.shipping,
      })),
    );
    await store.taxRates.createMany(ctx.trx, rates);
    return ids;
  },
  // The class's rates go with it (its own children).
  remove: (trx, id, site) => storeOf(site).taxClasses.delete(trx, id),
  summarise: (e, id) => `Tax class #${id}: ${e.name} (${e.rates.map((r) => `${r.country} ${r.rate_percent}%`).join(', ')})`,
});
