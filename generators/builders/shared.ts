/** Helpers several generators share: context defaults, existing-record lookups, weighted choices. */
import { timeWindow, type TimeWindow } from '../dates.ts';
import type { Ref } from '../entities.ts';
import { MissingPrerequisiteError } from '../errors.ts';
import { EXISTING_KINDS, type ExistingKind, type ExistingRecords } from '../existing.ts';
import { localeInfo } from '../locales.ts';
import type { Rng } from '../random/prng.ts';
import type { ResourceName } from '../resources.ts';
import { slugify } from '../text.ts';
import type { BaseParams, GenerationContext } from '../types.ts';

export function currencyOf(ctx: GenerationContext): string {
  return ctx.currency ?? localeInfo(ctx.locale).currency;
}

export function homeCountry(ctx: GenerationContext): string {
  return localeInfo(ctx.locale).country;
}

export function windowOf(params: BaseParams): TimeWindow {
  return timeWindow(params.date_range, params.reference_date);
}

/** Throws the "Generate X before Y" error when `kind` is empty. */
export function requireExisting(resource: ResourceName, existing: ExistingRecords, kind: ExistingKind): void {
  if (existing[kind].length === 0) throw new MissingPrerequisiteError(resource, kind, EXISTING_KINDS[kind]);
}

/** Picks one of `allowed` using `weights` (values without a weight count 1). */
export function weightedAmong<T extends string>(rng: Rng, allowed: readonly T[], weights: Partial<Record<T, number>>): T {
  return rng.weighted(allowed.map((v) => [v, weights[v] ?? 1] as const));
}

/** Something a customer can put in a cart: a simple product, or a variation of a variable one. */
export interface Purchasable {
  readonly product: Ref;
  readonly variation: Ref | null;
  readonly name: string;
  readonly sku: string | null;
  readonly price_minor: number;
  readonly ships: boolean;
}

/** Simple products with a price, and the variations of variable products. */
export function purchasables(existing: ExistingRecords): Purchasable[] {
  const out: Purchasable[] = [];
  const byId = new Map(existing.products.map((p) => [p.id, p]));
  for (const p of existing.products) {
    if (p.type === 'variable' || !(p.price_minor > 0)) continue;
    out.push({ product: { id: p.id }, variation: null, name: p.name, sku: p.sku ?? null, price_minor: p.price_minor, ships: p.type === 'physical' });
  }
  for (const v of existing.variations) {
    const parent = byId.get(v.product_id);
    if (!(v.price_minor > 0)) continue;
    const suffix = v.attributes ? Object.values(v.attributes).join(', ') : '';
    const base = parent?.name ?? 'Variation';
    out.push({
      product: { id: v.product_id },
      variation: { id: v.id },
      name: suffix ? `${base} - ${suffix}` : base,
      sku: v.sku ?? null,
      price_minor: v.price_minor,
      ships: true,
    });
  }
  return out;
}

/** 1 most of the time, sometimes 2 or 3: how many of one item people buy. */
export function quantity(rng: Rng): number {
  return rng.weighted([
    [1, 70],
    [2, 20],
    [3, 10],
  ]);
}

/** The slugs (lower case) of existing records, from their slug or, when the store keeps none, their name. */
export function takenSlugs(records: readonly { readonly id: string; readonly name: string; readonly slug?: string }[]): Map<string, string> {
  return new Map(records.map((r) => [(r.slug ?? slugify(r.name)).toLowerCase(), r.id]));
}

/**
 * For names that must be unique in the store (taxonomy slugs): the first `count` candidate positions
 * whose slug no existing record uses and no earlier free position of the batch has; row i takes the
 * i-th. A second run with another seed therefore continues the vocabulary instead of being refused for
 * every name the first run used. With nothing taken, row i takes position i: a fresh store gets exactly
 * what it always got.
 */
export function freePositions(count: number, slugAt: (position: number) => string, taken: ReadonlyMap<string, unknown>): number[] {
  const out: number[] = [];
  const seen = new Set<string>();
  // Each taken slug can skip at most one position per distinct candidate; the bound only stops a degenerate vocabulary.
  const limit = 2 * count + taken.size * 4 + 100;
  for (let position = 0; out.length < count && position < limit; position++) {
    const slug = slugAt(position).toLowerCase();
    if (taken.has(slug) || seen.has(slug)) continue;
    seen.add(slug);
    out.push(position);
  }
  return out;
}

/** "Oakridge 2": a name of a sequence that has run out, numbered for its next round. */
export function numbered(name: string, n: number): string {
  return `${name} ${n}`;
}

/** The name with a cycle number when a list of names is used more than once ("Gift 2"). */
export function cycled(names: readonly string[], position: number): string {
  const name = names[position % names.length]!;
  const cycle = Math.floor(position / names.length);
  return cycle === 0 ? name : `${name} ${cycle + 1}`;
}

export function parseTime(iso: string): number {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : 0;
}
