/**
 * Issue 13: an install made before membership and token scopes keeps working after the upgrade.
 * A panel database is built with the migrations of 0.1.0 only and filled as that version left it
 * (global roles, tokens without scopes); booting the current panel on it must make every operator a
 * member of every site with its role, the first operator the owner, and give every token what its
 * owner's role allowed.
 */
import fs from 'node:fs';
import { expect } from 'chai';
import request from 'supertest';
import { AUTH_MIGRATIONS, Tokens, systemClock } from '../../panel/auth/index.ts';
import { buildApp } from '../../panel/boot.ts';
import { BUILTIN_PLUGINS } from '../../main.ts';
import { Databases } from '../../panel/database.ts';
import { Kernel } from '../../panel/kernel.ts';
import { migrate } from '../../panel/migrations.ts';
import { PANEL_MIGRATIONS } from '../../panel/panel-schema.ts';
import { hashPassword } from '../../panel/operators.ts';
import { generateToken, tokenHint } from '../../panel/auth/tokens.ts';
import { sha256 } from '../../panel/auth/secrets.ts';
import { eachDatabase } from '../support/databases.ts';
import { PASSWORD } from './support/harness.ts';

const released = (ids: string[]) => (m: { id: string }) => ids.includes(m.id);

eachDatabase('upgrading a 0.1.0 panel database', (target) => {
  it('keeps the first operator, the default site and every token working; roles become memberships; tokens get their role\'s scopes', async function () {
    this.timeout(60_000);
    const config = target.freshConfig();
    const old = await Databases.open({ url: config.databaseUrl, dataDir: config.dataDir });
    const panelDb = old.panel;
    await migrate(panelDb, 'panel', PANEL_MIGRATIONS.filter(released(['0001-sites', '0002-operators'])), { config });
    await migrate(panelDb, 'auth', AUTH_MIGRATIONS.filter((m) => m.id < '0007'), { config });
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 86400_000).toISOString();
    await panelDb('sites').insert([
      { id: 'default', name: 'Default site', created_at: now },
      { id: 'shop', name: 'Shop', created_at: now },
    ]);
    const hash = await hashPassword(PASSWORD);
    await panelDb('operators').insert([
      { email: 'first@example.test', password_hash: hash, role: 'administrator', disabled: false, created_at: now },
      { email: 'editor@example.test', password_hash: hash, role: 'editor', disabled: false, created_at: now },
    ]);
    const ids = Object.fromEntries((await panelDb('operators').select('id', 'email')).map((r: { id: number; email: string }) => [r.email, Number(r.id)]));
    const plaintext = { first: generateToken(config.env), editor: generateToken(config.env) };
    await panelDb('auth_tokens').insert([
      { id: 'tok_first', operator_id: ids['first@example.test'], name: 'ci', token_hash: sha256(plaintext.first), hint: tokenHint(plaintext.first), created_at: now, expires_at: later },
      { id: 'tok_editor', operator_id: ids['editor@example.test'], name: 'ci', token_hash: sha256(plaintext.editor), hint: tokenHint(plaintext.editor), created_at: now, expires_at: later },
    ]);
    await old.close();

    const kernel = await Kernel.boot({ config, builtins: BUILTIN_PLUGINS, panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS }] });
    try {
      const owners = await kernel.panelDb('operators').where({ owner: true }).select('email');
      expect(owners.map((o: { email: string }) => o.email)).to.deep.equal(['first@example.test']);
      const members = await kernel.panelDb('site_members').orderBy(['site_id', 'operator_id']).select('site_id', 'operator_id', 'role');
      expect(members.map((m: { site_id: string; operator_id: number; role: string }) => [m.site_id, Number(m.operator_id), m.role])).to.deep.equal([
        ['default', ids['first@example.test'], 'administrator'],
        ['default', ids['editor@example.test'], 'editor'],
        ['shop', ids['first@example.test'], 'administrator'],
        ['shop', ids['editor@example.test'], 'editor'],
      ]);
      const tokens = new Tokens(() => kernel.panelDb, systemClock, config.env);
      expect((await tokens.authenticate(plaintext.first))?.token.scopes).to.deep.equal(['seeder', 'sites:read', 'sites:write', 'tokens']);
      expect((await tokens.authenticate(plaintext.editor))?.token.scopes).to.deep.equal(['seeder', 'sites:read', 'tokens']);

      const app = buildApp(kernel, () => {});
      const sites = await request(app).get('/api/v1/sites').set('Authorization', `Bearer ${plaintext.editor}`);
      expect(sites.body.data.map((s: { id: string }) => s.id).sort()).to.deep.equal(['default', 'shop']);
      const created = await request(app).post('/api/v1/sites').set('Authorization', `Bearer ${plaintext.first}`).send({ id: 'after-upgrade', plugins: [] });
      expect(created.status).to.equal(201);
      const login = await request(app).post('/api/v1/auth/login').send({ email: 'first@example.test', password: PASSWORD });
      expect(login.status).to.equal(200);
      expect(login.body.operator).to.include({ owner: true });
      await kernel.removeSite('after-upgrade');
    } finally {
      const sites = (await kernel.listSites()).map((s) => s.id);
      await kernel.close();
      const dbs = await Databases.open({ url: config.databaseUrl, dataDir: config.dataDir });
      await dbs.dropAll(sites);
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
