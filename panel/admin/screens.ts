/**
 * The panel's own screens inside a site's admin (registry.ts PANEL_SCREENS): the server writes the
 * frame and the static forms; each screen's module (`panel/admin/assets/<slug>.js`) fills in the
 * lists and talks to the control panel API with the session cookie, through the step-up dialog
 * (`panel-api.js`) when a change needs a recent sign-in.
 */
import type { Knex } from 'knex';
import type { Actor } from '../actor.ts';
import { visibleSites } from '../membership.ts';
import { SCOPES } from '../scopes.ts';
import type { Site } from '../site.ts';
import { html, jsonForScript, type Html } from './html.ts';
import { HOST_ASSETS_PATH } from './urls.ts';

export interface ScreenParts {
  main: Html;
  tail: Html;
}

const scriptOf = (slug: string, payload: unknown): Html =>
  html`<script type="application/json" id="admin-payload">${jsonForScript(payload)}</script>
<script type="module" src="${HOST_ASSETS_PATH}/${slug}.js"></script>`;

/** How long a new token lives, as offered on the account screen (the API takes any date up to a year). */
const TOKEN_LIFETIMES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
];

async function account(_site: Site, actor: Actor, panelDb: Knex): Promise<ScreenParts> {
  const sites = (await visibleSites(panelDb, actor).orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(100)) as Array<{ id: string; name: string }>;
  const main = html`<main id="admin-main" class="admin-main account" tabindex="-1">
<h1>Account and security</h1>
<p>Signed in as <strong>${actor.email}</strong>. Changes here ask for your password again when you signed in more than five minutes ago.</p>

<section class="panel-section" aria-labelledby="password-title">
<h2 id="password-title">Password</h2>
<form id="password-form" class="stack" novalidate>
<div class="field">
<label for="current-password">Current password</label>
<input id="current-password" name="current_password" type="password" autocomplete="current-password" required>
</div>
<div class="field">
<label for="new-password">New password</label>
<input id="new-password" name="new_password" type="password" autocomplete="new-password" required minlength="12" maxlength="256" aria-describedby="new-password-hint new-password-error">
<p id="new-password-hint" class="hint">At least 12 characters; not a common password and not your email name. Your other sessions are signed out.</p>
<p id="new-password-error" class="field-error" role="alert"></p>
</div>
<div class="field">
<label for="repeat-password">New password again</label>
<input id="repeat-password" name="repeat_password" type="password" autocomplete="new-password" required aria-describedby="repeat-password-error">
<p id="repeat-password-error" class="field-error" role="alert"></p>
</div>
<p><button type="submit">Change password</button></p>
<p class="action-status" role="status"></p>
</form>
</section>

<section class="panel-section" aria-labelledby="totp-title">
<h2 id="totp-title">Authenticator app (two-step sign-in)</h2>
<div id="totp" aria-live="polite"><p>Loading…</p></div>
</section>

<section class="panel-section" aria-labelledby="passkeys-title">
<h2 id="passkeys-title">Passkeys</h2>
<p>A passkey signs you in with your device's screen lock or a security key, without a password.</p>
<div id="passkeys"><p>Loading…</p></div>
<form id="passkey-form" class="stack" novalidate>
<div class="field">
<label for="passkey-name">Name of the new passkey</label>
<input id="passkey-name" name="name" maxlength="100" autocomplete="off" aria-describedby="passkey-name-hint">
<p id="passkey-name-hint" class="hint">Something you will recognise, such as "Work laptop".</p>
</div>
<p><button type="submit">Add a passkey</button></p>
<p class="action-status" role="status"></p>
</form>
</section>

<section class="panel-section" aria-labelledby="tokens-title">
<h2 id="tokens-title">API tokens</h2>
<p>A token lets a script use the panel's and the Seeder's APIs as you: send it as <code>Authorization: Bearer …</code>.</p>
<div id="tokens"><p>Loading…</p></div>
<form id="token-form" class="stack" novalidate>
<h3>New token</h3>
<div class="field">
<label for="token-name">Name</label>
<input id="token-name" name="name" required maxlength="100" autocomplete="off" aria-describedby="token-name-error">
<p id="token-name-error" class="field-error" role="alert"></p>
</div>
<div class="field">
<label for="token-expiry">Expires after</label>
<select id="token-expiry" name="expiry">
${TOKEN_LIFETIMES.map((l) => html`<option value="${l.days}"${l.days === 90 ? html` selected` : html``}>${l.label}</option>`)}
</select>
</div>
<fieldset class="choices">
<legend>What it may do</legend>
${Object.entries(SCOPES).map(
  ([scope, what]) => html`<div class="choice"><input type="checkbox" id="scope-${scope.replace(':', '-')}" name="scopes" value="${scope}"${scope === 'seeder' || scope === 'sites:read' ? html` checked` : html``}>
<label for="scope-${scope.replace(':', '-')}"><code>${scope}</code>: ${what}</label></div>
`,
)}</fieldset>
<fieldset class="choices">
<legend>Sites it may reach</legend>
<div class="choice"><input type="radio" id="token-sites-all" name="sites_mode" value="all" checked><label for="token-sites-all">Every site you may use</label></div>
<div class="choice"><input type="radio" id="token-sites-some" name="sites_mode" value="some"><label for="token-sites-some">Only these:</label></div>
<div class="choice-group">
${sites.map(
  (s) => html`<div class="choice"><input type="checkbox" id="token-site-${s.id}" name="sites" value="${s.id}"><label for="token-site-${s.id}">${s.name} <span class="hint">(${s.id})</span></label></div>
`,
)}</div>
</fieldset>
<p><button type="submit">Create token</button></p>
<p class="action-status" role="status"></p>
</form>
<div id="token-created" hidden tabindex="-1"></div>
</section>

<section class="panel-section" aria-labelledby="sessions-title">
<h2 id="sessions-title">Active sessions</h2>
<div id="sessions"><p>Loading…</p></div>
</section>
</main>`;
  return { main, tail: scriptOf('account', { email: actor.email }) };
}

