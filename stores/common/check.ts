/**
 * Field checks for one input item. Each method reads one value, records an issue (field, rule,
 * message) when it is refused and returns the normalized value (or null). A repository runs every
 * check on every item before it writes anything, so one error lists every offending field.
 */
import type { ValidationIssue } from './errors.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * Lower-case letters of any script, digits and dashes: a slug keeps the letters of scripts without case
 * (家居, キッチン) as WordPress does, so a store seeded in Japanese or Arabic holds its own words; upper case is refused.
 */
const SLUG = /^[\p{Ll}\p{Lo}\p{Lm}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{N}]+)*$/u;
const COUNTRY = { pattern: /^[A-Z]{2}$/, patternText: 'a two-letter country code in capitals' };
const COUNTRY_OPTIONAL = { ...COUNTRY, optional: true };
const EMAIL_TEXT = { max: 191 };
const EMAIL_TEXT_OPTIONAL = { max: 191, optional: true };
const CURRENCY = { pattern: /^[A-Z]{3}$/, patternText: 'a three-letter currency code in capitals' };
/** A record id's bounds (an unsigned 32-bit column). */
const ID_MAX = 4294967295;
/** The decimal pattern per number of places, built once (the checks run for every field of every item). */
const DECIMALS = new Map<number, RegExp>();
function decimalPattern(places: number): RegExp {
  let re = DECIMALS.get(places);
  if (!re) DECIMALS.set(places, (re = new RegExp(`^\\d{1,13}(\\.\\d{1,${places}})?$`)));
  return re;
}

interface Opt {
  /** Absent (undefined, null or '') is accepted and gives null. */
  optional?: boolean;
}

export class Check {
  readonly index: number;
  readonly issues: ValidationIssue[];

  constructor(index: number, issues: ValidationIssue[]) {
    this.index = index;
    this.issues = issues;
  }

  fail(field: string, rule: string, message: string): void {
    this.issues.push({ index: this.index, field, rule, message });
  }

  /** Whether any issue was recorded for this item so far. */
  get failed(): boolean {
    return this.issues.some((i) => i.index === this.index);
  }

