/** What the stores share and a driver may need: the executor type, the coded errors, search hits. */
export type { Executor } from './executor.ts';
export { StoreValidationError, StoreInUseError, type ValidationIssue } from './errors.ts';
export type { SearchHit } from './repository.ts';
