/**
 * `GET generated/records`: the records the Seeder generated, page by page from the ledger (filtered by
 * run, resource or store, as `GET generated` is), each with its key fields as the store holds them now,
 * read through the store's driver (`read`), and a link to the store's own screen for it (`admin_url`,
 * from the driver's `adminUrl`). A record the store no longer has comes with `fields: null`. Its amounts of money
 * (`money`, from the driver's `readMoney`) come in minor units with their currency, and the row names the locale
 * its run was made in (`locale`), so a screen writes them as that locale does ("80,20 €").
 */
import type { RecordMoney, SeederDriver } from '../drivers/contract.ts';
import { siteDrivers } from '../drivers/registry.ts';
import type { ResourceName } from '../generators/resources.ts';
import { keysetPage, type Page } from '../panel/api/pagination.ts';
import type { Site } from '../panel/site.ts';
import { assertCanUseSeeder } from './access.ts';
import { hookNames, seederHooks } from './hooks.ts';
import { CLEANUP_PARAMETERS, parseLedgerFilter } from './cleanup.ts';
import { checkInput, inputSchema } from './input.ts';
import { applyFilter, LEDGER_TABLE, toLedgerRow, type LedgerRow } from './ledger.ts';
import type { SeederRequest } from './request.ts';
import { runOrigins } from './run-origins.ts';

export const RECORDS_QUERY = inputSchema('records', {
  ...Object.fromEntries(
    CLEANUP_PARAMETERS.filter((p) => p.name === 'resource' || p.name === 'platform' || p.name === 'run_id').map((p) => [p.name, { ...p.schema, description: p.description }]),
  ),
  limit: { type: 'integer', minimum: 1, maximum: 50, default: 20, description: 'Records per page.' },
  cursor: { type: 'string', description: 'The next_cursor of the previous page.' },
});

interface RecordsQuery {
  resource?: string;
  platform?: string;
  run_id?: string;
  limit: number;
  cursor?: string;
}

/** A ledger row with the record as the store holds it. */
export interface GeneratedRecord extends LedgerRow {
  /** The record's key fields as the store holds them now; null when the store no longer has it or cannot read it back. */
  fields: Record<string, unknown> | null;
  /** A path in the store's own admin screens for the record; null when the store declares none. */
  admin_url: string | null;
  /** The amounts of money among `fields`, by field: minor units and currency (empty when the store says none). */
  money: Record<string, RecordMoney>;
  /** The locale the record's run was made in; null when not known (runs made before it was kept). */
  locale: string | null;
}

/**
 * Where the store's own screens show a record: the driver's `adminUrl` (null when it declares none),
 * through `seeder_platform_admin_url_<id>`.
 */
export function recordAdminUrl(site: Site, driver: SeederDriver | undefined, resource: ResourceName, recordId: string): string | null {
  if (!driver) return null;
  let url: unknown = driver.adminUrl?.(resource, recordId, site) ?? null;
  let hook: ReturnType<typeof hookNames.platformAdminUrl> | undefined;
  try {
    hook = hookNames.platformAdminUrl(driver.id);
  } catch {
    // An id that makes no hook name segment (it starts with a digit) has no per-platform hooks.
  }
  if (hook) url = seederHooks(site).applyFilters(hook, url as string | null, { platform: driver.id, resource, record_id: recordId });
  // Only a path on the panel's own origin: a driver cannot send the operator elsewhere.
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

/** The fields people recognise a record by, first; then the rest of its plain values, up to eight in all. */
const FIRST = ['name', 'title', 'code', 'email', 'first_name', 'last_name', 'sku', 'status', 'type', 'currency'];
const MAX_FIELDS = 8;

function keyFields(record: Record<string, unknown>): Record<string, unknown> {
  const plain = Object.entries(record).filter(([k, v]) => k !== 'id' && (v === null || ['string', 'number', 'boolean'].includes(typeof v)));
  plain.sort(([a], [b]) => rank(a) - rank(b));
  const out: Record<string, unknown> = {};
  for (const [k, v] of plain.slice(0, MAX_FIELDS)) out[k] = typeof v === 'string' && v.length > 200 ? `${v.slice(0, 199)}…` : v;
  // Money needs its currency to be read: keep it when an amount is shown.
  if (!('currency' in out) && typeof record.currency === 'string' && Object.keys(out).some((k) => /price|total|amount|cost/.test(k))) out.currency = record.currency;
  return out;
}

function rank(key: string): number {
  const i = FIRST.indexOf(key);
  if (i >= 0) return i;
  if (/total|price|amount/.test(key)) return FIRST.length;
  if (/_at$|date/.test(key)) return FIRST.length + 2;
  return FIRST.length + 1;
}

export async function generatedRecords(req: SeederRequest, input: unknown): Promise<Page<GeneratedRecord>> {
  const { site } = req;
  await assertCanUseSeeder(site, req.actor);
  const q = checkInput<RecordsQuery>(RECORDS_QUERY, input, { text: true });
  const filter = await parseLedgerFilter(site, q);
  const page = await keysetPage(`seeder_ledger_records:${site.id}`, applyFilter(site.db(LEDGER_TABLE), filter).select('*'), { limit: q.limit, cursor: q.cursor }, toLedgerRow);
  const drivers = new Map(siteDrivers(site).map((d) => [d.id, d]));
  // One read per store and resource on the page.
  const groups = new Map<string, LedgerRow[]>();
  for (const row of page.data) {
    const key = `${row.platform}\u0000${row.resource}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(row);
  }
  const held = new Map<string, Map<string, Record<string, unknown>>>();
  const amounts = new Map<string, Map<string, Record<string, RecordMoney>>>();
  for (const [key, rows] of groups) {
    const driver = drivers.get(rows[0]!.platform);
    const resource = rows[0]!.resource as ResourceName;
    const active = driver !== undefined && driver.isActive(site);
    const records: Map<string, Record<string, unknown>> = active && driver.read ? await driver.read(resource, rows.map((r) => r.record_id), site) : new Map();
    held.set(key, records);
    amounts.set(key, active && driver.readMoney && records.size > 0 ? await driver.readMoney(resource, records, site) : new Map());
  }
  const origins = await runOrigins(site.db, [...new Set(page.data.flatMap((r) => (r.run_id === null ? [] : [r.run_id])))]);
  return {
    ...page,
    data: page.data.map((row) => {
      const key = `${row.platform}\u0000${row.resource}`;
      const record = held.get(key)?.get(row.record_id);
      const fields = record ? keyFields(record) : null;
      const money = amounts.get(key)?.get(row.record_id) ?? {};
      return {
        ...row,
        fields,
        admin_url: record ? recordAdminUrl(site, drivers.get(row.platform), row.resource as ResourceName, row.record_id) : null,
        money: fields ? Object.fromEntries(Object.entries(money).filter(([field]) => field in fields)) : {},
        locale: (row.run_id === null ? undefined : origins.get(row.run_id))?.locale ?? null,
      };
    }),
  };
}
