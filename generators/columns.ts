/**
 * The columns of generated rows, for whoever renders them (the admin's preview table, the CLI's table,
 * MCP clients, REST integrators): each top-level field's key, a readable label and its kind.
 *
 * Derived, never listed per resource: the kind comes from the conventions every canonical entity
 * follows (entities.ts: money is `*_minor` in the row's `currency`, instants are `*_at`, percentages
 * `*_percent`, references are `Ref`s under the field names below), then from the values themselves.
 * So a field a generator or a `seeder_canonical_entity` tap adds gets its column too.
 * test/generators/columns.test.ts walks every resource and proves each row key has one column and
 * each column's kind fits every value.
 */
import type { Ref } from './entities.ts';
import { EXISTING_KINDS, type ExistingKind, type ExistingRecords } from './existing.ts';
import { isStandInId } from './stand-ins.ts';
import { resourceByName, type ResourceName } from './resources.ts';

export const COLUMN_KINDS = [
  'key',
  'text',
  'number',
  'percent',
  'boolean',
  'money',
  'currency',
  'date',
  'enum',
  'country',
  'reference',
  'references',
  'address',
  'list',
  'object',
] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface Column {
  readonly key: string;
  readonly label: string;
  readonly kind: ColumnKind;
  /** For `money`: the row field holding the ISO 4217 currency of the amount. */
  readonly currency_key?: string;
  /** For `reference` and `references`: the resource the ids are records of. */
  readonly refers_to?: ResourceName;
}

/**
 * The field names under which canonical entities hold references (`Ref`), and what they refer to:
 * a kind of existing record, or `self` for a record of the same resource (a category's parent).
 */
export const REFERENCE_FIELDS: Readonly<Record<string, ExistingKind | 'self'>> = {
  product: 'products',
  variation: 'variations',
  customer: 'customers',
  order: 'orders',
  coupon: 'coupons',
  rate: 'tax_rates',
  brand: 'brands',
  categories: 'product_categories',
  tags: 'product_tags',
  shipping_class: 'shipping_classes',
  attribute: 'attributes',
  parent: 'self',
};

/** The fields holding a code of one of the Seeder's vocabularies (vocabularies.ts). */
const ENUM_FIELDS: ReadonlySet<string> = new Set([
  'status',
  'type',
  'state',
  'stage',
  'stock_status',
  'discount_type',
  'coverage',
  'payment_method',
  'billing_period',
  'level',
  'source',
  'file_type',
  'sort_order',
]);

