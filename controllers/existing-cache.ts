/**
 * A per-site cache of the existing-record views generators read (products for orders, orders for
 * refunds...). Reading them through a store's object layer is the most expensive part of a small
 * request, and a run of requests reads the same ones again and again.
 *
 * Coherent across processes: each entry is stamped with the site's write counters (panel/counters.ts)
 * read before the store was, `writes:<resource>` of the resource that makes the kind and `writes:all`.
 * Every Seeder write and cleanup bumps them (`noteWrites`) after it commits and before it answers, so
 * a request on any process that starts after that answer reads one changed counter and drops the
 * entry. Changes made outside the Seeder (a store's own screens) that do not bump a counter are seen
 * within MAX_AGE_MS.
 */
import type { ExistingKind, ExistingRecords } from '../generators/existing.ts';
import { EXISTING_KINDS } from '../generators/existing.ts';
import type { ResourceName } from '../generators/resources.ts';
import type { Site } from '../panel/site.ts';
import type { CounterValues } from '../panel/counters.ts';
import type { SeederDriver } from '../drivers/contract.ts';

export const MAX_AGE_MS = 5_000;

/**
 * Kinds whose view other resources' writes change too, besides the resource that makes them: a coupon's
 * uses left come from the orders that applied it; an order's refundable amount and payments from its
 * refunds and transactions.
 */
const ALSO_CHANGED_BY: Partial<Record<ExistingKind, readonly ResourceName[]>> = {
  coupons: ['order'],
  orders: ['refund', 'transaction'],
  transactions: ['refund'],
};
const PREFIX = 'writes:';
const ALL = `${PREFIX}all` as const;

interface Entry {
  at: number;
  /** The counters the entry was read under. */
  stamp: string;
  value: ExistingRecords[ExistingKind];
}

const caches = new WeakMap<Site, Map<string, Entry>>();

function cacheOf(site: Site): Map<string, Entry> {
  let c = caches.get(site);
  if (!c) {
    c = new Map();
    caches.set(site, c);
  }
  return c;
}

/**
 * The views of `kinds`, read through the driver only for kinds not cached, too old, or written since.
 * `counters`: the site's counters as read at the start of the request (read here when not given).
 */
export async function existingFor(
  site: Site,
  driver: SeederDriver,
  kinds: readonly ExistingKind[],
  { now = Date.now(), counters }: { now?: number; counters?: CounterValues } = {},
): Promise<Partial<ExistingRecords>> {
  const cache = cacheOf(site);
  counters ??= await site.versions(PREFIX);
  const stamp = (kind: ExistingKind) =>
    [ALL, `${PREFIX}${EXISTING_KINDS[kind]}`, ...(ALSO_CHANGED_BY[kind] ?? []).map((r) => `${PREFIX}${r}`)].map((k) => counters.get(k) ?? 0).join(':');
  const out: Partial<Record<ExistingKind, unknown>> = {};
  const missing: ExistingKind[] = [];
  for (const kind of kinds) {
    const hit = cache.get(`${driver.id}:${kind}`);
    if (hit && now - hit.at < MAX_AGE_MS && hit.stamp === stamp(kind)) out[kind] = hit.value;
    else missing.push(kind);
  }
  if (missing.length > 0) {
    const read = await driver.existing(missing, site, site.db);
    for (const kind of missing) {
      const value = read[kind] ?? [];
      out[kind] = value;
      cache.set(`${driver.id}:${kind}`, { at: now, stamp: stamp(kind), value });
    }
  }
  return out as Partial<ExistingRecords>;
}

/**
 * Says the Seeder wrote (`resource`) or removed (`'all'`: a deletion can take children and links with
 * it) records on the site. Call it after the write commits and before answering: every process drops
 * the views it makes at its next read. The write stands whatever happens here, so a failure to bump
 * is a warning (other processes then see the write within MAX_AGE_MS), never the writer's error.
 */
export async function noteWrites(site: Site, resource: ResourceName | 'all'): Promise<void> {
  try {
    await site.changed(`${PREFIX}${resource}`);
  } catch (e) {
    process.emitWarning(`Site "${site.id}": could not record a write for other processes (${(e as Error)?.message ?? String(e)}); they see it within ${MAX_AGE_MS / 1000} s.`);
  }
}
