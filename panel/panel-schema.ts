/** The panel database's own schema: sites, operators and who is a member of which site (the auth module adds its tables here too). */
import type { Migration } from './plugin.ts';

export const PANEL_MIGRATIONS: Migration[] = [
  {
    id: '0001-sites',
    async up(db) {
      await db.schema.createTable('sites', (t) => {
        t.string('id', 32).primary();
        t.string('name', 191).notNullable();
        t.string('created_at', 32).notNullable();
        t.index(['created_at', 'id']);
      });
    },
  },
  {
    id: '0002-operators',
    async up(db) {
      await db.schema.createTable('operators', (t) => {
        t.increments('id').primary();
        t.string('email', 191).notNullable().unique();
        t.string('password_hash', 255).notNullable();
        /** Before 0003 the one global role; now only the role new memberships default to in the CLI. */
        t.string('role', 32).notNullable();
        t.boolean('disabled').notNullable().defaultTo(false);
        t.string('created_at', 32).notNullable();
      });
    },
  },
  {
    // Roles become per site (WordPress multisite, a GitHub organisation): an operator is a member of some
    // sites with a role on each, and a panel-wide owner manages sites and members (and is an administrator
    // of every site). Existing installs keep working as before: every operator becomes a member of every
    // existing site with the role it held, and the first operator becomes the owner.
    id: '0003-site-members',
    async up(db) {
      await db.schema.alterTable('operators', (t) => {
        t.boolean('owner').notNullable().defaultTo(false);
      });
      await db.schema.createTable('site_members', (t) => {
        t.string('site_id', 32).notNullable().references('id').inTable('sites').onDelete('CASCADE');
        t.integer('operator_id').unsigned().notNullable().references('id').inTable('operators').onDelete('CASCADE');
        t.string('role', 32).notNullable();
        t.string('created_at', 32).notNullable();
        t.primary(['site_id', 'operator_id']);
        t.index(['operator_id']);
        t.index(['site_id', 'created_at', 'operator_id']);
      });
      const operators: { id: number; role: string }[] = await db('operators').orderBy('id').select('id', 'role');
      const sites: { id: string }[] = await db('sites').select('id');
      const now = new Date().toISOString();
      const rows = operators.flatMap((o) => sites.map((s) => ({ site_id: s.id, operator_id: o.id, role: o.role, created_at: now })));
      for (let i = 0; i < rows.length; i += 200) await db('site_members').insert(rows.slice(i, i + 200));
      if (operators.length > 0) await db('operators').where({ id: operators[0].id }).update({ owner: true });
    },
  },
];
