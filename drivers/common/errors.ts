/** Errors a driver raises itself, before the store sees an entity. */

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
