/** Addresses between the canonical shape and emporium's (WooCommerce's field names). */
import type { Address } from '../../plugin-api.ts';
import type { Address as EmporiumAddress, AddressRecord } from '../../stores/emporium/index.ts';

/** A canonical address as emporium's; `email` goes on billing addresses. */
export function toEmporiumAddress(a: Address, email?: string): EmporiumAddress {
  const out: EmporiumAddress = {
    first_name: a.first_name,
    last_name: a.last_name,
    company: a.company ?? '',
    address_1: a.line1,
    address_2: a.line2 ?? '',
    city: a.city,
    state: a.region,
    postcode: a.postcode,
    country: a.country,
    phone: a.phone,
  };
  if (email) out.email = email;
  return out;
}

/** A stored address as a canonical one; null when it is not a postal address (no street or no country). */
export function fromEmporiumAddress(r: AddressRecord | null): Address | null {
  if (!r || !r.address_1 || !r.country) return null;
  return {
    first_name: r.first_name,
    last_name: r.last_name,
    company: r.company || null,
    line1: r.address_1,
    line2: r.address_2 || null,
    city: r.city,
    region: r.state,
    postcode: r.postcode,
    country: r.country,
    phone: r.phone,
  };
}
