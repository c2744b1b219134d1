/**
 * Shipping zones with their locations and methods (the "shipping plans": flat rate, free shipping,
 * local pickup). Deleting a zone removes its locations and methods; order shipping lines that came
 * from a method keep their title and total with the method detached.
 */
import { Check, fieldsOf, join } from '../../common/check.ts';
import type { ValidationIssue } from '../../common/errors.ts';
import type { Executor } from '../../common/executor.ts';
import { bool, groupBy, selectIn, str, strOrNull } from '../../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../../common/repository.ts';
import { SHIPPING_METHOD_TYPES, ZONE_LOCATION_TYPES, type ShippingMethodType, type ZoneLocationType } from '../statuses.ts';
import { T } from '../tables.ts';

export interface ZoneLocationInput {
  /** `US`, `US:CA`, a postcode pattern `90*`, or a continent code `EU`. */
  code: string;
  type: ZoneLocationType;
}

export interface ZoneMethodInput {
  method_type: ShippingMethodType;
  /** Defaults to the method type's usual title. */
  title?: string;
  enabled?: boolean;
  /** Flat rate only: decimal string. */
  cost?: string | null;
  /** Free shipping only: the minimum order amount, decimal string. */
  min_amount?: string | null;
}

export interface ShippingZoneInput {
  name: string;
  /** Lower matches first. Default 0. */
  order?: number;
  locations?: ZoneLocationInput[];
  methods?: ZoneMethodInput[];
}

export interface ShippingZoneRecord {
  id: number;
  name: string;
  order: number;
  locations: Array<{ id: number; code: string; type: ZoneLocationType }>;
  methods: Array<{ id: number; method_type: ShippingMethodType; title: string; enabled: boolean; cost: string | null; min_amount: string | null; order: number }>;
}

interface Item {
  name: string;
  order: number;
  locations: Array<{ code: string; type: string }>;
  methods: Array<{ method_type: string; title: string; enabled: boolean; cost: string | null; min_amount: string | null }>;
}

const FIELDS = fieldsOf<ShippingZoneInput>()({ name: 1, order: 1, locations: 1, methods: 1 });
const LOCATION_FIELDS = fieldsOf<ZoneLocationInput>()({ code: 1, type: 1 });
const METHOD_FIELDS = fieldsOf<ZoneMethodInput>()({ method_type: 1, title: 1, enabled: 1, cost: 1, min_amount: 1 });
const TITLES: Record<ShippingMethodType, string> = { flat_rate: 'Flat rate', free_shipping: 'Free shipping', local_pickup: 'Local pickup' };
const LOCATION_PATTERNS: Record<ZoneLocationType, RegExp> = {
  country: /^[A-Z]{2}$/,
  state: /^[A-Z]{2}:[A-Z0-9-]{1,10}$/,
  postcode: /^[A-Za-z0-9 *.-]{1,20}$/,
  continent: /^(AF|AN|AS|EU|NA|OC|SA)$/,
};

export class ShippingZoneRepository extends Repository<ShippingZoneInput, ShippingZoneRecord, Item> {
  readonly entity = 'shipping zone';
  readonly table = T.shippingZones;

  protected async validate(_db: Executor, inputs: readonly ShippingZoneInput[], issues: ValidationIssue[]): Promise<Item[]> {
    return inputs.map((input, i) => {
      const c = new Check(i, issues);
      const o = c.object('', input, FIELDS) ?? {};
      const locations = c.list('locations', o.locations, (v, p) => {
        const x = c.object(p, v, LOCATION_FIELDS) ?? {};
        const type = c.oneOf(join(p, 'type'), x.type, ZONE_LOCATION_TYPES);
        const code = c.text(join(p, 'code'), x.code, { max: 40 });
        if (type && code && !LOCATION_PATTERNS[type].test(code)) c.fail(join(p, 'code'), 'format', `is not a valid ${type} code`);
        return { code: code ?? '', type: type ?? 'country' };
      });
      const methods = c.list('methods', o.methods, (v, p) => {
        const x = c.object(p, v, METHOD_FIELDS) ?? {};
        const type = c.oneOf(join(p, 'method_type'), x.method_type, SHIPPING_METHOD_TYPES);
        const cost = c.decimal(join(p, 'cost'), x.cost, { optional: true });
        const min = c.decimal(join(p, 'min_amount'), x.min_amount, { optional: true });
        if (cost !== null && type !== 'flat_rate') c.fail(join(p, 'cost'), 'not_for_method', 'only a flat rate has a cost');
        if (min !== null && type !== 'free_shipping') c.fail(join(p, 'min_amount'), 'not_for_method', 'only free shipping has a minimum amount');
        return {
          method_type: type ?? 'flat_rate',
          title: c.text(join(p, 'title'), x.title, { optional: true }) ?? (type ? TITLES[type] : ''),
          enabled: c.bool(join(p, 'enabled'), x.enabled, true),
          cost: type === 'flat_rate' ? (cost ?? '0.00') : null,
          min_amount: min,
        };
      });
      return { name: c.text('name', o.name) ?? '', order: c.int('order', o.order, { optional: true, min: 0 }) ?? 0, locations, methods };
    });
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(T.shippingZones, items.length);
    const locationIds = await batch.reserve(T.zoneLocations, items.reduce((n, it) => n + it.locations.length, 0));
    const methodIds = await batch.reserve(T.zoneMethods, items.reduce((n, it) => n + it.methods.length, 0));
    return items.map((it) => {
      const id = ids.next();
      batch.add(T.shippingZones, { id, name: it.name, zone_order: it.order });
      for (const l of it.locations) batch.add(T.zoneLocations, { id: locationIds.next(), zone_id: id, ...l });
      it.methods.forEach((m, k) => batch.add(T.zoneMethods, { id: methodIds.next(), zone_id: id, ...m, method_order: k }));
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, ShippingZoneRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, T.shippingZones, 'id', ids);
    const locations = groupBy(await selectIn<Record<string, unknown>>(db, T.zoneLocations, 'zone_id', ids), 'zone_id');
    const methods = groupBy(await selectIn<Record<string, unknown>>(db, T.zoneMethods, 'zone_id', ids), 'zone_id');
    return new Map(
      rows.map((r) => {
        const id = Number(r.id);
        return [
          id,
          {
            id,
            name: str(r.name),
            order: Number(r.zone_order),
            locations: (locations.get(id) ?? []).map((l) => ({ id: Number(l.id), code: str(l.code), type: str(l.type) as ZoneLocationType })),
            methods: (methods.get(id) ?? []).map((m) => ({
              id: Number(m.id),
              method_type: str(m.method_type) as ShippingMethodType,
              title: str(m.title),
              enabled: bool(m.enabled),
              cost: strOrNull(m.cost),
              min_amount: strOrNull(m.min_amount),
              order: Number(m.method_order),
            })),
          },
        ];
      }),
    );
  }

  /** Zones whose name contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<ShippingZoneRecord>>> {
    return this.searchBy(db, ['name'], term, limit, (z) => z.name);
  }
}
