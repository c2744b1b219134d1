/**
 * Who may use the Seeder: one capability for every surface (REST, CLI, MCP, admin), from the
 * `seeder_capability` filter (default `manage_options`), or a role an administrator allowed in the
 * option `seeder_allowed_roles`. There is deliberately no per-surface variant.
 */
import type { Actor } from '../panel/actor.ts';
import { actorCan, actorHasScope } from '../panel/actor.ts';
import { assertRecentAuth } from '../panel/auth/step-up.ts';
import { PanelError } from '../panel/errors.ts';
import { isRole, type Role } from '../panel/roles.ts';
import type { Site } from '../panel/site.ts';
import { seederHooks } from './hooks.ts';

export const DEFAULT_CAPABILITY = 'manage_options';
export const ALLOWED_ROLES_OPTION = 'seeder_allowed_roles';

export function seederCapability(site: Site): string {
  const cap = seederHooks(site).applyFilters('seeder_capability', DEFAULT_CAPABILITY);
  return typeof cap === 'string' && cap !== '' ? cap : DEFAULT_CAPABILITY;
}

export async function allowedRoles(site: Site): Promise<Role[]> {
  const roles = await site.options.get<unknown[]>(ALLOWED_ROLES_OPTION, []);
  return Array.isArray(roles) ? roles.filter(isRole) : [];
}

export async function canUseSeeder(site: Site, actor: Actor | undefined): Promise<boolean> {
  if (!actor) return false;
  if (!actorHasScope(actor, 'seeder')) return false;
  if (actorCan(actor, seederCapability(site))) return true;
  return actor.role !== undefined && (await allowedRoles(site)).includes(actor.role);
}

/** Throws `auth.unauthenticated` without an actor and `auth.forbidden` without the capability. */
export async function assertCanUseSeeder(site: Site, actor: Actor | undefined): Promise<Actor> {
  if (!actor) throw new PanelError('auth.unauthenticated', 'Sign in or send a bearer token to use the Seeder.');
  if (!actorHasScope(actor, 'seeder')) {
    throw new PanelError('auth.insufficient_scope', 'This API token lacks the "seeder" scope; create a token with it to use the Seeder.', { scope: 'seeder' });
  }
  if (!(await canUseSeeder(site, actor))) {
    throw new PanelError('auth.forbidden', `Using the Seeder needs the "${seederCapability(site)}" capability or an allowed role.`, {
      capability: seederCapability(site),
    });
  }
  return actor;
}

/**
 * The Seeder's site settings that decide what others may do (who may use it, which MCP tools agents
 * are offered) need `manage_options` itself, never an allowed role: an operator let in by an
 * administrator must not widen access or switch on tools the administrator switched off. A cookie
 * session also needs a recent sign-in (step-up); a bearer token is its own proof.
 * `change` names the change for the refusal ("Changing Seeder access").
 */
export function assertCanChangeSettings(actor: Actor | undefined, change: string, now = Date.now()): Actor {
  if (!actor) throw new PanelError('auth.unauthenticated', 'Sign in or send a bearer token to use the Seeder.');
  if (!actorHasScope(actor, 'seeder')) {
    throw new PanelError('auth.insufficient_scope', 'This API token lacks the "seeder" scope; create a token with it to use the Seeder.', { scope: 'seeder' });
  }
  if (!actorCan(actor, 'manage_options')) {
    throw new PanelError('auth.forbidden', `${change} needs the "manage_options" capability.`, { capability: 'manage_options' });
  }
  assertRecentAuth(actor, now);
  return actor;
}

/**
 * Who may call an endpoint (controllers/endpoints.ts): `seeder`, anyone who may use the Seeder;
 * `manage_options`, that capability itself, and with `stepUp` a recent sign-in for a cookie session;
 * `own`, the endpoint's surface checks it itself (the MCP endpoint takes bearer tokens only).
 */
export type AccessRule = { rule: 'seeder' } | { rule: 'manage_options'; change: string; stepUp: boolean } | { rule: 'own' };

/** Throws the refusal of `access` for `actor`, as the rule describes. */
export async function assertAccess(site: Site, actor: Actor | undefined, access: AccessRule, now = Date.now()): Promise<void> {
  if (access.rule === 'own') return;
  if (access.rule === 'seeder') {
    await assertCanUseSeeder(site, actor);
    return;
  }
  if (access.stepUp) {
    assertCanChangeSettings(actor, access.change, now);
    return;
  }
  const user = await assertCanUseSeeder(site, actor);
  if (!actorCan(user, 'manage_options')) {
    throw new PanelError('auth.forbidden', `${access.change} needs the "manage_options" capability.`, { capability: 'manage_options' });
  }
}

/** Deciding sample-data consent: an administrator's decision, without step-up (revoking only removes files). */
export const CONSENT_ACCESS: AccessRule = { rule: 'manage_options', change: 'Deciding sample-data consent for the site', stepUp: false };
