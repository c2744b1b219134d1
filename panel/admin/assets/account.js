// @ts-check
/**
 * Account and security (`/sites/{id}/admin/account/`): password, authenticator app (TOTP with a QR
 * code and recovery codes shown once), passkeys, API tokens and active sessions, all through the
 * control panel API with the session cookie. Every change goes through withStepUp (panel-api.js).
 */
import { act, api, ApiError, copy, h, uid, when } from './panel-api.js';
import { startRegistration } from './vendor/simplewebauthn/index.js';

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {HTMLElement} form */
const statusOf = (form) => /** @type {HTMLElement} */ (form.querySelector('.action-status'));

/** A list that failed to load says so where the list would be. @param {HTMLElement} where @param {unknown} e */
function failed(where, e) {
  where.replaceChildren(h('p', { class: 'is-error' }, `Could not be loaded: ${/** @type {Error} */ (e).message}`));
}

// ---- Password -------------------------------------------------------------------------------------

const passwordForm = /** @type {HTMLFormElement} */ (byId('password-form'));
passwordForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const f = /** @type {any} */ (passwordForm.elements);
  const newError = byId('new-password-error');
  const repeatError = byId('repeat-password-error');
  newError.textContent = repeatError.textContent = '';
  f.new_password.removeAttribute('aria-invalid');
  f.repeat_password.removeAttribute('aria-invalid');
  if (f.new_password.value.length < 12) {
    newError.textContent = 'The new password needs at least 12 characters.';
    f.new_password.setAttribute('aria-invalid', 'true');
    f.new_password.focus();
    return;
  }
  if (f.new_password.value !== f.repeat_password.value) {
    repeatError.textContent = 'The two new passwords are not the same.';
    f.repeat_password.setAttribute('aria-invalid', 'true');
    f.repeat_password.focus();
    return;
  }
  const button = /** @type {HTMLButtonElement} */ (passwordForm.querySelector('button[type="submit"]'));
  const status = statusOf(passwordForm);
  try {
    const done = await act({ busy: [button], status, action: 'Changing the password', done: 'Password changed. Your other sessions were signed out.' }, async () => {
      try {
        return await api('POST', '/operators/me/password', { current_password: f.current_password.value, new_password: f.new_password.value });
      } catch (e) {
        // A field problem is said at the field, not only in the status line.
        if (e instanceof ApiError && e.status === 422 && e.details.field === 'new_password') {
          newError.textContent = e.message;
          f.new_password.setAttribute('aria-invalid', 'true');
        }
        throw e;
      }
    });
    if (done !== undefined) {
      passwordForm.reset();
      void loadSessions();
    }
  } finally {
    button.disabled = false;
  }
});

// ---- Authenticator app (TOTP) ---------------------------------------------------------------------

const totp = byId('totp');

/** The recovery codes, shown once, with Copy and Download. @param {string[]} codes */
function recoveryCodesBlock(codes) {
  const text = `${codes.join('\n')}\n`;
  const status = h('p', { class: 'action-status', role: 'status' });
  const copyButton = h('button', { type: 'button', class: 'button-secondary' }, 'Copy codes');
  copyButton.addEventListener('click', () => void copy(text, status));
  const download = h('a', { class: 'button-link', download: 'panel-recovery-codes.txt', href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })) }, 'Download codes');
  const titleId = uid('codes-title');
  return h(
    'div',
    { class: 'secret-box', role: 'region', 'aria-labelledby': titleId, tabindex: '-1' },
    h('h3', { id: titleId }, 'Your recovery codes'),
    h('p', {}, 'Each code signs you in once when you do not have your authenticator app. Keep them somewhere safe: they are shown only now.'),
    h('ul', { class: 'recovery-codes' }, ...codes.map((c) => h('li', {}, h('code', {}, c)))),
    h('p', { class: 'button-row' }, copyButton, download),
    status,
  );
}

