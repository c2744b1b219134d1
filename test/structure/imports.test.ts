/**
 * The house rules of ARCHITECTURE.md, enforced: no import cycle of any kind (static, type-only or
 * dynamic), and no import across a layer boundary. The rules are data; a failure names each edge.
 */
import { expect } from 'chai';
import { cycles, importGraph, type Edge } from '../support/import-graph.ts';

/** The Seeder's surfaces: each talks to the shared controllers, never to another surface. */
const SURFACES = ['rest/', 'cli/', 'mcp/', 'admin/'];
/** Everything that is a plugin, or part of one: the host (panel/, hooks/) knows none of it. */
const PLUGIN_CODE = ['main.ts', 'plugin.ts', 'controllers/', 'drivers/', 'generators/', 'recipes/', 'stores/', ...SURFACES];

interface Rule {
  /** What the rule says, as ARCHITECTURE.md words it. */
  readonly rule: string;
  /** Modules the rule applies to (path prefixes). */
  readonly from: readonly string[];
  /** If given, the only modules they may import (besides their own folder). */
  readonly only?: readonly string[];
  /** Modules they must not import. */
  readonly never?: readonly string[];
}

export const LAYER_RULES: readonly Rule[] = [
  { rule: 'lib/ holds pure helpers and imports nothing of the product', from: ['lib/'], only: [] },
  { rule: 'hooks/ (the bus) imports only lib/', from: ['hooks/'], only: ['lib/'] },
  { rule: 'the host imports no plugin', from: ['panel/'], never: PLUGIN_CODE },
  { rule: "stores import only the host's plugin API", from: ['stores/'], only: ['stores/', 'panel/plugin.ts', 'lib/'] },
  { rule: 'generators import no driver, store or surface', from: ['generators/'], never: ['drivers/', 'stores/', 'controllers/', 'recipes/', 'plugin.ts', 'main.ts', ...SURFACES] },
  { rule: 'drivers import no surface', from: ['drivers/'], never: [...SURFACES, 'main.ts'] },
  { rule: 'the shared controllers import no surface', from: ['controllers/', 'recipes/'], never: [...SURFACES, 'main.ts', 'plugin.ts'] },
  ...SURFACES.map((surface) => ({
    rule: `${surface} imports no other surface`,
    from: [surface],
    never: [...SURFACES.filter((s) => s !== surface), 'main.ts'],
  })),
];

const under = (file: string, prefixes: readonly string[]) => prefixes.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));
const folderOf = (file: string) => (file.includes('/') ? `${file.slice(0, file.indexOf('/'))}/` : file);

/** The edges of `graph` that break `rule`. */
export function violations(graph: Map<string, Edge[]>, rule: Rule): Edge[] {
  return [...graph.values()].flat().filter(({ from, to }) => {
    if (!under(from, rule.from)) return false;
    if (rule.never && under(to, rule.never)) return true;
    if (rule.only && !to.startsWith(folderOf(from)) && !under(to, rule.only)) return true;
    return false;
  });
}

const show = (edges: Edge[]) => edges.map((e) => `${e.from} -> ${e.to} (${e.kind})`);

describe('structure: imports', () => {
  const graph = importGraph();

  it('reads the whole product: static, type-only and dynamic imports are all edges', () => {
    const kinds = new Set([...graph.values()].flat().map((e) => e.kind));
    expect([...kinds].sort()).to.deep.equal(['dynamic', 'static', 'type']);
    expect(graph.size).to.be.above(200);
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).to.deep.equal([]);
  });

  for (const rule of LAYER_RULES) {
    it(`layer rule: ${rule.rule}`, () => {
      expect(show(violations(graph, rule))).to.deep.equal([]);
    });
  }

  it('the checks fail on the edges they forbid (the two that once tied the house together)', () => {
    // panel/ importing a plugin, and hooks/ importing the Seeder's types: each must be caught.
    const withEdge = (from: string, to: string, kind: Edge['kind']) => {
      const g = new Map([...graph].map(([k, v]) => [k, [...v]]));
      g.get(from)!.push({ from, to, kind });
      return g;
    };
    const hostKnowsPlugins = withEdge('panel/start.ts', 'plugin.ts', 'static');
    expect(show(violations(hostKnowsPlugins, LAYER_RULES.find((r) => r.rule === 'the host imports no plugin')!))).to.deep.equal(['panel/start.ts -> plugin.ts (static)']);
    expect(cycles(hostKnowsPlugins)).to.have.length(1);
    const busKnowsSeeder = withEdge('hooks/catalogue.ts', 'controllers/generate.ts', 'type');
    expect(violations(busKnowsSeeder, LAYER_RULES.find((r) => r.from.includes('hooks/'))!)).to.have.length(1);
    expect(cycles(busKnowsSeeder)).to.have.length(1);
  });
});
