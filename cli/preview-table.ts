/**
 * The CLI's preview table: the preview's `columns` (generators/columns.ts) decide what each cell is,
 * as in the admin's table: money in the row's currency for the request's locale (`Intl.NumberFormat`),
 * dates for that locale, references by their label, vocabulary codes in words. Columns that do not fit
 * on one line (addresses, lists, objects), the entity key and the currency (every amount shows it) are left
 * to `--format=json`.
 */
import type { Column } from '../generators/columns.ts';

/** How many columns the table shows at most. */
const MAX_COLUMNS = 8;

const ON_ONE_LINE: ReadonlySet<Column['kind']> = new Set(['text', 'number', 'percent', 'boolean', 'money', 'date', 'enum', 'country', 'reference', 'references']);

/** A Seeder locale (`de_DE`) as a BCP 47 tag Intl takes; undefined when Intl does not know it. */
function bcp47(locale: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(locale.replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

function money(minor: number, currency: string, locale: string | undefined): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${minor} ${currency} (minor units)`;
  }
}

function cell(column: Column, value: unknown, row: Record<string, unknown>, locale: string | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (column.kind) {
    case 'money': {
      const currency = row[column.currency_key ?? 'currency'];
      return typeof value === 'number' && typeof currency === 'string' ? money(value, currency, locale) : String(value);
    }
    case 'date':
      return typeof value === 'string' ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(value)) : String(value);
    case 'reference':
      return String((value as { label?: unknown; id?: unknown }).label ?? (value as { id?: unknown }).id);
    case 'references':
      return Array.isArray(value) ? value.map((v) => String((v as { label?: unknown }).label ?? (v as { id?: unknown }).id)).join(', ') || '—' : String(value);
    case 'enum':
      return String(value).replace(/_/g, ' ');
    case 'boolean':
      return value ? 'yes' : 'no';
    case 'percent':
      return `${new Intl.NumberFormat(locale).format(Number(value))} %`;
    case 'number':
      return new Intl.NumberFormat(locale).format(Number(value));
    default: {
      const text = String(value).replace(/\s+/g, ' ');
      return text.length > 60 ? `${text.slice(0, 59)}…` : text;
    }
  }
}

/** The table's rows (by column label) and its fields, for `printRows`. */
export function previewTable(preview: { columns: Column[]; rows: unknown[]; locale: string }): { rows: Record<string, string>[]; fields: string[] } {
  const shown = preview.columns.filter((c) => ON_ONE_LINE.has(c.kind)).slice(0, MAX_COLUMNS);
  const locale = bcp47(preview.locale);
  const rows = (preview.rows as Record<string, unknown>[]).map((row) => Object.fromEntries(shown.map((c) => [c.label, cell(c, row[c.key], row, locale)])));
  return { rows, fields: shown.map((c) => c.label) };
}
