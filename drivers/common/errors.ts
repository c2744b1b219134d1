/** Errors a driver raises itself, before the store sees an entity. */
import type { ExistingKind } from '../../generators/existing.ts';
import type { ResourceName } from '../../generators/resources.ts';

/**
 * The entity holds something the platform cannot represent and the driver will not drop silently
 * (for example a variation of an attribute value the parent product does not offer). The message says
 * what to do instead; the pipeline reports it for that entity and writes the others.
 */
export class UnmappableEntityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnmappableEntityError';
  }
}

/**
 * The store lacks something this entity needs that only another generator can provide (a variation
 * whose parent offers no matching global attribute terms, a subscription with no product sold by
 * subscription). The pipeline reports it for that entity and writes the others; when it is why every
 * entity of a request failed, the request answers 409 `generation.missing_prerequisite`, as a generator's
 * own "generate X first" does. The message says what to generate first.
 */
export class UnmetPrerequisiteError extends Error {
  constructor(
    message: string,
    /** The existing records that lack what the entity needs. */
    readonly missing: ExistingKind,
    /** The resource to generate first. */
    readonly generateFirst: ResourceName,
  ) {
    super(message);
    this.name = 'UnmetPrerequisiteError';
  }
}
