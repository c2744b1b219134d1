/** Cartwheel's address: one `name` line rather than first/last, as Fluent Cart's address rows. */
import { Check, fieldsOf, join } from '../common/check.ts';
import { bool, str } from '../common/reads.ts';

export const ADDRESS_TYPES = ['billing', 'shipping'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export interface AddressInput {
  type: AddressType;
  name?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  /** Two-letter ISO code in capitals. */
  country: string;
  phone?: string;
  email?: string;
  /** The customer's main address of its type (customer addresses only). */
  is_primary?: boolean;
}

export interface AddressRecord {
  type: AddressType;
  name: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  email: string;
  is_primary: boolean;
}

const FIELDS = fieldsOf<AddressInput>()({
  type: 1, name: 1, address_1: 1, address_2: 1, city: 1, state: 1, postcode: 1, country: 1, phone: 1, email: 1, is_primary: 1,
});
const TEXT = ['name', 'address_1', 'address_2', 'city', 'state', 'postcode', 'phone'] as const;

export function checkAddress(c: Check, path: string, value: unknown): AddressRecord {
  const o = c.object(path, value, FIELDS) ?? {};
  const out: Record<string, unknown> = { type: c.oneOf(join(path, 'type'), o.type, ADDRESS_TYPES) ?? 'billing' };
  for (const k of TEXT) out[k] = c.text(join(path, k), o[k], { optional: true }) ?? '';
  out.country = c.country(join(path, 'country'), o.country) ?? '';
  out.email = c.email(join(path, 'email'), o.email, { optional: true }) ?? '';
  out.is_primary = c.bool(join(path, 'is_primary'), o.is_primary, false);
  return out as unknown as AddressRecord;
}

export function addressOf(r: Record<string, unknown>): AddressRecord {
  return {
    type: str(r.type) as AddressType,
    name: str(r.name),
    address_1: str(r.address_1),
    address_2: str(r.address_2),
    city: str(r.city),
    state: str(r.state),
    postcode: str(r.postcode),
    country: str(r.country),
    phone: str(r.phone),
    email: str(r.email),
    is_primary: r.is_primary === undefined ? false : bool(r.is_primary),
  };
}