async function plugins(site: Site): Promise<ScreenParts> {
  const main = html`<main id="admin-main" class="admin-main plugins" tabindex="-1">
<h1>Plugins</h1>
<p>The plugins installed on the panel and whether each is active on <strong>${site.name}</strong>. Activating or
deactivating takes effect at once, for everyone; a deactivated plugin's data stays. Both ask for your password
again when you signed in more than five minutes ago.</p>
<div id="plugins"><p>Loading…</p></div>
<p id="plugins-status" class="action-status" role="status"></p>
</main>`;
  return { main, tail: scriptOf('plugins', { site_id: site.id }) };
}

async function sites(site: Site): Promise<ScreenParts> {
  const main = html`<main id="admin-main" class="admin-main sites" tabindex="-1">
<h1>Sites and members</h1>
<p>Every site of the panel, oldest first, with its members. Adding or removing a site asks for your password
again when you signed in more than five minutes ago.</p>
<div id="sites"><p>Loading…</p></div>
<p class="button-row"><button type="button" id="sites-first" class="button-secondary" hidden>First page</button>
<button type="button" id="sites-next" class="button-secondary" hidden>Next page</button></p>
<p id="sites-status" class="action-status" role="status"></p>
<section class="panel-section" aria-labelledby="add-site-title">
<h2 id="add-site-title">Add a site</h2>
<form id="site-form" class="stack" novalidate>
<div class="field">
<label for="site-id">Id</label>
<input id="site-id" name="id" required maxlength="32" pattern="[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?" autocomplete="off" aria-describedby="site-id-hint site-id-error">
<p id="site-id-hint" class="hint">1 to 32 lowercase letters, digits or dashes; it is part of the site's addresses (/sites/<em>id</em>/).</p>
<p id="site-id-error" class="field-error" role="alert"></p>
</div>
<div class="field">
<label for="site-name">Name</label>
<input id="site-name" name="name" maxlength="191" autocomplete="off">
</div>
<p><button type="submit">Add site</button></p>
<p class="action-status" role="status"></p>
</form>
</section>
</main>`;
  return { main, tail: scriptOf('sites', { current: site.id }) };
}

/** Each panel screen's parts, by slug. */
export const PANEL_SCREEN_VIEWS: Readonly<Record<string, (site: Site, actor: Actor, panelDb: Knex) => Promise<ScreenParts>>> = {
  account,
  plugins,
  sites,
};
