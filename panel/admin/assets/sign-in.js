// The admin sign-in screen: the password step (POST /api/v1/auth/login), then, when the account has
// TOTP, the code step (POST /api/v1/auth/totp-verify). Or a passkey (POST /api/v1/auth/passkey/begin
// and /complete): offered in the email field's autofill where the browser supports WebAuthn
// conditional UI, and always by the "Sign in with a passkey" button where WebAuthn exists. Errors come in the panel's envelope
// ({"error":{"code","message",...}}) and are shown in the page's alert region. On success the browser
// goes to the form's data-next, which the server has already limited to this site's admin.

import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from './vendor/simplewebauthn/index.js';

const passwordForm = document.getElementById('password-form');
const codeForm = document.getElementById('code-form');
const message = document.getElementById('sign-in-message');
const next = passwordForm.dataset.next;

function show(text) {
  message.textContent = text;
}

/** POSTs JSON; resolves with { ok, status, body } and never throws on an HTTP error. */
async function post(url, data) {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: data === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  let body = null;
  try {
    body = await res.json();
  } catch {
    // an empty or non-JSON answer: the status alone decides
  }
  return { ok: res.ok, status: res.status, body };
}

function errorText(result) {
  const text = result.body?.error?.message;
  return typeof text === 'string' && text !== '' ? text : `Signing in failed (HTTP ${result.status}). Try again.`;
}

/** Runs one step with the form's button disabled, so a double click cannot send it twice. */
async function step(form, run) {
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  show('');
  try {
    await run();
  } catch {
    show('The panel could not be reached. Check the connection and try again.');
  } finally {
    button.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

function askForCode() {
  passwordForm.hidden = true;
  codeForm.hidden = false;
  codeForm.elements.code.value = '';
  codeForm.elements.code.focus();
}

function askForPassword(text) {
  codeForm.hidden = true;
  passwordForm.hidden = false;
  passwordForm.elements.password.value = '';
  passwordForm.elements.password.focus();
  show(text);
}

passwordForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void step(passwordForm, async () => {
    const result = await post('/api/v1/auth/login', {
      email: passwordForm.elements.email.value.trim(),
      password: passwordForm.elements.password.value,
    });
    if (!result.ok) {
      show(errorText(result));
      return;
    }
    if (result.body?.mfa_pending) askForCode();
    else location.assign(next);
  });
});

codeForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void step(codeForm, async () => {
    const typed = codeForm.elements.code.value.replace(/\s+/g, '');
    // Six digits are an authenticator code; anything else is taken for a recovery code.
    const result = await post('/api/v1/auth/totp-verify', /^[0-9]{6}$/.test(typed) ? { code: typed } : { recovery_code: typed });
    if (result.ok) {
      location.assign(next);
      return;
    }
    // The pending sign-in is over (expired, or that was the last attempt): back to the password.
    const error = result.body?.error;
    if (error?.code === 'auth.unauthenticated' || error?.details?.attempts_left === 0) askForPassword(errorText(result));
    else {
      show(errorText(result));
      codeForm.elements.code.select();
    }
  });
});

// ---- Passkeys ---------------------------------------------------------------------------------------

const passkeyBox = document.getElementById('passkey-sign-in');
const passkeyButton = passkeyBox.querySelector('button');

/** One passkey ceremony; `autofill` waits for the browser's autofill (conditional UI) instead of a dialog. */
async function passkeySignIn(autofill) {
  const begun = await post('/api/v1/auth/passkey/begin', undefined);
  if (!begun.ok) throw new Error(errorText(begun));
  const credential = await startAuthentication({ optionsJSON: begun.body.options, useBrowserAutofill: autofill });
  const done = await post('/api/v1/auth/passkey/complete', { challenge_id: begun.body.challenge_id, credential });
  if (!done.ok) throw new Error(errorText(done));
  location.assign(next);
}

if (browserSupportsWebAuthn()) {
  passkeyBox.hidden = false;
  passkeyButton.addEventListener('click', () => {
    // A waiting autofill request is cancelled by the new ceremony (SimpleWebAuthn aborts it).
    passkeyButton.disabled = true;
    show('');
    passkeySignIn(false)
      .catch((e) => {
        show(e?.name === 'NotAllowedError' || e?.name === 'AbortError' ? 'No passkey was used. Try again, or sign in with your password.' : `Signing in with a passkey failed: ${e.message}`);
      })
      .finally(() => {
        passkeyButton.disabled = false;
      });
  });
  void browserSupportsWebAuthnAutofill().then((yes) => {
    if (!yes) return;
    // Quietly: an autofill request that ends (expired challenge, another ceremony started) is not an error to show.
    passkeySignIn(true).catch(() => {});
  });
}

// Leaving with the password form cancels a waiting autofill request.
passwordForm.addEventListener('submit', () => WebAuthnAbortService.cancelCeremony());