/** `regular_price_minor` -> `Regular price`, `sku` -> `SKU`, `created_at` -> `Created`. */
export function columnLabel(key: string): string {
  const base = key.replace(/_minor$/, '').replace(/_at$/, '').replace(/_id$/, '');
  const words = base.replace(/_/g, ' ');
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  return text.replace(/\b(Sku|Id|Url|Vat|Iso|Gtin|Ean)\b/gi, (w) => w.toUpperCase());
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether `v` is a reference: `{ id }` or `{ key }` (with the `label` a preview adds). */
export function isRef(v: unknown): v is Ref & { label?: string } {
  if (!isObject(v)) return false;
  const keys = Object.keys(v).filter((k) => k !== 'label');
  return keys.length === 1 && (typeof v.id === 'string' || typeof v.key === 'string');
}

const isAddress = (v: Record<string, unknown>) => 'line1' in v && 'city' in v && 'country' in v;

/** The resource a reference field of `resource` refers to. */
function refersTo(resource: ResourceName, field: string): ResourceName | undefined {
  const target = REFERENCE_FIELDS[field];
  if (target === undefined) return undefined;
  return target === 'self' ? resource : EXISTING_KINDS[target];
}

/** One field's kind: by the entity conventions, else by its values (nulls say nothing). */
function kindOf(resource: ResourceName, key: string, values: readonly unknown[]): Pick<Column, 'kind' | 'currency_key' | 'refers_to'> {
  if (key === 'key') return { kind: 'key' };
  const target = refersTo(resource, key);
  const present = values.filter((v) => v !== null && v !== undefined);
  if (target) return { kind: present.some(Array.isArray) ? 'references' : 'reference', refers_to: target };
  if (key.endsWith('_minor')) return { kind: 'money', currency_key: 'currency' };
  if (key.endsWith('_at')) return { kind: 'date' };
  if (key.endsWith('_percent')) return { kind: 'percent' };
  if (key === 'currency') return { kind: 'currency' };
  if (key === 'country') return { kind: 'country' };
  if (ENUM_FIELDS.has(key)) return { kind: 'enum' };
  if (present.length === 0) return { kind: 'text' };
  if (present.every((v) => typeof v === 'boolean')) return { kind: 'boolean' };
  if (present.every((v) => typeof v === 'number')) return { kind: 'number' };
  if (present.every((v) => typeof v === 'string')) return { kind: 'text' };
  if (present.every(Array.isArray)) return { kind: 'list' };
  if (present.every((v) => isObject(v) && isAddress(v))) return { kind: 'address' };
  return { kind: 'object' };
}

/** The columns of `rows` of `resource`: every top-level key, in first-seen order. */
export function columnsFor(resource: ResourceName, rows: readonly unknown[]): Column[] {
  const keys: string[] = [];
  for (const row of rows) if (isObject(row)) for (const k of Object.keys(row)) if (!keys.includes(k)) keys.push(k);
  return keys.map((key) => ({ key, label: key === 'key' ? 'Key' : columnLabel(key), ...kindOf(resource, key, rows.map((r) => (isObject(r) ? r[key] : undefined))) }));
}

/** A record of `kind` in words, for a reference to it. */
function recordLabel(kind: ExistingKind, record: Record<string, unknown>, existing: ExistingRecords): string {
  switch (kind) {
    case 'customers':
      return `${String(record.first_name)} ${String(record.last_name)} (${String(record.email)})`;
    case 'coupons':
      return String(record.code);
    case 'variations': {
      const parent = existing.products.find((p) => p.id === record.product_id)?.name;
      const values = isObject(record.attributes) ? Object.values(record.attributes).join(', ') : '';
      return [parent ?? record.sku ?? `Variation ${String(record.id)}`, values].filter(Boolean).join(' – ');
    }
    case 'orders':
      return `${idWords('Order', String(record.id))} (${String(record.status).replace(/_/g, ' ')})`;
    case 'transactions':
      return `${idWords(String(record.type).replace(/^./, (c) => c.toUpperCase()), String(record.id))} (${String(record.state)})`;
    default:
      return String(record.name ?? record.id);
  }
}

/** `Order #12`, or `Stand-in order 3` for a stand-in record. */
function idWords(noun: string, id: string): string {
  if (isStandInId(id)) return `Stand-in ${noun.toLowerCase()} ${id.slice(id.lastIndexOf('-') + 1)}`;
  return `${noun} #${id}`;
}

/**
 * The rows with every reference labelled: `{ id, label }` for a record of the store (or a stand-in),
 * `{ key, label }` for a record earlier in the same batch. A reference to an id the view does not hold
 * (a pinned id the store was not asked about) is labelled by its resource and id.
 */
export function labelReferences<T>(resource: ResourceName, rows: readonly T[], existing: ExistingRecords): T[] {
  const indexes = new Map<ExistingKind, Map<string, Record<string, unknown>>>();
  const index = (kind: ExistingKind) => {
    let m = indexes.get(kind);
    if (!m) indexes.set(kind, (m = new Map(existing[kind].map((r) => [r.id, r as unknown as Record<string, unknown>]))));
    return m;
  };
  const label = (field: string, ref: Ref): string => {
    const target = REFERENCE_FIELDS[field]!;
    const singular = (r: ResourceName) => resourceByName(r)?.singular ?? r;
    if (ref.key !== undefined) {
      const row = Number(ref.key.slice(ref.key.lastIndexOf(':') + 1));
      const of = target === 'self' ? resource : EXISTING_KINDS[target];
      return `New ${singular(of).toLowerCase()} (row ${row + 1} of this batch)`;
    }
    const kind: ExistingKind | undefined = target === 'self' ? (Object.keys(EXISTING_KINDS) as ExistingKind[]).find((k) => EXISTING_KINDS[k] === resource) : target;
    const record = kind ? index(kind).get(ref.id!) : undefined;
    if (kind && record) return recordLabel(kind, record, existing);
    const of = target === 'self' ? resource : EXISTING_KINDS[target];
    return idWords(singular(of), ref.id!);
  };
  const walk = (value: unknown, field?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, field));
    if (!isObject(value)) return value;
    if (field !== undefined && REFERENCE_FIELDS[field] !== undefined && isRef(value)) return { ...value, label: label(field, value) };
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
  };
  return rows.map((row) => walk(row) as T);
}

