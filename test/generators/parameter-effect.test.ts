/**
 * "Every declared parameter must change the output" (issue 4, point 2). The test walks every
 * resource schema down to its leaves, derives a different valid value for each leaf from the
 * schema itself, and checks with fast-check that, for any seed, the entities change. A new
 * parameter that the generator ignores makes this test fail.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { JSONSchema, JSONValue } from '../../generators/json-schema.ts';
import { RESOURCE_NAMES, type ResourceName } from '../../generators/resources.ts';
import { GENERATORS } from '../../generators/registry.ts';
import { normaliseParameters } from '../../generators/schema.ts';
import { seedArb, withoutKeys } from './support/arbitraries.ts';
import { REFERENCE_DATE, run } from './support/fixture.ts';

interface Leaf {
  readonly path: readonly string[];
  readonly schema: JSONSchema;
}

function leaves(schema: JSONSchema, path: string[] = []): Leaf[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, s]) =>
    s.type === 'object' && s.properties ? leaves(s, [...path, name]) : [{ path: [...path, name], schema: s }],
  );
}

function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(target);
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

function getAt(target: Record<string, unknown>, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, step) => (node as Record<string, unknown>)[step], target);
}

/** Values to try instead of the default, most telling first; invalid ones are skipped later. */
function candidates(leaf: Leaf, siblings: Record<string, unknown>): unknown[] {
  const s = leaf.schema;
  const out: unknown[] = [...(s.examples ?? [])];
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('boolean')) out.push(!s.default);
  if (s.enum) out.push(...s.enum);
  if (types.includes('array') && s.items?.enum) {
    const values = s.items.enum;
    out.push(...values.map((v) => [v]));
    const d = (s.default ?? []) as JSONValue[];
    if (d.length > 1) out.push(d.slice(1));
  }
  if (types.includes('integer') || types.includes('number')) {
    const d = s.default as number;
    out.push(s.minimum, s.maximum, ...Object.values(siblings), d + 1, d - 1, d * 2, Math.round(d / 2));
  }
  return out.filter((v) => v !== undefined && !isDeepStrictEqual(v, s.default));
}

function defaults(resource: ResourceName, seed: unknown): Record<string, unknown> {
  const result = normaliseParameters(resource, { count: 100, seed, reference_date: REFERENCE_DATE });
  if ('error' in result) throw new Error(result.error.message);
  return result.params as unknown as Record<string, unknown>;
}

/** The first candidate that validates. */
function alternative(resource: ResourceName, leaf: Leaf): unknown {
  const base = defaults(resource, 1);
  const parent = leaf.path.length > 1 ? (getAt(base, leaf.path.slice(0, -1)) as Record<string, unknown>) : {};
  const siblings = Object.fromEntries(Object.entries(parent).filter(([k]) => k !== leaf.path[leaf.path.length - 1]));
  for (const value of candidates(leaf, siblings)) {
    const attempt = normaliseParameters(resource, setAt(base, leaf.path, value));
    if (!('error' in attempt)) return value;
  }
  throw new Error(`no valid alternative value for ${resource}.${leaf.path.join('.')}`);
}

describe('generators: every declared parameter changes the output (issue 4, point 2)', () => {
  for (const resource of RESOURCE_NAMES) {
    const list = leaves(GENERATORS[resource].schema);
    describe(resource, () => {
      for (const leaf of list) {
        const name = leaf.path.join('.');
        it(`${name} changes the entities`, () => {
          const value = alternative(resource, leaf);
          fc.assert(
            fc.property(seedArb, (seed) => {
              const params = defaults(resource, seed);
              const before = withoutKeys(run(resource, params).entities);
              const after = withoutKeys(run(resource, setAt(params, leaf.path, value)).entities);
              expect(after, `${resource}.${name} = ${JSON.stringify(value)}`).to.not.deep.equal(before);
            }),
            { numRuns: Number(process.env.GENERATORS_FC_RUNS ?? 4) },
          );
        });
      }
    });
  }

  describe('base parameters', () => {
    // Transactions and refunds take their dates from the order they belong to (never earlier), so
    // only "today" bounds them; every other dated resource places its dates inside date_range.
    const followOrders = new Set<ResourceName>(['transaction', 'refund']);
    const dated = RESOURCE_NAMES.filter((r) => /_at"/.test(JSON.stringify(run(r, { count: 3, seed: 1 }).entities)));
    for (const resource of dated) {
      const what = followOrders.has(resource) ? 'reference_date changes' : 'date_range and reference_date change';
      it(`${what} the dates of ${resource}`, () => {
        fc.assert(
          fc.property(seedArb, (seed) => {
            const base = JSON.stringify(run(resource, { count: 20, seed }).entities);
            if (!followOrders.has(resource)) {
              expect(JSON.stringify(run(resource, { count: 20, seed, date_range: { start: '2020-01-01', end: '2020-12-31' } }).entities)).to.not.equal(base);
            }
            // For dates that follow orders, a "today" before most orders pulls their dates back to the order's own.
            const today = followOrders.has(resource) ? '2026-02-01' : '2027-01-15';
            expect(JSON.stringify(run(resource, { count: 20, seed, reference_date: today }).entities)).to.not.equal(base);
          }),
          { numRuns: Number(process.env.GENERATORS_FC_RUNS ?? 3) },
        );
      });
    }

    it('locale changes customers and orders', () => {
      fc.assert(
        fc.property(seedArb, (seed) => {
          for (const r of ['customer', 'order'] as const) {
            const us = run(r, { count: 20, seed }).entities;
            const jp = run(r, { count: 20, seed, locale: 'ja_JP' }).entities;
            expect(withoutKeys(jp)).to.not.deep.equal(withoutKeys(us));
          }
        }),
        { numRuns: Number(process.env.GENERATORS_FC_RUNS ?? 3) },
      );
    });

    it('count changes how many entities there are', () => {
      expect(run('product', { count: 3, seed: 1 }).entities).to.have.length(3);
      expect(run('product', { count: 7, seed: 1 }).entities).to.have.length(7);
    });
  });
});
