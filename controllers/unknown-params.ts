/**
 * Unknown parameters are refused, never ignored, on every Seeder endpoint and surface alike: 422
 * `validation.invalid` naming each unknown name, with the accepted names and, where one is near, the
 * name it was probably meant to be (`details.did_you_mean: { lokale: "locale" }`).
 */
import { PanelError } from '../panel/errors.ts';
import { nearest } from '../lib/nearest.ts';

/** For each name that is not accepted, the nearest accepted one (names with none are left out). */
export function suggestions(names: Iterable<string>, accepted: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    if (accepted.includes(name)) continue;
    const near = nearest(name, accepted);
    if (near) out[name] = near;
  }
  return out;
}

/** The problem text of one unknown parameter. */
export function unknownProblem(name: string, accepted: readonly string[]): string {
  const near = nearest(name, accepted);
  return `Unknown parameter.${near ? ` Did you mean ${near}?` : ''} Accepted parameters: ${[...accepted].sort().join(', ') || 'none'}.`;
}

/** Throws 422 when `input` holds a name outside `accepted`. */
export function refuseUnknown(input: Record<string, unknown>, accepted: readonly string[]): void {
  const extra = Object.keys(input).filter((k) => !accepted.includes(k)).sort();
  if (extra.length === 0) return;
  const didYouMean = suggestions(extra, accepted);
  throw new PanelError('validation.invalid', `Invalid parameter(s): ${extra.join(', ')}`, {
    params: Object.fromEntries(extra.map((k) => [k, unknownProblem(k, accepted)])),
    accepted: [...accepted].sort(),
    ...(Object.keys(didYouMean).length ? { did_you_mean: didYouMean } : {}),
  });
}
