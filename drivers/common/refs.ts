/** Resolving canonical references (`{ id }` of an existing record, `{ key }` of an entity of the same request). */
import type { Ref } from '../../generators/entities.ts';

export class UnresolvedReferenceError extends Error {
  constructor(key: string) {
    super(`The record "${key}" this one refers to was not written, so this one cannot be either.`);
    this.name = 'UnresolvedReferenceError';
  }
}

/** The platform id a reference names. A `{ key }` must have been written earlier in the request. */
export function refId(ref: Ref, resolved: ReadonlyMap<string, string>): string {
  if (ref.id !== undefined) return ref.id;
  const id = resolved.get(ref.key!);
  if (id === undefined) throw new UnresolvedReferenceError(ref.key!);
  return id;
}

export function optionalRefId(ref: Ref | null | undefined, resolved: ReadonlyMap<string, string>): string | null {
  return ref ? refId(ref, resolved) : null;
}
