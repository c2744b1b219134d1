/** Small conversions between canonical values and cartwheel's: timestamps, ids, percentages, addresses. */
import type { Address, Ref, Site } from '../../plugin-api.ts';
import { formatMajor, refId } from '../../plugin-api.ts';
import type { AddressInput, AddressRecord, CartwheelStore } from '../../stores/cartwheel/index.ts';
import { CARTWHEEL } from '../../stores/cartwheel/service.ts';
import type { CartwheelProStore } from '../../stores/cartwheel-pro/index.ts';
import { CARTWHEEL_PRO } from '../../stores/cartwheel-pro/service.ts';

export function storeOf(site: Site): CartwheelStore {
  const store = site.services.get(CARTWHEEL);
  if (!store) throw new Error('Cartwheel is not active on this site.');
  return store;
}

export function proOf(site: Site): CartwheelProStore {
  const pro = site.services.get(CARTWHEEL_PRO);
  if (!pro) throw new Error('Licences on Cartwheel need the Cartwheel Pro plugin (cartwheel-pro); activate it on this site to generate them.');
  return pro;
}

/** Canonical `2026-03-14T09:26:53Z` to cartwheel's `2026-03-14T09:26:53.000Z`. */
export function storeTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? new Date(t).toISOString() : iso;
}

export function storeTimeOrNull(iso: string | null | undefined): string | null {
  return iso === null || iso === undefined ? null : storeTime(iso);
}

/** Cartwheel's `2026-03-14T09:26:53.000Z` back to the canonical `2026-03-14T09:26:53Z`. */
export function canonicalTime(stored: string): string {
  return stored.replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A cartwheel id from a canonical reference (an existing id or a key written earlier in the request).
 * An id that is not a store id stays NaN, which the store refuses naming the field.
 */
export function idOf(ref: Ref, resolved: ReadonlyMap<string, string>): number {
  const id = refId(ref, resolved);
  return /^\d+$/.test(id) ? Number(id) : Number.NaN;
}

export function idOrNull(ref: Ref | null | undefined, resolved: ReadonlyMap<string, string>): number | null {
  return ref ? idOf(ref, resolved) : null;
}

/** A percentage as cartwheel's four-place decimal string: 20 -> "20.0000", 8.875 -> "8.8750". */
export function percentString(percent: number): string {
  return (Math.round(percent * 10_000) / 10_000).toFixed(4);
}

export function money(amountMinor: number, currency: string): string {
  return `${formatMajor(amountMinor, currency)} ${currency}`;
}

/** A canonical address as a cartwheel address row (one `name` line; the company has no column). */
export function addressInput(type: 'billing' | 'shipping', a: Address, email: string | null, primary?: boolean): AddressInput {
  return {
    type,
    name: `${a.first_name} ${a.last_name}`.trim(),
    address_1: a.line1,
    address_2: a.line2 ?? '',
    city: a.city,
    state: a.region,
    postcode: a.postcode,
    country: a.country,
    phone: a.phone,
    ...(email ? { email } : {}),
    ...(primary === undefined ? {} : { is_primary: primary }),
  };
}

/** A cartwheel address back as a canonical one; the name line is split where the person's names are known. */
export function canonicalAddress(r: AddressRecord, first: string, last: string): Address {
  let first_name = first;
  let last_name = last;
  if (r.name !== `${first} ${last}`.trim()) {
    const space = r.name.indexOf(' ');
    first_name = space < 0 ? r.name : r.name.slice(0, space);
    last_name = space < 0 ? '' : r.name.slice(space + 1);
  }
  return {
    first_name,
    last_name,
    company: null,
    line1: r.address_1,
    line2: r.address_2 === '' ? null : r.address_2,
    city: r.city,
    region: r.state,
    postcode: r.postcode,
    country: r.country,
    phone: r.phone,
  };
}
