/**
 * One formatter for every CLI listing (`--format=table|json|csv|yaml`), like WP-CLI's Formatter:
 * commands hand it rows and the fields to show, never print listings themselves.
 */
import { createRequire } from 'node:module';

/** The YAML library, loaded for `--format=yaml` only. */
const yaml = () => createRequire(import.meta.url)('yaml') as typeof import('yaml');

export const FORMATS = ['table', 'json', 'csv', 'yaml'] as const;
export type Format = (typeof FORMATS)[number];

export type Row = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function csvCell(value: unknown): string {
  const s = cell(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function table(rows: Row[], fields: string[]): string {
  const widths = fields.map((f) => Math.max(f.length, ...rows.map((r) => cell(r[f]).length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i])).join('  ').trimEnd();
  return [line(fields), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(fields.map((f) => cell(r[f]))))].join('\n');
}

export function formatRows(rows: Row[], fields: string[], format: Format): string {
  const picked = rows.map((r) => Object.fromEntries(fields.map((f) => [f, r[f] ?? null])));
  switch (format) {
    case 'json':
      return JSON.stringify(picked, null, 2);
    case 'yaml':
      return yaml().stringify(picked).trimEnd();
    case 'csv':
      return [fields.join(','), ...picked.map((r) => fields.map((f) => csvCell(r[f])).join(','))].join('\n');
    case 'table':
      return rows.length === 0 ? '(none)' : table(picked, fields);
  }
}

/** A single object (a created record, a report) in the chosen format. */
export function formatObject(obj: Row, format: Format): string {
  switch (format) {
    case 'json':
      return JSON.stringify(obj, null, 2);
    case 'yaml':
      return yaml().stringify(obj).trimEnd();
    case 'csv':
      return formatRows([obj], Object.keys(obj), 'csv');
    case 'table':
      return Object.entries(obj).map(([k, v]) => `${k}: ${cell(v)}`).join('\n');
  }
}
