// @ts-check
/**
 * Generated rows as a person reads them: money in the row's currency and major units, formatted for
 * the chosen locale (`Intl.NumberFormat`); column names without `_minor` or underscores; addresses
 * summarised ("12 Main St, 10115 Berlin, Germany"); lists and references in words; never
 * `[object Object]`. Used by previews and the Records view.
 */
import { countryName, formatDate, h, humanise } from './dom.js';

/** A Seeder locale (`de_DE`) as a BCP 47 tag (`de-DE`) the Intl formatters take. @param {string | null | undefined} locale */
export function bcp47(locale) {
  const tag = (locale ?? '').replace(/_/g, '-');
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? undefined;
  } catch {
    return undefined;
  }
}

/** `subtotal_minor` -> `Subtotal`, `regular_price_minor` -> `Regular price`, `sku` -> `SKU`. @param {string} key */
export function columnName(key) {
  const base = key.replace(/_minor$/, '').replace(/_id$/, '');
  const words = humanise(base);
  return words.replace(/\b(Sku|Id|Url|Vat|Iso|Gtin|Ean)\b/g, (w) => w.toUpperCase());
}

/**
 * An amount in minor units (cents) in its currency's major units, for `locale`.
 * @param {number} minor @param {string} currency @param {string | undefined} locale
 */
