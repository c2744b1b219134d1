/** Operators: the people who sign in to the panel. Passwords are stored as argon2id PHC strings only. */
import { createRequire } from 'node:module';
import type { Algorithm, Version } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { passwordProblem } from './auth/password-policy.ts';
import { PanelError } from './errors.ts';
import { MEMBERS_TABLE } from './membership.ts';
import { isRole, type Role } from './roles.ts';

/** The argon2 binding, loaded when a password is hashed or checked, not for every command that names an operator. */
const argon2 = () => createRequire(import.meta.url)('@node-rs/argon2') as typeof import('@node-rs/argon2');

export interface OperatorRecord {
  id: number;
  email: string;
  /** The role given with `panel operator add` (memberships hold the role on each site). */
  role: Role;
  /** The panel-wide owner: manages sites and members, administrator of every site. */
  owner: boolean;
  disabled: boolean;
  created_at: string;
}

/** At least 12 characters, at most 256 so hashing cost stays bounded. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Checks a password an operator is about to get (creation, `operator passwd`, first start): 12 to 256
 * characters, then the rules of auth/password-policy.ts (not a common password, not containing the
 * email name). Throws 422 `operators.invalid` naming the field and, for a policy rule, the rule.
 */
export async function checkNewPassword(password: unknown, email: string): Promise<string> {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new PanelError('operators.invalid', `A password is ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`, { field: 'password' });
  }
  const problem = await passwordProblem(password, email);
  if (problem) throw new PanelError('operators.invalid', problem.message, { field: 'password', rule: problem.rule });
  return password;
}

/**
 * The current password hashing parameters: argon2id (version 0x13) at the OWASP minimum, m=19456 KiB,
 * t=2, p=1, with a 32-byte output. A stored hash made with other parameters is replaced at the
 * operator's next successful sign-in (`passwordNeedsRehash`). The numbers stand for @node-rs/argon2's
 * `Algorithm.Argon2id` and `Version.V0x13`, which are const enums with no value at run time under tsx.
 */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2 as Algorithm,
  version: 1 as Version,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2().hash(password, PASSWORD_HASH_OPTIONS);
}

/**
 * Whether a stored PHC string was made with other parameters than the current ones (weaker or
 * stronger: either way, converging on one set keeps the work of every sign-in equal to the dummy
 * check of an unknown account). An unreadable string counts as needing a new hash.
 */
export function passwordNeedsRehash(phc: string): boolean {
  try {
    const used = argon2().parseOptions(phc);
    return (Object.keys(PASSWORD_HASH_OPTIONS) as (keyof typeof PASSWORD_HASH_OPTIONS)[]).some((k) => used[k] !== PASSWORD_HASH_OPTIONS[k]);
  } catch {
    return true;
  }
}

function toRecord(row: Record<string, unknown>): OperatorRecord {
  return {
    id: Number(row.id),
    email: String(row.email),
    role: row.role as Role,
    owner: Boolean(Number(row.owner)),
    disabled: Boolean(Number(row.disabled)),
    created_at: String(row.created_at),
  };
}

export interface OperatorInput {
  email: string;
  password: string;
  /** The role on each site of `sites` (default administrator). */
  role?: string;
  /** Sites the operator becomes a member of, with `role` (default none). */
  sites?: readonly string[];
  /** Makes the operator a panel owner. */
  owner?: boolean;
}

/** Creates an operator, a member of `sites` with `role`, in one transaction. */
export async function createOperator(db: Knex, input: OperatorInput): Promise<OperatorRecord> {
  const email = normaliseEmail(String(input.email ?? ''));
  if (!EMAIL.test(email) || email.length > 191) {
    throw new PanelError('operators.invalid', 'An operator needs a valid email address.', { field: 'email' });
  }
  const role = input.role ?? 'administrator';
  if (!isRole(role)) {
    throw new PanelError('operators.invalid', 'The role must be administrator, editor or viewer.', { field: 'role' });
  }
  await checkNewPassword(input.password, email);
  if (await db('operators').where({ email }).first('id')) {
    throw new PanelError('operators.conflict', `An operator with email ${email} already exists.`, { field: 'email' });
  }
  const sites = [...new Set(input.sites ?? [])];
  if (sites.length > 0) {
    const known = new Set((await db('sites').whereIn('id', sites).select('id')).map((r: { id: string }) => r.id));
    const unknown = sites.filter((s) => !known.has(s));
    if (unknown.length > 0) throw new PanelError('sites.not_found', `No site with id "${unknown[0]}".`, { field: 'site_id' });
  }
  const password_hash = await hashPassword(input.password);
  const created_at = new Date().toISOString();
  const id = await db.transaction(async (trx) => {
    const [inserted] = await trx('operators').insert({ email, password_hash, role, owner: input.owner === true, disabled: false, created_at });
    const operatorId = Number(inserted);
    if (sites.length > 0) await trx(MEMBERS_TABLE).insert(sites.map((site_id) => ({ site_id, operator_id: operatorId, role, created_at })));
    return operatorId;
  });
  const row = await db('operators').where({ id }).first();
  return toRecord(row);
}

export async function listOperators(db: Knex): Promise<OperatorRecord[]> {
  return (await db('operators').orderBy('id').select('id', 'email', 'role', 'owner', 'disabled', 'created_at')).map(toRecord);
}

/** Finds an operator by numeric id or email. */
export async function findOperator(db: Knex, idOrEmail: string | number): Promise<OperatorRecord | undefined> {
  const key = String(idOrEmail).trim();
  const row = /^\d+$/.test(key)
    ? await db('operators').where({ id: Number(key) }).first()
    : await db('operators').where({ email: normaliseEmail(key) }).first();
  return row ? toRecord(row) : undefined;
}