/** @param {any} me */
function renderTotp(me) {
  if (me.mfa.totp_enabled) {
    const status = h('p', { class: 'action-status', role: 'status' });
    const off = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'button-secondary' }, 'Turn off the authenticator app'));
    off.addEventListener('click', async () => {
      const done = await act({ busy: [off], status, action: 'Turning off the authenticator app', done: 'The authenticator app is off.' }, () => api('DELETE', '/operators/me/totp'));
      if (done !== undefined) await loadMe();
    });
    const regenerate = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'button-secondary' }, 'Make new recovery codes'));
    const codesSpot = h('div');
    regenerate.addEventListener('click', async () => {
      const result = await act({ busy: [regenerate], status, action: 'Making new recovery codes', done: 'New recovery codes made; the old ones no longer work.' }, () =>
        api('POST', '/operators/me/recovery-codes'),
      );
      if (result) {
        const block = recoveryCodesBlock(result.recovery_codes);
        codesSpot.replaceChildren(block);
        block.focus();
      }
    });
    totp.replaceChildren(
      h('p', {}, h('strong', {}, 'On.'), ` Signing in asks for a code from your app. Recovery codes left: ${me.mfa.recovery_codes_remaining}.`),
      h('p', { class: 'button-row' }, regenerate, off),
      status,
      codesSpot,
    );
    return;
  }
  const status = h('p', { class: 'action-status', role: 'status' });
  const start = /** @type {HTMLButtonElement} */ (h('button', { type: 'button' }, 'Set up an authenticator app'));
  start.addEventListener('click', async () => {
    const enrollment = await act({ busy: [start], status, action: 'Starting the set-up', done: 'Scan the code, then enter the code your app shows.' }, () => api('POST', '/operators/me/totp'));
    if (enrollment) showEnrollment(enrollment);
  });
  totp.replaceChildren(h('p', {}, h('strong', {}, 'Off.'), ' Add an app such as a password manager or an authenticator, so signing in needs a code from it as well as your password.'), h('p', {}, start), status);
}

/** @param {{ secret: string, otpauth_uri: string, qr_svg: string }} enrollment */
function showEnrollment(enrollment) {
  // The SVG comes from the panel's own answer; it is parsed as an image document and imported, never as HTML.
  const svg = document.importNode(new DOMParser().parseFromString(enrollment.qr_svg, 'image/svg+xml').documentElement, true);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'QR code of the authenticator set-up');
  svg.setAttribute('class', 'qr-code');
  const codeId = uid('totp-code');
  const code = /** @type {HTMLInputElement} */ (h('input', { id: codeId, name: 'code', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', maxlength: '6', required: true, 'aria-describedby': `${codeId}-error` }));
  const error = h('p', { id: `${codeId}-error`, class: 'field-error', role: 'alert' });
  const confirm = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit' }, 'Turn on'));
  const status = h('p', { class: 'action-status', role: 'status' });
  const form = h(
    'form',
    { class: 'stack', novalidate: true },
    h('ol', { class: 'steps' },
      h('li', {}, 'Scan this QR code with your authenticator app:', h('div', { class: 'qr-wrap' }, svg)),
      h('li', {}, 'Or type this key into the app: ', h('code', { id: 'totp-secret', class: 'secret' }, enrollment.secret)),
      h('li', {}, 'Enter the 6-digit code the app shows now.'),
    ),
    h('div', { class: 'field' }, h('label', { for: codeId }, 'Code from the app'), code, error),
    h('p', {}, confirm),
    status,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    code.removeAttribute('aria-invalid');
    const typed = code.value.replace(/\s+/g, '');
    if (!/^[0-9]{6}$/.test(typed)) {
      error.textContent = 'Enter the 6 digits your app shows.';
      code.setAttribute('aria-invalid', 'true');
      code.focus();
      return;
    }
    const result = await act({ busy: [confirm], status, action: 'Checking the code', done: 'The authenticator app is on.' }, () => api('POST', '/operators/me/totp/confirm', { code: typed }));
    if (!result) {
      error.textContent = status.textContent ?? '';
      code.setAttribute('aria-invalid', 'true');
      code.select();
      return;
    }
    const block = recoveryCodesBlock(result.recovery_codes);
    const me = await api('GET', '/operators/me');
    renderTotp(me);
    totp.append(block);
    block.focus();
  });
  totp.replaceChildren(form);
  code.focus();
}

async function loadMe() {
  try {
    renderTotp(await api('GET', '/operators/me'));
  } catch (e) {
    failed(totp, e);
  }
}

// ---- Passkeys -------------------------------------------------------------------------------------

const passkeys = byId('passkeys');
// Each list's status line outlives the list's re-rendering, so "removed" stays said after the reload.
const passkeysStatus = h('p', { class: 'action-status', role: 'status' });

async function loadPasskeys() {
  try {
    const page = await api('GET', '/operators/me/passkeys?limit=100');
    if (page.data.length === 0) {
      passkeys.replaceChildren(h('p', {}, 'No passkey yet.'), passkeysStatus);
      return;
    }
    const status = passkeysStatus;
    const rows = page.data.map((/** @type {any} */ p) => {
      const remove = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'button-secondary', 'aria-label': `Remove passkey ${p.name}` }, 'Remove'));
      remove.addEventListener('click', async () => {
        const done = await act({ busy: [remove], status, action: `Removing passkey "${p.name}"`, done: `Passkey "${p.name}" removed.` }, () => api('DELETE', `/operators/me/passkeys/${encodeURIComponent(p.id)}`));
        if (done !== undefined) await loadPasskeys();
      });
      return h('tr', {}, h('th', { scope: 'row' }, p.name), h('td', {}, when(p.created_at)), h('td', {}, when(p.last_used_at)), h('td', {}, remove));
    });
    passkeys.replaceChildren(
      h('div', { class: 'table-wrap' }, h('table', { class: 'stack-table' },
        h('caption', { class: 'visually-hidden' }, 'Your passkeys'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Name'), h('th', { scope: 'col' }, 'Added'), h('th', { scope: 'col' }, 'Last used'), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
        h('tbody', {}, ...rows),
      )),
      status,
    );
  } catch (e) {
    failed(passkeys, e);
  }
}

