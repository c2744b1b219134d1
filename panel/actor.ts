/** Who is making a request: an operator, authenticated by a session, an API token or the CLI's `--user`. */
import { roleHasCapability, type Role } from './roles.ts';
import type { Scope } from './scopes.ts';

export interface Actor {
  operatorId: number;
  email: string;
  /** The panel-wide owner: manages sites and their members, and is an administrator of every site. */
  owner: boolean;
  /**
   * The role held on the site the request is for, set when the request enters a site (membership.ts);
   * absent at the panel level, where no site role applies.
   */
  role?: Role;
  via: 'session' | 'token' | 'cli';
  /** Session row id, when authenticated by the session cookie. */
  sessionId?: string;
  /** Token id, when authenticated by a bearer token. */
  tokenId?: string;
  /** The token's name, when authenticated by a bearer token (runs name who made them by it). */
  tokenName?: string;
  /** When the actor last fully authenticated (ms since epoch); sessions only, for step-up. */
  lastFullAuthAt?: number;
  /** A token's scopes; absent for a person or the CLI, who hold them all. */
  scopes?: readonly Scope[];
  /** The sites a token is limited to; absent when it may use every site its owner may use. */
  sites?: readonly string[];
  /** The token's expiry (ISO 8601), for tokens it makes. */
  tokenExpiresAt?: string;
}

/** Whether the actor holds a site capability through its role on the current site. */
export function actorCan(actor: Actor | undefined, capability: string): boolean {
  return actor?.role !== undefined && roleHasCapability(actor.role, capability);
}

export function actorHasScope(actor: Actor | undefined, scope: Scope): boolean {
  return actor !== undefined && (actor.scopes === undefined || actor.scopes.includes(scope));
}
