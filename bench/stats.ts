/** Small statistics for benchmark figures: median and spread over runs, percentiles of samples. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export const median = (values: readonly number[]) => percentile(values, 50);

export interface Figure {
  /** What was measured, e.g. "orders end to end (SQLite)". */
  name: string;
  unit: string;
  median: number;
  /** Lowest and highest of the runs. */
  min: number;
  max: number;
  /** (max - min) / median, in percent. */
  spread_pct: number;
  runs: number[];
  /** Optional comparison: `value` times what `to` says (e.g. "node -e 0", "Seeder order rows/s / this"). */
  ratio?: { to: string; value: number };
  goal?: { text: string; met: boolean };
}

export function figure(name: string, unit: string, runs: number[]): Figure {
  const m = median(runs);
  const min = Math.min(...runs);
  const max = Math.max(...runs);
  return { name, unit, median: m, min, max, spread_pct: m ? ((max - min) / m) * 100 : 0, runs };
}

export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = process.hrtime.bigint();
  const value = await fn();
  return [value, Number(process.hrtime.bigint() - t) / 1e6];
}
