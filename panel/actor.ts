/** Who is making a request: an operator, authenticated by a session, an API token or the CLI's `--user`. */
import { roleHasCapability, type Role } from './roles.ts';

export interface Actor {
  operatorId: number;
  email: string;
  role: Role;
  via: 'session' | 'token' | 'cli';
  /** Session row id, when authenticated by the session cookie. */
  sessionId?: string;
  /** Token id, when authenticated by a bearer token. */
  tokenId?: string;
  /** When the actor last fully authenticated (ms since epoch); sessions only, for step-up. */
  lastFullAuthAt?: number;
}

export function actorCan(actor: Actor | undefined, capability: string): boolean {
  return actor !== undefined && roleHasCapability(actor.role, capability);
}
