/**
 * A small subset of npm's version ranges, enough for a plugin to say which host and plugin versions it
 * needs (`requiresVersions`): comparators `>=1.2`, `>1`, `<=0.3.1`, `<2`, `=1.2.3` or a bare version,
 * caret `^0.1` and tilde `~1.2`, wildcards `1.x` and `*`, joined by spaces (all must hold) and `||`
 * (any alternative may). A pre-release tag is accepted and ignored (`1.2.0-beta` counts as `1.2.0`).
 */

type Triple = [number, number, number];

const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-[0-9A-Za-z.-]+)?$/;

interface Partial3 {
  parts: Array<number | undefined>;
}

function parsePartial(text: string): Partial3 | undefined {
  const m = PARTIAL.exec(text);
  if (!m) return undefined;
  const parts = [m[1], m[2], m[3]].map((p) => (p === undefined || /^[xX*]$/.test(p) ? undefined : Number(p)));
  // Nothing may follow a wildcard: `1.x.3` is not a range.
  if (parts.some((p, i) => p !== undefined && parts.slice(0, i).some((q) => q === undefined))) return undefined;
  return { parts };
}

function cmp(a: Triple, b: Triple): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

const fill = (p: Partial3): Triple => [p.parts[0] ?? 0, p.parts[1] ?? 0, p.parts[2] ?? 0];

/** The lowest version a partial excludes from above when it is the upper end of `^`, `~` or a wildcard. */
function nextUp(p: Partial3, kind: 'caret' | 'tilde' | 'wild'): Triple | undefined {
  const [a, b, c] = p.parts;
  if (a === undefined) return undefined;
  if (kind === 'wild') return b === undefined ? [a + 1, 0, 0] : c === undefined ? [a, b + 1, 0] : undefined;
  if (kind === 'tilde') return b === undefined ? [a + 1, 0, 0] : [a, b + 1, 0];
  if (a > 0 || b === undefined) return [a + 1, 0, 0];
  if (b > 0 || c === undefined) return [0, b + 1, 0];
  return [0, 0, c + 1];
}

type Test = (v: Triple) => boolean;

function comparator(token: string): Test | undefined {
  const m = /^(>=|<=|>|<|=|\^|~)?(.+)$/.exec(token);
  if (!m) return undefined;
  const op = m[1] ?? '';
  const p = parsePartial(m[2]!);
  if (!p) return undefined;
  const low = fill(p);
  const wild = p.parts.some((x) => x === undefined);
  if (op === '^' || op === '~' || ((op === '' || op === '=') && wild)) {
    const high = nextUp(p, op === '^' ? 'caret' : op === '~' ? 'tilde' : 'wild');
    return (v) => cmp(v, low) >= 0 && (high === undefined || cmp(v, high) < 0);
  }
  switch (op) {
    case '>=': return (v) => cmp(v, low) >= 0;
    case '<=': return (v) => (wild ? cmp(v, nextUp(p, 'wild') ?? [Infinity, 0, 0]) < 0 : cmp(v, low) <= 0);
    case '>': return (v) => (wild ? cmp(v, nextUp(p, 'wild') ?? [Infinity, 0, 0]) >= 0 : cmp(v, low) > 0);
    case '<': return (v) => cmp(v, low) < 0;
    default: return (v) => cmp(v, low) === 0;
  }
}

function compile(range: string): Test[][] | undefined {
  const alternatives = range.trim().split('||').map((alt) => alt.trim().split(/\s+/).filter((t) => t !== ''));
  if (alternatives.some((alt) => alt.length === 0)) return range.trim() === '' ? [[() => true]] : undefined;
  const compiled = alternatives.map((alt) => alt.map(comparator));
  return compiled.every((alt) => alt.every((t) => t !== undefined)) ? (compiled as Test[][]) : undefined;
}

/** Whether `range` is a range this module understands. */
export function isValidRange(range: unknown): range is string {
  return typeof range === 'string' && compile(range) !== undefined;
}

/** Whether `version` (a semantic version) is in `range`; false for a version or range that does not parse. */
export function satisfies(version: string, range: string): boolean {
  const v = parsePartial(version);
  const tests = compile(range);
  if (!v || v.parts.some((p) => p === undefined) || !tests) return false;
  const t = fill(v);
  return tests.some((alt) => alt.every((test) => test(t)));
}
