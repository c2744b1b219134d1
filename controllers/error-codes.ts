/**
 * The Seeder's error codes and their HTTP statuses, registered with the host's one registry.
 * `<resource>.unsupported` is derived from the resource list, so a new resource gets its code.
 */
import { RESOURCES } from '../generators/resources.ts';
import { registerErrorCodes } from '../panel/errors.ts';

export const SEEDER_ERROR_CODES: Record<string, number> = {
  'platform.unknown': 400,
  'platform.inactive': 400,
  'platform.none': 400,
  'platform.required': 409,
  // Nothing could be written, and not for any of the reasons below: the server's fault.
  'generation.failed': 500,
  // Another generator must run first (no customers for orders, no attribute terms for variations...).
  'generation.missing_prerequisite': 409,
  // The rows are already there: the same seed wrote them before (details.run_ids names the runs to undo),
  // or the store holds records with the same unique values.
  'generation.conflict': 409,
  // The same Idempotency-Key was sent with another request (another body, query, route or method): nothing ran.
  'idempotency.mismatch': 422,
  // A request with this Idempotency-Key is still running (on any process); retry after Retry-After for its answer.
  'idempotency.in_progress': 409,
  'resource.unknown': 404,
  'recipes.not_found': 404,
  'recipes.consent_required': 409,
  'recipes.download_failed': 502,
  // The source answered, but with an archive that is oversized, malformed or unsafe to extract.
  'recipes.archive_rejected': 502,
  'sample_data.consent_required': 409,
  'sample_data.download_failed': 502,
  ...Object.fromEntries(RESOURCES.map((r) => [`${r.name}.unsupported`, 400])),
};

registerErrorCodes(SEEDER_ERROR_CODES);

/** The code for a resource the resolved platform cannot hold. */
export function unsupportedCode(resource: string): string {
  return `${resource}.unsupported`;
}