export function money(minor, currency, locale) {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${minor} ${currency} (minor units)`;
  }
}

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A labelled reference of a preview row: `{ id, label }` or `{ key, label }`. @param {unknown} v @returns {v is { label: string }} */
const isLabelledRef = (v) => isObject(v) && typeof v.label === 'string' && Object.keys(v).length === 2 && ('id' in v || 'key' in v);

/** Whether an object is a postal address. @param {Record<string, unknown>} o */
const isAddress = (o) => ['city', 'postcode', 'address_1', 'street', 'country'].filter((k) => k in o).length >= 2;

/** An address on one line. @param {Record<string, unknown>} o */
function addressLine(o) {
  const street = [o.address_1 ?? o.street, o.address_2].filter(Boolean).join(' ');
  const town = [o.postcode, o.city].filter(Boolean).join(' ');
  const country = typeof o.country === 'string' ? countryName(o.country) : '';
  const who = [o.first_name, o.last_name].filter(Boolean).join(' ') || o.company || '';
  return [who, street, town, o.state, country].filter((p) => p && String(p).trim()).join(', ');
}

/**
 * A value on one line. `row` gives the currency for `_minor` amounts.
 * @param {string} key @param {unknown} value @param {Record<string, unknown>} row @param {string | undefined} locale
 * @returns {string}
 */
export function valueText(key, value, row, locale) {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    const currency = typeof row.currency === 'string' ? row.currency : null;
    if (key.endsWith('_minor') && currency) return money(value, currency, locale);
    return new Intl.NumberFormat(locale).format(value);
  }
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDate(value);
    if (/country$/.test(key) && /^[A-Z]{2}$/.test(value)) return countryName(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (value.every((v) => !isObject(v) && !Array.isArray(v))) return value.map((v) => valueText(key, v, row, locale)).join(', ');
    return `${value.length} ${value.length === 1 ? 'entry' : 'entries'}: ${value.slice(0, 3).map((v) => summary(v, row, locale)).join('; ')}${value.length > 3 ? '; …' : ''}`;
  }
  return summary(value, row, locale);
}

/** An object on one line: an address, a name, a reference, else its first few fields. @param {unknown} v @param {Record<string, unknown>} row @param {string | undefined} locale */
function summary(v, row, locale) {
  if (!isObject(v)) return valueText('', v, row, locale);
  if (isLabelledRef(v)) return v.label;
  if (isAddress(v)) return addressLine(v);
  const scope = typeof v.currency === 'string' ? v : { ...v, currency: row.currency };
  const named = v.name ?? v.label ?? v.title ?? v.email ?? v.code;
  const quantity = typeof v.quantity === 'number' ? `${v.quantity} × ` : '';
  if (named !== undefined && named !== null && !isObject(named)) {
    const amount = Object.keys(v).find((k) => k.startsWith('total') && k.endsWith('_minor'));
    return `${quantity}${named}${amount ? ` (${valueText(amount, v[amount], scope, locale)})` : ''}`;
  }
  if ('key' in v || 'id' in v) return `record ${String(v.id ?? v.key)}`;
  const parts = Object.entries(v)
    .filter(([k, x]) => k !== 'currency' && !isObject(x) && !Array.isArray(x))
    .slice(0, 4)
    .map(([k, x]) => `${columnName(k)} ${valueText(k, x, scope, locale)}`);
  return parts.join(', ') || '—';
}

/**
 * A record as a labelled list (`dl`): every field by its readable name; nested objects as nested
 * lists, lists of objects as lists of one-line summaries.
 * With a preview's `columns`, its top-level fields are named and written as the table writes them.
 * @param {Record<string, unknown>} row @param {string | undefined} locale @param {Record<string, unknown>} [scope] the row that carries the currency
 * @param {Column[]} [columns]
 * @returns {HTMLDListElement}
 */
export function recordList(row, locale, scope = row, columns = []) {
  const withCurrency = typeof row.currency === 'string' ? row : { ...row, currency: scope.currency };
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return h(
    'dl',
    { class: 'seeder-facts seeder-record' },
    Object.entries(row)
      .filter(([k]) => k !== 'key')
      .map(([k, v]) => {
        /** @type {import('./dom.js').Child} */
        let dd;
        const column = byKey.get(k);
        if (column && IN_TABLE.has(column.kind) && column.kind !== 'address') dd = cellText(column, row, locale);
        else if (isLabelledRef(v)) dd = v.label;
        else if (isObject(v) && !isAddress(v) && Object.keys(v).length > 0) dd = recordList(v, locale, withCurrency);
        else if (Array.isArray(v) && v.some(isObject)) dd = h('ul', {}, v.map((x) => h('li', {}, summary(x, withCurrency, locale))));
        else dd = valueText(k, v, withCurrency, locale);
        return [h('dt', {}, column?.label ?? columnName(k)), h('dd', { 'data-field': k }, dd)];
      }),
  );
}

/** @typedef {import('../../generators/columns.ts').Column} Column */

/** The kinds a preview table shows in a cell; the rest (the key, the currency every amount shows, lists, objects) are in each row's details. */
const IN_TABLE = new Set(['text', 'number', 'percent', 'boolean', 'money', 'date', 'enum', 'country', 'reference', 'references', 'address']);

/** The columns of a preview a table shows. @param {Column[]} columns */
export function tableColumnsOf(columns) {
  return columns.filter((c) => IN_TABLE.has(c.kind));
}

/** Whether a column's cells are numbers (aligned right). @param {Column} column */
export const isNumeric = (column) => column.kind === 'money' || column.kind === 'number' || column.kind === 'percent';

/**
 * One cell of a preview row, by its column's kind: money in the row's currency for `locale`, dates for
 * `locale`, references by their label, vocabulary codes in words, countries by name.
 * @param {Column} column @param {Record<string, unknown>} row @param {string | undefined} locale
 * @returns {string}
 */
export function cellText(column, row, locale) {
  const value = row[column.key];
  if (value === null || value === undefined || value === '') return '—';
  switch (column.kind) {
    case 'money': {
      const currency = row[column.currency_key ?? 'currency'];
      return typeof value === 'number' && typeof currency === 'string' ? money(value, currency, locale) : String(value);
    }
    case 'date': {
      const t = typeof value === 'string' ? Date.parse(value) : NaN;
      return Number.isNaN(t) ? String(value) : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(t));
    }
    case 'reference':
      return isLabelledRef(value) ? value.label : summary(value, row, locale);
    case 'references':
      return Array.isArray(value) && value.length ? value.map((v) => (isLabelledRef(v) ? v.label : summary(v, row, locale))).join(', ') : '—';
    case 'enum':
      return humanise(String(value));
    case 'country':
      return typeof value === 'string' ? countryName(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(value / 100) : String(value);
    default:
      return valueText(column.key, value, row, locale);
  }
}
