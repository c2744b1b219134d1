/**
 * Names that must be unique in a store (brands, classes, attributes, tags, labels), drawn from finite
 * word lists. A list alone runs out after a few dozen records, so a sequence goes on to combinations of
 * the list's own words, tier after tier ("Oakridge", then "Oakridge & Juniper", then "Oakridge &
 * Juniper Studio"...), which keeps a fresh seed clear of earlier names for tens of thousands of records
 * while the names stay the vocabulary's. Lists run in the order the generator gives them (its seeded
 * shuffle), so the first names are what they always were; combinations run in an order drawn from the seed.
 * Past the last tier the sequence starts again with a number ("Oakridge 2"). A generator pairs this
 * with `freePositions`, which skips the names the store already has.
 */
import type { Rng } from '../random/prng.ts';

/** One tier: `size` names, the i-th built by `at(i)`. */
export interface Tier<T> {
  readonly size: number;
  at(i: number): T;
  /** Run in the given order rather than a seeded one: a list the generator has already shuffled. */
  readonly inOrder?: boolean;
}

export function tier<T>(size: number, at: (i: number) => T): Tier<T> {
  return { size: Math.max(0, size), at };
}

/** The items of a list, in its order (the generator shuffles it with the seed, as it always did). */
export function list<T>(items: readonly T[]): Tier<T> {
  return { ...tier(items.length, (i) => items[i]!), inOrder: true };
}

/** A tier whose names are `f` of another's, in the same order. */
export function mapped<T, U>(t: Tier<T>, f: (value: T) => U): Tier<U> {
  return { ...tier(t.size, (i) => f(t.at(i))), inOrder: t.inOrder };
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * A bijection of [0, size) drawn from `rng`: i -> (a·i + b) mod size with a coprime to size. Cheap and
 * stateless, so a tier of a hundred thousand names costs nothing until a name is asked for. `a` stays
 * below 2^20 so a·i stays an exact integer for any tier a vocabulary can make.
 */
function scatter(rng: Rng, size: number): (i: number) => number {
  if (size <= 1) return (i) => i;
  let a = rng.int(1, Math.min(size - 1, 2 ** 20));
  while (gcd(a, size) !== 1) a = a >= Math.min(size - 1, 2 ** 20) ? 1 : a + 1;
  const b = rng.int(0, size - 1);
  return (i) => (a * i + b) % size;
}

/**
 * The sequence of `tiers`: position p is in the first tier while p < its size, then the next... Tiers
 * of combinations run in an order drawn from `rng`. Past the end, cycle k (k ≥ 1) renames the names of
 * the tiers with `numbered(name, k + 1)`.
 */
export function nameSequence<T>(rng: Rng, tiers: readonly Tier<T>[], numbered: (value: T, n: number) => T): (position: number) => T {
  const live = tiers.filter((t) => t.size > 0);
  const orders = live.map((t) => (t.inOrder ? (i: number) => i : scatter(rng, t.size)));
  const total = live.reduce((n, t) => n + t.size, 0);
  if (total === 0) throw new RangeError('nameSequence() of empty tiers');
  return (position) => {
    const cycle = Math.floor(position / total);
    let rest = position % total;
    let k = 0;
    while (rest >= live[k]!.size) rest -= live[k++]!.size;
    const value = live[k]!.at(orders[k]!(rest));
    return cycle === 0 ? value : numbered(value, cycle + 1);
  };
}

/** Two different items, each pair once whatever the order ("Bulky & Fragile", never also "Fragile & Bulky"). */
export function pairs<T>(items: readonly T[]): Tier<[T, T]> {
  const n = items.length;
  return tier((n * (n - 1)) / 2, (q) => {
    let i = 0;
    while (q >= n - 1 - i) q -= n - 1 - i++;
    return [items[i]!, items[i + 1 + q]!];
  });
}

/** Three different items, each set once, in list order. */
export function triples<T>(items: readonly T[]): Tier<[T, T, T]> {
  const n = items.length;
  return tier((n * (n - 1) * (n - 2)) / 6, (q) => {
    let i = 0;
    // The sets whose first item is i are the pairs of the items after it.
    const startingAt = (k: number) => ((n - 1 - k) * (n - 2 - k)) / 2;
    while (q >= startingAt(i)) {
      q -= startingAt(i);
      i++;
    }
    const [b, c] = pairs(items.slice(i + 1)).at(q);
    return [items[i]!, b, c];
  });
}

/** Every pairing of a name of `a` with a name of `b`: |a|·|b| of them. */
export function crossed<A, B>(a: Tier<A>, b: Tier<B>): Tier<[A, B]> {
  return tier(a.size * b.size, (q) => [a.at(Math.floor(q / b.size)), b.at(q % b.size)]);
}

/** Joins two or three words with "&": "A & B", "A, B & C". */
export function joined(words: readonly string[]): string {
  return words.length <= 2 ? words.join(' & ') : `${words.slice(0, -1).join(', ')} & ${words[words.length - 1]}`;
}

/** A name narrowed by a qualifier: "Fragile – Candles". */
export function qualified(name: string, qualifier: string): string {
  return `${name} – ${qualifier}`;
}

/** Names without "&" (which read badly joined again: "Harbor & Co & Juniper"). */
export function joinable(names: readonly string[]): string[] {
  return names.filter((n) => !n.includes('&'));
}

/**
 * The tiers of a word list narrowed by topics, in order: the words, pairs of them, each word for a
 * topic ("Fragile – Candles"), each pair for a topic ("Bulky & Fragile – Candles").
 */
export function wordsForTopics(words: readonly string[], topics: readonly string[]): Tier<string>[] {
  const duos = mapped(pairs(joinable(words)), joined);
  return [
    list(words),
    duos,
    mapped(crossed(list(words), list(topics)), ([word, topic]) => qualified(word, topic)),
    mapped(crossed(duos, list(topics)), ([two, topic]) => qualified(two, topic)),
  ];
}
