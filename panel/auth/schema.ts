/**
 * The auth module's tables in the panel database, applied through bootPanel's `panelMigrations`
 * under the owner `auth`. Secrets are never stored in clear: sessions, API tokens and recovery codes
 * keep only their SHA-256, and TOTP secrets (which must be read back) are encrypted with the panel's
 * secret key (totp-secrets.ts). Timestamps are ISO 8601 UTC strings like the host's own tables.
 */
import type { Knex } from 'knex';
import type { Migration } from '../plugin.ts';
import { KEY_RECORDS_TABLE } from './key-check.ts';
import { createLimitsTable } from './limit-table.ts';
import { isSealed, TotpSecrets } from './totp-secrets.ts';

function operatorRef(t: Knex.CreateTableBuilder): void {
  t.integer('operator_id').unsigned().notNullable().references('id').inTable('operators').onDelete('CASCADE');
}

export const AUTH_MIGRATIONS: Migration[] = [
  {
    id: '0001-sessions',
    async up(db) {
      await db.schema.createTable('auth_sessions', (t) => {
        t.string('id', 40).primary();
        t.string('token_hash', 64).notNullable().unique();
        operatorRef(t);
        /** `full`, or `mfa_pending` between the password and the second factor. */
        t.string('state', 16).notNullable();
        t.string('created_at', 32).notNullable();
        t.string('last_seen_at', 32).notNullable();
        t.string('last_full_auth_at', 32).nullable();
        /** Absolute end of the session. */
        t.string('expires_at', 32).notNullable();
        t.integer('mfa_attempts').notNullable().defaultTo(0);
        t.string('ip', 64).nullable();
        t.index(['operator_id']);
      });
    },
  },
  {
    id: '0002-tokens',
    async up(db) {
      await db.schema.createTable('auth_tokens', (t) => {
        t.string('id', 40).primary();
        operatorRef(t);
        t.string('name', 100).notNullable();
        t.string('token_hash', 64).notNullable().unique();
        t.string('hint', 32).notNullable();
        t.string('created_at', 32).notNullable();
        t.string('expires_at', 32).notNullable();
        t.string('last_used_at', 32).nullable();
        t.string('revoked_at', 32).nullable();
        t.index(['operator_id', 'created_at', 'id']);
      });
    },
  },
  {
    id: '0003-totp',
    async up(db) {
      await db.schema.createTable('auth_totp', (t) => {
        t.integer('operator_id').unsigned().primary().references('id').inTable('operators').onDelete('CASCADE');
        t.string('secret', 64).notNullable();
        /** Null while the enrollment waits for its confirming code. */
        t.string('confirmed_at', 32).nullable();
        /** The last accepted 30-second time step: a code is accepted only for a strictly later step. */
        t.bigInteger('last_step').nullable();
        t.string('created_at', 32).notNullable();
      });
      await db.schema.createTable('auth_recovery_codes', (t) => {
        t.increments('id').primary();
        operatorRef(t);
        t.string('code_hash', 64).notNullable().unique();
        t.string('created_at', 32).notNullable();
        t.string('used_at', 32).nullable();
      });
    },
  },
  {
    id: '0004-passkeys',
    async up(db) {
      await db.schema.createTable('auth_passkeys', (t) => {
        t.string('id', 40).primary();
        operatorRef(t);
        /** The WebAuthn credential id, base64url. */
        t.string('credential_id', 255).notNullable().unique();
        t.text('public_key').notNullable();
        t.bigInteger('counter').notNullable().defaultTo(0);
        t.string('transports', 255).notNullable().defaultTo('[]');
        t.string('device_type', 32).notNullable();
        t.boolean('backed_up').notNullable().defaultTo(false);
        t.string('aaguid', 64).nullable();
        t.string('name', 100).notNullable();
        t.string('created_at', 32).notNullable();
        t.string('last_used_at', 32).nullable();
        t.index(['operator_id', 'created_at', 'id']);
      });
      await db.schema.createTable('auth_challenges', (t) => {
        t.string('id', 40).primary();
        /** `register` or `login`. */
        t.string('purpose', 16).notNullable();
        t.string('challenge', 128).notNullable();
        t.integer('operator_id').unsigned().nullable();
        t.string('session_id', 40).nullable();
        t.string('expires_at', 32).notNullable();
      });
    },
  },
  {
    // An encrypted secret (`v1.<key id>.<iv>.<ciphertext>.<tag>`, 95 characters) does not fit in 64.
    id: '0005-totp-secret-wider',
    async up(db) {
      await db.schema.alterTable('auth_totp', (t) => {
        t.string('secret', 255).notNullable().alter();
      });
    },
  },
  {
    // Secrets stored in clear by earlier versions are encrypted once, here, rather than on their next use: a
    // copy of the database taken after the upgrade then holds no usable secret, also for operators
    // who do not sign in again and for pending enrollments, and the code that reads secrets knows
    // one form only. Each row is swapped only if it still holds the clear value it was read with.
    id: '0006-totp-secret-encrypted',
    async up(db, { config }) {
      const clear = (await db('auth_totp').select('operator_id', 'secret')).filter((r) => !isSealed(String(r.secret)));
      if (clear.length === 0) return; // no key is read or created for a panel without clear secrets
      if (!config) throw new Error('Encrypting the stored TOTP secrets needs the panel configuration (the secret key); run the migration through Kernel.boot.');
      const secrets = new TotpSecrets(() => db, config);
      for (const row of clear) {
        const operatorId = Number(row.operator_id);
        await db('auth_totp')
          .where({ operator_id: operatorId, secret: row.secret })
          .update({ secret: await secrets.seal(operatorId, String(row.secret)) });
      }
    },
  },
  {
    // Tokens get scopes, an optional list of sites, and the token that made them (a token made by a
    // token dies with it). Tokens made before keep what their owner's role allowed, so nothing in use
    // breaks: an administrator's every scope, anyone else's all but sites:write (which needed
    // manage_options). Their owners are told in the CHANGELOG to replace them with narrower ones.
    id: '0007-token-scopes',
    async up(db) {
      await db.schema.alterTable('auth_tokens', (t) => {
        t.string('scopes', 255).notNullable().defaultTo('');
        t.text('sites').nullable();
        t.string('parent_id', 40).nullable().index();
        t.string('created_via', 16).nullable();
      });
      const owners: { id: number; role: string }[] = await db('operators').select('id', 'role');
      for (const o of owners) {
        const scopes = o.role === 'administrator' ? 'seeder sites:read sites:write tokens' : 'seeder sites:read tokens';
        await db('auth_tokens').where({ operator_id: o.id }).update({ scopes });
      }
    },
  },
  {
    // Rate limits and sign-in throttles count in the panel database, shared by every process on it
    // (limit-store.ts); they counted in each process's memory before, so nothing is carried over.
    id: '0008-shared-limits',
    async up(db) {
      await createLimitsTable(db);
    },
  },
  {
    // What the panel knows of its secret key without holding it: a fingerprint, recorded at the first
    // start, so a process started with another key is refused (key-check.ts).
    id: '0009-secret-key-record',
    async up(db) {
      await db.schema.createTable(KEY_RECORDS_TABLE, (t) => {
        t.string('name', 64).primary();
        t.string('value', 255).notNullable();
        t.string('created_at', 32).notNullable();
      });
    },
  },
];