  /** The item must be a plain object holding only the given keys (rule `unknown_field`). */
  object(path: string, value: unknown, keys: Readonly<Record<string, 1>>): Record<string, unknown> | null {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.fail(path || '(item)', 'type', 'must be an object');
      return null;
    }
    for (const k of Object.keys(value)) {
      if (!(k in keys)) this.fail(join(path, k), 'unknown_field', `is not a field this store knows`);
    }
    return value as Record<string, unknown>;
  }

  #absent(field: string, value: unknown, opt: Opt | undefined): boolean {
    if (value === undefined || value === null || value === '') {
      if (!opt?.optional) this.fail(field, 'required', 'is required');
      return true;
    }
    return false;
  }

  text(field: string, value: unknown, opt?: Opt & { max?: number; pattern?: RegExp; patternText?: string }): string | null {
    if (this.#absent(field, value, opt)) return null;
    if (typeof value !== 'string') return this.#type(field, 'a string');
    const s = value.trim();
    if (s === '') {
      if (!opt?.optional) this.fail(field, 'required', 'is required');
      return null;
    }
    const max = opt?.max ?? 191;
    if (s.length > max) {
      this.fail(field, 'max_length', `must be at most ${max} characters`);
      return null;
    }
    if (opt?.pattern && !opt.pattern.test(s)) {
      this.fail(field, 'format', `must be ${opt.patternText ?? `in the form ${opt.pattern.source}`}`);
      return null;
    }
    return s;
  }

  /** Free text of any length (descriptions); empty string allowed. */
  longText(field: string, value: unknown): string {
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') {
      this.#type(field, 'a string');
      return '';
    }
    return value;
  }

  slug(field: string, value: unknown, fallbackFrom: string | null): string | null {
    if (value === undefined || value === null || value === '') return fallbackFrom === null ? null : slugify(fallbackFrom);
    return this.text(field, value, { max: 191, pattern: SLUG, patternText: 'lowercase letters, digits and dashes' });
  }

  /** An email address, lowercased (uniqueness is case-insensitive on both databases). */
  email(field: string, value: unknown, opt?: Opt): string | null {
    const s = this.text(field, value, opt?.optional ? EMAIL_TEXT_OPTIONAL : EMAIL_TEXT);
    if (s === null) return null;
    if (!EMAIL.test(s)) {
      this.fail(field, 'email', 'must be an email address');
      return null;
    }
    return s.toLowerCase();
  }

  /** Two-letter ISO 3166-1 country code in capitals. */
  country(field: string, value: unknown, opt?: Opt): string | null {
    return this.text(field, value, opt?.optional ? COUNTRY_OPTIONAL : COUNTRY);
  }

  /** Three-letter ISO 4217 currency code in capitals. */
  currency(field: string, value: unknown, fallback: string): string {
    if (value === undefined || value === null || value === '') return fallback;
    return this.text(field, value, CURRENCY) ?? fallback;
  }

  int(field: string, value: unknown, opt?: Opt & { min?: number; max?: number }): number | null {
    if (this.#absent(field, value, opt)) return null;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return this.#type(field, 'an integer');
    if (opt?.min !== undefined && value < opt.min) {
      this.fail(field, 'min', `must be at least ${opt.min}`);
      return null;
    }
    if (opt?.max !== undefined && value > opt.max) {
      this.fail(field, 'max', `must be at most ${opt.max}`);
      return null;
    }
    return value;
  }

  /** A record id: a positive integer. */
  id(field: string, value: unknown, opt?: Opt): number | null {
    // The common case first, without the option object int() would need.
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= ID_MAX) return value;
    return this.int(field, value, { optional: opt?.optional, min: 1, max: ID_MAX });
  }

  /** A list of distinct record ids (duplicates are dropped). */
  ids(field: string, value: unknown): number[] {
    const list = this.list(field, value, (v, p) => this.id(p, v));
    return [...new Set(list.filter((v): v is number => v !== null))];
  }

  /** Integer minor units (cents), at least `min` (0 by default). */
  cents(field: string, value: unknown, opt?: Opt & { min?: number }): number | null {
    if (this.#absent(field, value, opt)) return null;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return this.#type(field, 'an integer amount in cents');
    const min = opt?.min ?? 0;
    if (value < min) {
      this.fail(field, 'min', `must be at least ${min}`);
      return null;
    }
    return value;
  }

  /**
   * A non-negative decimal string with at most `places` decimals (`"12.5"`, `"12.50"`, `"12"`), normalized
   * to exactly `places` decimals (`"12.50"`). Emporium's money and both stores' tax rates use it.
   */
  decimal(field: string, value: unknown, opt?: Opt & { places?: number; max?: number }): string | null {
    if (this.#absent(field, value, opt)) return null;
    const places = opt?.places ?? 2;
    if (typeof value !== 'string' || !decimalPattern(places).test(value.trim())) {
      this.fail(field, 'decimal', `must be a decimal string with at most ${places} decimals, like "12.50"`);
      return null;
    }
    const normalized = normalizeDecimal(value.trim(), places);
    if (opt?.max !== undefined && Number(normalized) > opt.max) {
      this.fail(field, 'max', `must be at most ${opt.max}`);
      return null;
    }
    return normalized;
  }

  bool(field: string, value: unknown, fallback: boolean): boolean {
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'boolean') {
      this.#type(field, 'true or false');
      return fallback;
    }
    return value;
  }

  oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[], fallback?: T): T | null {
    if (value === undefined || value === null || value === '') {
      if (fallback !== undefined) return fallback;
      this.fail(field, 'required', 'is required');
      return null;
    }
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
      this.fail(field, 'enum', `must be one of ${allowed.join(', ')}`);
      return null;
    }
    return value as T;
  }

  /** An ISO 8601 UTC timestamp `YYYY-MM-DDTHH:mm:ss.sssZ` (what `Date#toISOString` gives). */
  datetime(field: string, value: unknown, opt?: Opt): string | null {
    if (this.#absent(field, value, opt)) return null;
    const time = typeof value === 'string' && ISO_UTC.test(value) ? Date.parse(value) : NaN;
    if (Number.isNaN(time)) {
      this.fail(field, 'datetime', 'must be an ISO 8601 UTC timestamp like 2024-05-01T12:00:00.000Z');
      return null;
    }
    if (new Date(time).toISOString() !== value) {
      this.fail(field, 'datetime', 'is not a real date');
      return null;
    }
    return value;
  }

  list<T>(field: string, value: unknown, each: (item: unknown, path: string, position: number) => T, opt?: { max?: number }): T[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.#type(field, 'a list');
      return [];
    }
    const max = opt?.max ?? 1000;
    if (value.length > max) {
      this.fail(field, 'max_items', `must have at most ${max} items`);
      return [];
    }
    return value.map((v, i) => each(v, `${field}[${i}]`, i));
  }

  /** Any JSON-serializable object (stored as text). */
  json(field: string, value: unknown): Record<string, unknown> {
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.#type(field, 'an object');
      return {};
    }
    try {
      JSON.stringify(value);
    } catch {
      this.#type(field, 'JSON-serializable');
      return {};
    }
    return value as Record<string, unknown>;
  }

  #type(field: string, what: string): null {
    this.fail(field, 'type', `must be ${what}`);
    return null;
  }
}

/** Joins a field path: `join('line_items[0]', 'quantity')` is `line_items[0].quantity`. */
export function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** A URL-safe slug from a name, as the platforms derive one when none is given. */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 180);
  return s || 'item';
}

/** The keys an input type may hold, checked for completeness by the compiler. */
export function fieldsOf<T>(): (keys: { readonly [K in keyof Required<T>]: 1 }) => Readonly<Record<string, 1>> {
  return (keys) => Object.freeze({ ...keys });
}

/** `"12.5"` with 2 places is `"12.50"`; leading zeros dropped. */
export function normalizeDecimal(s: string, places: number): string {
  // Already canonical (the usual case: "12.50" with two places), returned as it is.
  const dot = s.indexOf('.');
  if (places > 0 && dot > 0 && dot === s.length - 1 - places && (dot === 1 || s.charCodeAt(0) !== 48)) return s;
  const [whole, frac = ''] = s.split('.');
  const w = whole.replace(/^0+(?=\d)/, '');
  return places === 0 ? w : `${w}.${frac.padEnd(places, '0')}`;
}

/** Exact integer minor units of a two-place decimal string: `"12.50"` is 1250. */
export function decimalToCents(s: string): number {
  // As `whole * 100 + the first two decimals`, without splitting into arrays (it runs for every amount).
  const dot = s.indexOf('.');
  if (dot === -1) return Number(s) * 100;
  const frac = s.length - dot - 1;
  const cents = frac === 0 ? 0 : frac === 1 ? Number(s.slice(dot + 1)) * 10 : Number(s.slice(dot + 1, dot + 3));
  return Number(s.slice(0, dot)) * 100 + cents;
}

/** A two-place decimal string from integer minor units: 1250 is `"12.50"`. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}
