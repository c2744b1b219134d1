/**
 * Instants between the canonical form (`2026-03-14T09:26:53Z`, whole seconds) and the stores' form
 * (`2026-03-14T09:26:53.000Z`, what `Date#toISOString` gives).
 */

/** A canonical instant as the stores write it. */
export function toStoreInstant(canonical: string): string {
  return new Date(canonical).toISOString();
}

/** A canonical instant, or null. */
export function toStoreInstantOrNull(canonical: string | null | undefined): string | null {
  return canonical ? toStoreInstant(canonical) : null;
}

/** A stored instant in the canonical form (milliseconds dropped, as generators never make them). */
export function toCanonicalInstant(stored: string): string {
  const t = Date.parse(stored);
  return Number.isFinite(t) ? new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z') : stored;
}

/** `canonical` moved by `ms` milliseconds, in the stores' form. */
export function storeInstantPlus(canonical: string, ms: number): string {
  return new Date(Date.parse(canonical) + ms).toISOString();
}
