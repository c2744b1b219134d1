/** The panel database's own schema: sites and operators (the auth module adds its tables here too). */
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
        t.string('role', 32).notNullable();
        t.boolean('disabled').notNullable().defaultTo(false);
        t.string('created_at', 32).notNullable();
      });
    },
  },
];
