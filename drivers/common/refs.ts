/** Resolving canonical references (`{ id }` of an existing record, `{ key }` of an entity of the same request). */
import type { Ref } from '../../generators/entities.ts';
import { defineError } from '../../panel/errors.ts';

/**
 * Code `generation.unresolved_reference` (409): the entity refers to another of the same request that
 * was not written (it was refused). Not a cause of its own: when every entity of a request failed, the
 * pipeline reports the other's reason.
 */
export const UnresolvedReference = defineError<{ key: string }>('generation.unresolved_reference', 409);

export class UnresolvedReferenceError extends UnresolvedReference {
  constructor(key: string) {
    super(`The record "${key}" this one refers to was not written, so this one cannot be either.`, { key });
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
