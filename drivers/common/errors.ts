/**
 * Errors a driver raises itself, before the store sees an entity. Each is a coded refusal (4xx): the
 * pipeline reports it for that entity and writes the others. Anything a writer throws that is not a
 * coded refusal (a TypeError, a database error) is a bug: the request answers 500 and nothing is written.
 */
import type { ExistingKind } from '../../generators/existing.ts';
import type { ResourceName } from '../../generators/resources.ts';
import { defineError, hasErrorCode, type CodedError } from '../../panel/errors.ts';

/** Code `generation.unmappable_entity` (422). */
export const UnmappableEntity = defineError('generation.unmappable_entity', 422);

/**
 * The entity holds something the platform cannot represent and the driver will not drop silently
 * (for example a variation of an attribute value the parent product does not offer). The message says
 * what to do instead; the pipeline reports it for that entity and writes the others.
 */
export class UnmappableEntityError extends UnmappableEntity {
  constructor(message: string) {
    super(message);
    this.name = 'UnmappableEntityError';
  }
}

export interface UnmetPrerequisiteDetails {
  [key: string]: unknown;
  /** The existing records that lack what the entity needs. */
  missing: ExistingKind;
  /** The resource to generate first. */
  generate_first: ResourceName;
}

/** Code `generation.missing_prerequisite` (409), the code a generator's own "generate X first" answers with. */
export const UnmetPrerequisite = defineError<UnmetPrerequisiteDetails>('generation.missing_prerequisite', 409);

/**
 * The store lacks something this entity needs that only another generator can provide (a variation
 * whose parent offers no matching global attribute terms, a subscription with no product sold by
 * subscription). The pipeline reports it for that entity and writes the others; when it is why every
 * entity of a request failed, the request answers 409 `generation.missing_prerequisite`, as a generator's
 * own "generate X first" does. The message says what to generate first.
 */
export class UnmetPrerequisiteError extends UnmetPrerequisite {
  constructor(
    message: string,
    /** The existing records that lack what the entity needs. */
    readonly missing: ExistingKind,
    /** The resource to generate first. */
    readonly generateFirst: ResourceName,
  ) {
    super(message, { missing, generate_first: generateFirst });
    this.name = 'UnmetPrerequisiteError';
  }
}

/** An entity's unmet prerequisite (from any copy of this module): its details, or undefined. */
export function unmetPrerequisite(e: unknown): (CodedError & { details: UnmetPrerequisiteDetails }) | undefined {
  if (!hasErrorCode(e, UnmetPrerequisite.code)) return undefined;
  const d = e.details as Partial<UnmetPrerequisiteDetails> | undefined;
  return typeof d?.missing === 'string' && typeof d.generate_first === 'string' ? (e as CodedError & { details: UnmetPrerequisiteDetails }) : undefined;
}
