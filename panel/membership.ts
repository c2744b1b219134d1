/**
 * Per-site membership: an operator is a member of some sites with a role on each; the panel's
 * owner is an administrator of every site. A site the caller may not see (unknown, not a member,
 * or outside the sites its token is limited to) answers exactly like a site that does not exist, on
 * every surface: the API, the site REST routes, MCP and the admin.
 */
import type { Knex } from 'knex';
import type { Actor } from './actor.ts';
import { PanelError } from './errors.ts';
import { isRole, ROLES, type Role } from './roles.ts';

export const MEMBERS_TABLE = 'site_members';

export interface Member {
  site_id: string;
  operator_id: number;
  email: string;
  role: Role;
  created_at: string;
}

export const siteNotFound = (id: string, field = 'site_id') => new PanelError('sites.not_found', `No site with id "${id}".`, { field });

/** The role the actor holds on a site, or undefined when the site is not one it may see. */
export async function siteRole(db: Knex, actor: Actor, siteId: string): Promise<Role | undefined> {
  if (actor.sites !== undefined && !actor.sites.includes(siteId)) return undefined;
  if (actor.owner) return (await db('sites').where({ id: siteId }).first('id')) ? 'administrator' : undefined;
  const row = await db(MEMBERS_TABLE).where({ site_id: siteId, operator_id: actor.operatorId }).first('role');
  return row && isRole(row.role) ? row.role : undefined;
}

/** The actor as it acts on a site (with its role there), or `sites.not_found` when the site is not one it may see. */
export async function enterSite(db: Knex, actor: Actor, siteId: string, field = 'site_id'): Promise<Actor> {
  const role = await siteRole(db, actor, siteId);
  if (!role) throw siteNotFound(siteId, field);
  return { ...actor, role };
}

/** The role of an actor that has entered a site; a bug (not a client error) when it has not. */
export function roleOnSite(actor: Actor): Role {
  if (actor.role === undefined) throw new Error(`Operator ${actor.email} has no role here: the request did not enter a site.`);
  return actor.role;
}

/** The sites the actor may see, as a query over `sites` (id, name, created_at) for the keyset paginator. */
export function visibleSites(db: Knex, actor: Actor): Knex.QueryBuilder {
  const query = db('sites').select('id', 'name', 'created_at');
  if (!actor.owner) {
    query.whereIn('id', db(MEMBERS_TABLE).where({ operator_id: actor.operatorId }).select('site_id'));
  }
  if (actor.sites !== undefined) query.whereIn('id', [...actor.sites]);
  return query;
}

function invalidRole(): PanelError {
  return new PanelError('validation.invalid', `Invalid parameter(s): role. It must be one of ${ROLES.join(', ')}.`, {
    field: 'role',
    errors: [{ field: 'role', in: 'body', message: `must be one of ${ROLES.join(', ')}`, rule: 'enum' }],
  });
}

function toMember(r: Record<string, unknown>): Member {
  return { site_id: String(r.site_id), operator_id: Number(r.operator_id), email: String(r.email), role: r.role as Role, created_at: String(r.created_at) };
}

/** The members of one site (rows of `site_members`; owners are administrators everywhere without one). */
export class Members {
  readonly #db: () => Knex;

  constructor(db: () => Knex) {
    this.#db = db;
  }

  /** The site's members as a query for the keyset paginator (created_at, then operator id as `id`). */
  listQuery(siteId: string): Knex.QueryBuilder {
    // The paginator orders and seeks on `created_at` and a string `id`: wrapped so those names are the member's.
    const inner = this.#db()(`${MEMBERS_TABLE} as m`)
      .join('operators as o', 'o.id', 'm.operator_id')
      .where('m.site_id', siteId)
      .select('m.site_id', 'm.operator_id', this.#db().raw('CAST(m.operator_id AS CHAR) as id'), 'o.email', 'm.role', 'm.created_at');
    return this.#db().from(inner.as('members')).select('*');
  }

  static view(r: Record<string, unknown>): Member {
    return toMember(r);
  }

  async get(siteId: string, operatorId: number): Promise<Member | undefined> {
    const r = await this.#db()(`${MEMBERS_TABLE} as m`)
      .join('operators as o', 'o.id', 'm.operator_id')
      .where({ 'm.site_id': siteId, 'm.operator_id': operatorId })
      .first('m.site_id', 'm.operator_id', 'o.email', 'm.role', 'm.created_at');
    return r ? toMember(r) : undefined;
  }

  /** Adds an operator to a site with a role; `members.conflict` when it is one already. */
  async add(siteId: string, operatorId: number, role: unknown): Promise<Member> {
    if (!isRole(role)) throw invalidRole();
    if (await this.get(siteId, operatorId)) {
      throw new PanelError('members.conflict', 'That operator is already a member of this site; change the role instead.', { field: 'operator' });
    }
    try {
      await this.#db()(MEMBERS_TABLE).insert({ site_id: siteId, operator_id: operatorId, role, created_at: new Date().toISOString() });
    } catch (e) {
      // Two additions raced: the other one won the primary key.
      if (await this.get(siteId, operatorId)) throw new PanelError('members.conflict', 'That operator is already a member of this site.', { field: 'operator' });
      throw e;
    }
    return (await this.get(siteId, operatorId))!;
  }

  /** Changes a member's role; undefined when the operator is not a member. */
  async setRole(siteId: string, operatorId: number, role: unknown): Promise<Member | undefined> {
    if (!isRole(role)) throw invalidRole();
    const n = await this.#db()(MEMBERS_TABLE).where({ site_id: siteId, operator_id: operatorId }).update({ role });
    return n === 0 ? undefined : this.get(siteId, operatorId);
  }

  /** Removes a member; false when the operator was not one. */
  async remove(siteId: string, operatorId: number): Promise<boolean> {
    return (await this.#db()(MEMBERS_TABLE).where({ site_id: siteId, operator_id: operatorId }).delete()) > 0;
  }

  /** Every membership of an operator, by site id. */
  async ofOperator(operatorId: number): Promise<{ site_id: string; role: Role }[]> {
    const rows = await this.#db()(MEMBERS_TABLE).where({ operator_id: operatorId }).orderBy('site_id').select('site_id', 'role');
    return rows.map((r: Record<string, unknown>) => ({ site_id: String(r.site_id), role: r.role as Role }));
  }
}
