import fc from 'fast-check';
import { RESOURCE_NAMES } from '../../../generators/resources.ts';

/** Seeds as users give them: integers and short strings. */
export const seedArb = fc.oneof(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.string({ minLength: 1, maxLength: 24 }));

export const resourceArb = fc.constantFrom(...RESOURCE_NAMES);

/** Deep copy of entities without their keys (keys contain the seed, so they always differ). */
export function withoutKeys(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (k, v) => (k === 'key' ? undefined : v));
}
