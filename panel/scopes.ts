/**
 * What an API token may do, chosen when it is made (as GitHub's fine-grained tokens and Stripe's
 * restricted keys): the one list of scopes, with what each allows. A person signed in with a cookie
 * session holds them all; a token holds those it was given, and never more than its maker.
 */
export const SCOPES = {
  seeder: 'use the Seeder (REST, MCP) on the sites the owner may use',
  'sites:read': 'list and read sites and their members',
  'sites:write': 'create and delete sites and change their members (owner or site administrator)',
  tokens: "manage the owner's API tokens; granted only from a signed-in session after step-up",
} as const;

export type Scope = keyof typeof SCOPES;
export const SCOPE_NAMES = Object.keys(SCOPES) as Scope[];

/** Given to a token created without a `scopes` list: what most scripts need, and nothing that manages access. */
export const DEFAULT_TOKEN_SCOPES: readonly Scope[] = ['seeder', 'sites:read'];

/** A scope only a person can grant: a token that mints tokens could outlive its own revocation. */
export const PERSON_ONLY_SCOPES: readonly Scope[] = ['tokens'];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && Object.hasOwn(SCOPES, value);
}

/** Stored as a space-separated string (as OAuth 2.0 writes scopes). */
export function parseScopes(stored: unknown): Scope[] {
  return String(stored ?? '').split(' ').filter(isScope);
}

export function formatScopes(scopes: readonly Scope[]): string {
  return SCOPE_NAMES.filter((s) => scopes.includes(s)).join(' ');
}
