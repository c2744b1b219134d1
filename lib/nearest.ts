/**
 * "Did you mean": the accepted name nearest to a mistyped one, for CLI flags, REST parameters and hook
 * names alike. Distance is Damerau-Levenshtein (optimal string alignment: insertions, deletions,
 * substitutions and swaps of two neighbours each cost 1), compared case-insensitively with `-` and `_`
 * the same. A name is suggested only when it is close: at most a third of the typed name's length
 * (at least 1, at most 3) edits away, so a name that is merely short is not matched to anything.
 */

function normalise(name: string): string {
  return name.toLowerCase().replace(/-/g, '_');
}

/** Edits (insert, delete, substitute, swap neighbours) between `a` and `b`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate nearest to `name`, or undefined when none is close enough (or `name` is itself a
 * candidate). Ties go to the earlier candidate; another spelling of a candidate (`Locale`, `product-type`)
 * is that candidate.
 */
export function nearest(name: string, candidates: Iterable<string>): string | undefined {
  const typed = normalise(name);
  const budget = Math.min(3, Math.max(1, Math.floor(typed.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) return undefined;
    const c = normalise(candidate);
    if (Math.abs(c.length - typed.length) > budget) continue;
    const distance = editDistance(typed, c);
    if (distance <= budget && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