const passkeyForm = /** @type {HTMLFormElement} */ (byId('passkey-form'));
passkeyForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = /** @type {HTMLInputElement} */ (passkeyForm.elements.namedItem('name')).value.trim();
  const button = /** @type {HTMLButtonElement} */ (passkeyForm.querySelector('button[type="submit"]'));
  const done = await act({ busy: [button], status: statusOf(passkeyForm), action: 'Adding a passkey', done: 'Passkey added.' }, async () => {
    const begun = await api('POST', '/operators/me/passkeys/registration/begin');
    let credential;
    try {
      credential = await startRegistration({ optionsJSON: begun.options });
    } catch (e) {
      throw new Error(`The browser did not create a passkey (${/** @type {Error} */ (e).message || 'cancelled'}).`);
    }
    return api('POST', '/operators/me/passkeys/registration/complete', { challenge_id: begun.challenge_id, credential, ...(name ? { name } : {}) });
  });
  if (done) {
    passkeyForm.reset();
    await loadPasskeys();
  }
});

// ---- API tokens -----------------------------------------------------------------------------------

const tokens = byId('tokens');
const tokensStatus = h('p', { class: 'action-status', role: 'status' });
const created = byId('token-created');

async function loadTokens() {
  try {
    const page = await api('GET', '/operators/me/tokens?limit=100');
    if (page.data.length === 0) {
      tokens.replaceChildren(h('p', {}, 'No token yet.'), tokensStatus);
      return;
    }
    const status = tokensStatus;
    const rows = page.data.map((/** @type {any} */ t) => {
      const revoke = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'button-secondary', 'aria-label': `Revoke token ${t.name}` }, 'Revoke'));
      revoke.addEventListener('click', async () => {
        const done = await act({ busy: [revoke], status, action: `Revoking token "${t.name}"`, done: `Token "${t.name}" revoked; it no longer works.` }, () => api('DELETE', `/operators/me/tokens/${encodeURIComponent(t.id)}`));
        if (done !== undefined) await loadTokens();
      });
      return h(
        'tr',
        {},
        h('th', { scope: 'row' }, t.name, h('br'), h('code', { class: 'hint' }, t.hint)),
        h('td', { 'data-label': 'May' }, t.scopes.join(', ')),
        h('td', { 'data-label': 'Sites' }, t.sites === null ? 'every site' : t.sites.join(', ')),
        h('td', { 'data-label': 'Expires' }, t.status === 'expired' ? `expired ${when(t.expires_at)}` : when(t.expires_at)),
        h('td', { 'data-label': 'Last used' }, when(t.last_used_at)),
        h('td', {}, revoke),
      );
    });
    tokens.replaceChildren(
      h('div', { class: 'table-wrap' }, h('table', { class: 'stack-table' },
        h('caption', { class: 'visually-hidden' }, 'Your API tokens'),
        h('thead', {}, h('tr', {}, ...['Name', 'May', 'Sites', 'Expires', 'Last used'].map((c) => h('th', { scope: 'col' }, c)), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
        h('tbody', {}, ...rows),
      )),
      status,
    );
  } catch (e) {
    failed(tokens, e);
  }
}

