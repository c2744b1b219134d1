/**
 * Our own seedable random stream. faker's default Mersenne Twister costs about 25 µs to reseed;
 * sfc32 reseeds in well under 1 µs, and owning the stream means a faker upgrade can only change
 * faker's word lists, never the sequence of numbers (BENCHMARKS.md).
 */

/** Two independent 32-bit hashes of a string (cyrb-style: multiply, xor-shift, final avalanche). */
export function hash64(input: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** One step of splitmix32: advances `state` and returns a well-mixed 32-bit word. */
function splitmix32(state: number): [next: number, out: number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return [next, z >>> 0];
}

/**
 * sfc32 with helpers. Implements faker's `Randomizer` contract (`next()`, `seed()`), so one
 * instance can drive faker as well as our own draws.
 */
export class Rng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed: number | readonly number[] = 0) {
    this.seed(seed);
  }

  /** Seeds the four state words through splitmix32, then discards the first outputs (warm-up). */
  seed(seed: number | readonly number[]): void {
    const words = typeof seed === 'number' ? [seed] : seed;
    let s1 = (words[0] ?? 0) | 0;
    let s2 = ((words[1] ?? 0) ^ 0x6a09e667) | 0;
    let out: number;
    [s1, out] = splitmix32(s1);
    this.a = out;
    [s1, out] = splitmix32(s1);
    this.b = out;
    [s2, out] = splitmix32(s2);
    this.c = out;
    [s2, out] = splitmix32(s2);
    this.d = out;
    for (let i = 2; i < words.length; i++) this.d = (this.d ^ Math.imul(words[i]! | 0, 0x27d4eb2d)) | 0;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t0 = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const t = (t0 + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (max <= min) return min;
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with the given probability in percent (0 never, 100 always). */
  chance(percent: number): boolean {
    if (percent <= 0) return false;
    if (percent >= 100) return true;
    return this.next() * 100 < percent;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight; entries with weight 0 are never picked. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += Math.max(0, w);
    if (total <= 0) return this.pick(entries)[0];
    let r = this.next() * total;
    for (const [value, w] of entries) {
      if (w <= 0) continue;
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** `k` distinct items, in the order they were drawn. */
  sample<T>(items: readonly T[], k: number): T[] {
    const pool = items.slice();
    const n = Math.min(Math.max(0, k), pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      const tmp = pool[i]!;
      pool[i] = pool[j]!;
      pool[j] = tmp;
    }
    return pool.slice(0, n);
  }

  shuffle<T>(items: readonly T[]): T[] {
    return this.sample(items, items.length);
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(length: number, alphabet: string): string {
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
}

/**
 * Seeds per row from (seed, resource, row index): the hash of (seed, resource) is computed once
 * per batch, the row index is mixed in per row. Row i therefore never depends on the count, on
 * other rows, or on the process.
 */
export class RowSeeder {
  private readonly h1: number;
  private readonly h2: number;

  constructor(seed: string, stream: string) {
    [this.h1, this.h2] = hash64(`${seed}\u0000${stream}`);
  }

  /** A fresh generator for row `index`. */
  rng(index: number): Rng {
    return new Rng(this.words(index));
  }

  /** Reseeds `target` for row `index` without allocating. */
  reseed(target: Rng, index: number): Rng {
    target.seed(this.words(index));
    return target;
  }

  /** A 32-bit value fixed for the whole batch (same for every row), e.g. for unique suffixes. */
  batchWord(): number {
    return this.h1 ^ Math.imul(this.h2, 0x2545f491);
  }

  private words(index: number): [number, number] {
    const i = index | 0;
    return [this.h1 ^ Math.imul(i + 1, 0x9e3779b1), (this.h2 + Math.imul(i, 0x85ebca77)) | 0];
  }
}
