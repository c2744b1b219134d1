/** Emporium's billing/shipping address, kept in its own rows (`emp_customer_addresses`, `emp_order_addresses`) as WooCommerce's HPOS does. */
import { Check, fieldsOf, join } from '../common/check.ts';
import type { Row } from '../common/insert.ts';
import { str } from '../common/reads.ts';

export interface Address {
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  /** Two-letter ISO code in capitals. */
  country?: string;
  email?: string;
  phone?: string;
}

/** A stored address: every field present, empty when unknown. */
export type AddressRecord = Required<Address>;

export const ADDRESS_TYPES = ['billing', 'shipping'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

const FIELDS = fieldsOf<Address>()({
  first_name: 1, last_name: 1, company: 1, address_1: 1, address_2: 1, city: 1, state: 1, postcode: 1, country: 1, email: 1, phone: 1,
});
const TEXT = ['first_name', 'last_name', 'company', 'address_1', 'address_2', 'city', 'state', 'postcode', 'phone'] as const;

export const EMPTY_ADDRESS: AddressRecord = Object.freeze({
  first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: '', email: '', phone: '',
});

/** Checks an address; absent gives null (no row is written). */
export function checkAddress(c: Check, path: string, value: unknown): AddressRecord | null {
  if (value === undefined || value === null) return null;
  const o = c.object(path, value, FIELDS);
  if (!o) return null;
  const out: Record<string, string> = {};
  for (const k of TEXT) out[k] = c.text(join(path, k), o[k], { optional: true }) ?? '';
  out.country = c.country(join(path, 'country'), o.country, { optional: true }) ?? '';
  out.email = c.email(join(path, 'email'), o.email, { optional: true }) ?? '';
  return out as AddressRecord;
}

/**
 * The row of an address owned by an order or a customer. Field by field, not spread: this runs for every
 * address of every batch, and copying an object by spread costs microseconds a call on Node 20.
 */
export function addressRow(id: number, ownerColumn: 'order_id' | 'customer_id', ownerId: number, type: AddressType, a: AddressRecord): Row {
  const row: Row = { id };
  row[ownerColumn] = ownerId;
  row.address_type = type;
  row.first_name = a.first_name;
  row.last_name = a.last_name;
  row.company = a.company;
  row.address_1 = a.address_1;
  row.address_2 = a.address_2;
  row.city = a.city;
  row.state = a.state;
  row.postcode = a.postcode;
  row.country = a.country;
  row.email = a.email;
  row.phone = a.phone;
  return row;
}

export function addressOf(r: Record<string, unknown> | undefined): AddressRecord | null {
  if (!r) return null;
  const out: Record<string, string> = {};
  for (const k of Object.keys(EMPTY_ADDRESS)) out[k] = str(r[k]);
  return out as AddressRecord;
}
