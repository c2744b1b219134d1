/**
 * Licences: a unique key, a status (`active`, `expired`, `disabled`), a site limit (0: unlimited) and the
 * sites it is activated on. A licence never holds more active activations than its limit. Deleting a
 * licence removes its activations; its customer, order and product stay.
 */
import { Check, fieldsOf, join } from '../common/check.ts';
import type { ValidationIssue } from '../common/errors.ts';
import type { Executor } from '../common/executor.ts';
import { checkUnique, requireExisting, rowsById } from '../common/lookups.ts';
import { groupBy, nowIso, numOrNull, selectIn, str, strOrNull } from '../common/reads.ts';
import { Repository, type SearchHit, type WriteBatch } from '../common/repository.ts';
import { C } from '../cartwheel/tables.ts';
import { PT } from './schema.ts';

export const LICENSE_STATUSES = ['active', 'expired', 'disabled'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

export interface ActivationInput {
  /** The site's URL (http or https). */
  site_url: string;
  /** `active` (default) counts toward the limit; `inactive` does not. */
  status?: 'active' | 'inactive';
  created_at?: string;
}

export interface LicenseInput {
  /** 8 to 64 letters, digits and dashes; unique, ignoring case. */
  license_key: string;
  /** Default `active`. An `expired` licence needs an expiration date. */
  status?: LicenseStatus;
  /** Sites allowed at once; 0 (default 1 is typical) means unlimited. */
  activation_limit: number;
  customer_id: number;
  /** Must belong to the customer. */
  order_id?: number | null;
  /** The variation sold; its product is implied. */
  variation_id?: number | null;
  expiration_date?: string | null;
  activations?: ActivationInput[];
  created_at?: string;
}

export interface LicenseRecord {
  id: number;
  license_key: string;
  status: LicenseStatus;
  activation_limit: number;
  /** Active activations. */
  activation_count: number;
  customer_id: number;
  order_id: number | null;
  product_id: number | null;
  variation_id: number | null;
  expiration_date: string | null;
  activations: Array<{ id: number; site_url: string; status: 'active' | 'inactive'; created_at: string }>;
  created_at: string;
}

interface Item {
  row: Record<string, string | number | null>;
  activations: Array<{ site_url: string; status: string; created_at: string }>;
}

const FIELDS = fieldsOf<LicenseInput>()({
  license_key: 1, status: 1, activation_limit: 1, customer_id: 1, order_id: 1, variation_id: 1, expiration_date: 1, activations: 1, created_at: 1,
});
const ACTIVATION_FIELDS = fieldsOf<ActivationInput>()({ site_url: 1, status: 1, created_at: 1 });

export class LicenseRepository extends Repository<LicenseInput, LicenseRecord, Item> {
  readonly entity = 'licence';
  readonly table = PT.licenses;

  protected async validate(db: Executor, inputs: readonly LicenseInput[], issues: ValidationIssue[]): Promise<Item[]> {
    const checks = inputs.map((_, i) => new Check(i, issues));
    const drafts = inputs.map((input, i) => {
      const c = checks[i];
      const o = c.object('', input, FIELDS) ?? {};
      const created = c.datetime('created_at', o.created_at, { optional: true }) ?? nowIso();
      const limit = c.int('activation_limit', o.activation_limit, { min: 0, max: 100_000 }) ?? 0;
      const status = c.oneOf('status', o.status, LICENSE_STATUSES, 'active') ?? 'active';
      const expires = c.datetime('expiration_date', o.expiration_date, { optional: true });
      if (expires !== null && expires <= created) c.fail('expiration_date', 'expires_before_created', 'must be after created_at');
      if (status === 'expired' && expires === null && (o.expiration_date === undefined || o.expiration_date === null)) {
        c.fail('expiration_date', 'required', 'an expired licence has an expiration date');
      }
      const activations = c.list('activations', o.activations, (v, p) => {
        const x = c.object(p, v, ACTIVATION_FIELDS) ?? {};
        return {
          site_url: c.text(join(p, 'site_url'), x.site_url, { max: 512, pattern: /^https?:\/\/\S+$/, patternText: 'an http(s) URL' }) ?? '',
          status: c.oneOf(join(p, 'status'), x.status, ['active', 'inactive'] as const, 'active') ?? 'active',
          created_at: c.datetime(join(p, 'created_at'), x.created_at, { optional: true }) ?? created,
        };
      });
      const active = activations.filter((a) => a.status === 'active').length;
      if (limit > 0 && active > limit) c.fail('activations', 'activations_exceed_limit', `${active} active sites exceed the limit of ${limit}`);
      const sites = activations.map((a) => a.site_url.toLowerCase());
      if (new Set(sites).size !== sites.length) c.fail('activations', 'unique', 'a site is activated once');
      return {
        c, limit, status, expires, activations, created,
        key: c.text('license_key', o.license_key, { max: 64, pattern: /^[A-Za-z0-9-]{8,64}$/, patternText: '8 to 64 letters, digits and dashes' }),
        customer_id: c.id('customer_id', o.customer_id),
        order_id: c.id('order_id', o.order_id, { optional: true }),
        variation_id: c.id('variation_id', o.variation_id, { optional: true }),
      };
    });
    const customers = await rowsById(db, C.customers, drafts.map((d) => d.customer_id));
    const orders = await rowsById<Record<string, unknown>>(db, C.orders, drafts.map((d) => d.order_id), ['customer_id']);
    const variations = await rowsById<Record<string, unknown>>(db, C.variations, drafts.map((d) => d.variation_id), ['product_id']);
    const items = drafts.map((d) => {
      const { c } = d;
      requireExisting(c, 'customer_id', d.customer_id, customers, 'Customer');
      if (requireExisting(c, 'order_id', d.order_id, orders, 'Order') && d.customer_id !== null && Number(orders.get(d.order_id!)?.customer_id) !== d.customer_id) {
        c.fail('order_id', 'customer_mismatch', `Order ${d.order_id} belongs to another customer`);
      }
      requireExisting(c, 'variation_id', d.variation_id, variations, 'Variation');
      return {
        key: d.key,
        c,
        row: {
          license_key: d.key ?? '',
          status: d.status,
          activation_limit: d.limit,
          customer_id: d.customer_id ?? 0,
          order_id: d.order_id,
          product_id: d.variation_id !== null ? numOrNull(variations.get(d.variation_id)?.product_id) : null,
          variation_id: d.variation_id,
          expiration_date: d.expires,
          created_at: d.created,
        },
        activations: d.activations,
      };
    });
    await checkUnique(db, PT.licenses, 'license_key', items.map((it) => ({ check: it.c, field: 'license_key', value: it.key })), 'Licence key');
    return items.map(({ row, activations }) => ({ row, activations }));
  }

  protected async write(batch: WriteBatch, items: Item[]): Promise<number[]> {
    const ids = await batch.reserve(PT.licenses, items.length);
    const activationIds = await batch.reserve(PT.activations, items.reduce((n, it) => n + it.activations.length, 0));
    return items.map((it) => {
      const id = ids.next();
      batch.add(PT.licenses, { id, ...it.row });
      for (const a of it.activations) batch.add(PT.activations, { id: activationIds.next(), license_id: id, ...a });
      return id;
    });
  }

  protected async load(db: Executor, ids: readonly number[]): Promise<Map<number, LicenseRecord>> {
    const rows = await selectIn<Record<string, unknown>>(db, PT.licenses, 'id', ids);
    const activations = groupBy(await selectIn<Record<string, unknown>>(db, PT.activations, 'license_id', ids), 'license_id');
    return new Map(
      rows.map((r) => {
        const id = Number(r.id);
        const own = (activations.get(id) ?? []).map((a) => ({ id: Number(a.id), site_url: str(a.site_url), status: str(a.status) as 'active' | 'inactive', created_at: str(a.created_at) }));
        return [
          id,
          {
            id,
            license_key: str(r.license_key),
            status: str(r.status) as LicenseStatus,
            activation_limit: Number(r.activation_limit),
            activation_count: own.filter((a) => a.status === 'active').length,
            customer_id: Number(r.customer_id),
            order_id: numOrNull(r.order_id),
            product_id: numOrNull(r.product_id),
            variation_id: numOrNull(r.variation_id),
            expiration_date: strOrNull(r.expiration_date),
            activations: own,
            created_at: str(r.created_at),
          },
        ];
      }),
    );
  }

  /** Licences whose key contains `term`. */
  search(db: Executor, term: string, limit = 20): Promise<Array<SearchHit<LicenseRecord>>> {
    return this.searchBy(db, ['license_key'], term, limit, (l) => `${l.license_key} (${l.status}, ${l.activation_count}/${l.activation_limit || '∞'})`);
  }
}
