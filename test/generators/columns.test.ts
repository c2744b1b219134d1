/**
 * The columns of a preview are derived from the entity conventions (generators/columns.ts), never
 * listed per resource: for every resource, every row key has exactly one column and every column a
 * row key, each column's kind fits every value, and every reference sits under a field the reference
 * table knows (so a new reference field cannot go unlabelled).
 */
import { expect } from 'chai';
import { columnsFor, isRef, labelReferences, REFERENCE_FIELDS, type Column } from '../../generators/columns.ts';
import { generate, generatorFor } from '../../generators/registry.ts';
import { RESOURCE_NAMES } from '../../generators/resources.ts';
import { standInRecords } from '../../generators/stand-ins.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function fits(column: Column, value: unknown, row: Record<string, unknown>): boolean {
  if (value === null) return column.kind !== 'key';
  switch (column.kind) {
    case 'key':
      return typeof value === 'string' && value.includes(':');
    case 'money':
      return Number.isInteger(value) && typeof row[column.currency_key!] === 'string';
    case 'date':
      return typeof value === 'string' && ISO.test(value);
    case 'percent':
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
      return typeof value === 'string' && /^[a-z][a-z0-9_]*$/.test(value);
    case 'country':
      return typeof value === 'string' && /^[A-Z]{2}$/.test(value);
    case 'currency':
      return typeof value === 'string' && /^[A-Z]{3}$/.test(value);
    case 'reference':
      return isRef(value) && typeof (value as { label?: unknown }).label === 'string';
    case 'references':
      return Array.isArray(value) && value.every((v) => isRef(v) && typeof (v as { label?: unknown }).label === 'string');
    case 'text':
      return typeof value === 'string';
    case 'list':
      return Array.isArray(value);
    case 'address':
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
  }
}

/** Every `{ id }` / `{ key }` object in `value`, with the field it sits under. */
function refsIn(value: unknown, field = ''): Array<{ field: string }> {
  if (Array.isArray(value)) return value.flatMap((v) => refsIn(v, field));
  if (typeof value !== 'object' || value === null) return [];
  if (isRef(value)) return [{ field }];
  return Object.entries(value).flatMap(([k, v]) => refsIn(v, k));
}

describe('Preview columns: derived for every resource', () => {
  for (const resource of RESOURCE_NAMES) {
    it(`${resource}: every row key has one column, every column a row key, and each kind fits its values`, () => {
      for (const seed of ['1', 'columns', '77']) {
        const request = { seed, locale: 'de_DE', reference_date: '2026-06-30', date_range: { start: '2025-06-30', end: '2026-06-30' } };
        const existing = standInRecords(resource, generatorFor(resource).needs, request);
        const { entities } = generate(resource, { seed, count: 12, locale: 'de_DE', reference_date: '2026-06-30' }, { existing });
        const rows = labelReferences(resource, entities, existing) as unknown as Record<string, unknown>[];
        const columns = columnsFor(resource, rows);
        const keys = columns.map((c) => c.key);
        expect(new Set(keys).size, 'one column per key').to.equal(keys.length);
        const rowKeys = new Set(rows.flatMap((r) => Object.keys(r)));
        expect([...rowKeys].sort()).to.deep.equal([...keys].sort());
        for (const column of columns) {
          expect(column.label, column.key).to.match(/^[A-Z]/);
          for (const row of rows) expect(fits(column, row[column.key], row), `${resource}.${column.key} (${column.kind}) = ${JSON.stringify(row[column.key])}`).to.equal(true);
        }
        for (const ref of refsIn(rows)) expect(REFERENCE_FIELDS, `${resource}: a reference under "${ref.field}"`).to.have.property(ref.field);
      }
    });
  }

  it('money, dates and references are told apart by the conventions, not by a list per resource', () => {
    const existing = standInRecords('order', generatorFor('order').needs, { seed: '5', locale: 'en_US', reference_date: '2026-06-30', date_range: { start: '2025-06-30', end: '2026-06-30' } });
    const { entities } = generate('order', { seed: 5, count: 3, reference_date: '2026-06-30' }, { existing });
    const byKey = Object.fromEntries(columnsFor('order', labelReferences('order', entities, existing)).map((c) => [c.key, c]));
    expect(byKey.total_minor).to.include({ kind: 'money', currency_key: 'currency', label: 'Total' });
    expect(byKey.created_at).to.include({ kind: 'date', label: 'Created' });
    expect(byKey.customer).to.include({ kind: 'reference', refers_to: 'customer' });
    expect(byKey.status).to.include({ kind: 'enum' });
    expect(byKey.billing).to.include({ kind: 'address' });
    expect(byKey.lines).to.include({ kind: 'list' });
  });

  it('a field a tap adds gets a column of its kind', () => {
    const rows = [{ key: 'customer:1:0', email: 'a@example.com', loyalty_points: 12, vip: true }];
    expect(columnsFor('customer', rows).map((c) => [c.key, c.kind])).to.deep.equal([
      ['key', 'key'],
      ['email', 'text'],
      ['loyalty_points', 'number'],
      ['vip', 'boolean'],
    ]);
  });
});