const tokenForm = /** @type {HTMLFormElement} */ (byId('token-form'));
tokenForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const f = /** @type {any} */ (tokenForm.elements);
  const nameError = byId('token-name-error');
  nameError.textContent = '';
  f.name.removeAttribute('aria-invalid');
  const name = f.name.value.trim();
  if (!name) {
    nameError.textContent = 'Give the token a name, so you can tell it apart later.';
    f.name.setAttribute('aria-invalid', 'true');
    f.name.focus();
    return;
  }
  const scopes = [...tokenForm.querySelectorAll('input[name="scopes"]:checked')].map((i) => /** @type {HTMLInputElement} */ (i).value);
  const some = /** @type {HTMLInputElement} */ (byId('token-sites-some')).checked;
  const sites = [...tokenForm.querySelectorAll('input[name="sites"]:checked')].map((i) => /** @type {HTMLInputElement} */ (i).value);
  const status = statusOf(tokenForm);
  if (scopes.length === 0 || (some && sites.length === 0)) {
    status.textContent = scopes.length === 0 ? 'Choose at least one thing the token may do.' : 'Choose at least one site, or every site.';
    status.classList.add('is-error');
    return;
  }
  const expires = new Date(Date.now() + Number(f.expiry.value) * 86_400_000).toISOString();
  const button = /** @type {HTMLButtonElement} */ (tokenForm.querySelector('button[type="submit"]'));
  const token = await act({ busy: [button], status, action: 'Creating the token', done: 'Token created.' }, () =>
    api('POST', '/operators/me/tokens', { name, expires_at: expires, scopes, ...(some ? { sites } : {}) }),
  );
  if (!token) return;
  tokenForm.reset();
  const copyStatus = h('p', { class: 'action-status', role: 'status' });
  const copyButton = h('button', { type: 'button' }, 'Copy token');
  copyButton.addEventListener('click', () => void copy(token.token, copyStatus));
  const valueId = uid('token-value');
  created.replaceChildren(
    h('div', { class: 'secret-box' },
      h('h3', {}, `Token "${token.name}" created`),
      h('p', {}, 'Copy it now: it is shown only once, and the panel keeps only a fingerprint of it.'),
      h('label', { for: valueId }, 'Token'),
      h('input', { id: valueId, class: 'secret', readonly: true, value: token.token, spellcheck: 'false' }),
      h('p', { class: 'button-row' }, copyButton),
      copyStatus,
    ),
  );
  created.hidden = false;
  created.focus();
  await loadTokens();
});

// ---- Sessions -------------------------------------------------------------------------------------

const sessions = byId('sessions');
const sessionsStatus = h('p', { class: 'action-status', role: 'status' });

async function loadSessions() {
  try {
    const page = await api('GET', '/operators/me/sessions?limit=100');
    const status = sessionsStatus;
    const rows = page.data.map((/** @type {any} */ s) => {
      const end = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'button-secondary', 'aria-label': `End the session started ${when(s.created_at)}` }, 'End'));
      end.addEventListener('click', async () => {
        const done = await act({ busy: [end], status, action: 'Ending the session', done: 'Session ended.' }, () => api('DELETE', `/operators/me/sessions/${encodeURIComponent(s.id)}`));
        if (done !== undefined) await loadSessions();
      });
      return h(
        'tr',
        {},
        h('th', { scope: 'row' }, when(s.created_at), s.current ? h('strong', { class: 'badge' }, ' This browser') : ''),
        h('td', { 'data-label': 'Last active' }, when(s.last_seen_at)),
        h('td', { 'data-label': 'Ends' }, when(s.expires_at)),
        h('td', {}, s.current ? '' : end),
      );
    });
    const others = page.data.filter((/** @type {any} */ s) => !s.current).length;
    const endOthers = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'button-secondary', disabled: others === 0 }, 'End all other sessions'));
    endOthers.addEventListener('click', async () => {
      const done = await act({ busy: [endOthers], status, action: 'Ending the other sessions', done: 'Every other session ended.' }, () => api('DELETE', '/operators/me/sessions'));
      if (done !== undefined) await loadSessions();
    });
    sessions.replaceChildren(
      h('div', { class: 'table-wrap' }, h('table', { class: 'stack-table' },
        h('caption', { class: 'visually-hidden' }, 'Your active sessions'),
        h('thead', {}, h('tr', {}, ...['Signed in', 'Last active', 'Ends'].map((c) => h('th', { scope: 'col' }, c)), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
        h('tbody', {}, ...rows),
      )),
      h('p', {}, endOthers),
      status,
    );
  } catch (e) {
    failed(sessions, e);
  }
}

void loadMe();
void loadPasskeys();
void loadTokens();
void loadSessions();
