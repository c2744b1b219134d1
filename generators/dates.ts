/**
 * Dates come from `date_range` and `reference_date`, never from the clock, so the same
 * parameters give the same timestamps. Times are whole seconds, written as ISO 8601 UTC.
 */
import type { Rng } from './random/prng.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface TimeWindow {
  /** Start of `date_range.start` (00:00:00 UTC). */
  readonly start: number;
  /** End of `date_range.end` (23:59:59 UTC), never after the end of the reference date. */
  readonly end: number;
  /** End of the reference date: "now" for the generated data. */
  readonly now: number;
}

function dayStart(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`);
}

export function timeWindow(dateRange: { start: string; end: string }, referenceDate: string): TimeWindow {
  const now = dayStart(referenceDate) + DAY - 1000;
  const start = dayStart(dateRange.start);
  const end = Math.min(dayStart(dateRange.end) + DAY - 1000, now);
  return { start: Math.min(start, end), end, now };
}

/** A whole second in [from, to]. */
export function instant(rng: Rng, from: number, to: number): number {
  if (to <= from) return Math.floor(from / 1000) * 1000;
  const seconds = rng.int(Math.ceil(from / 1000), Math.floor(to / 1000));
  return seconds * 1000;
}

/** `2026-03-14T09:26:53Z` */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `2026-03-14` */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar day `days` before `isoDay`. */
export function daysBefore(isoDay: string, days: number): string {
  return isoDate(dayStart(isoDay) - days * DAY);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = dayStart(value);
  return Number.isFinite(t) && isoDate(t) === value;
}
