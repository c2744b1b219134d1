// @ts-check
/**
 * Step-up from the Seeder screen. Some writes (who may use the Seeder) need, for a cookie session, a
 * full authentication within the last 5 minutes; when it is older the server answers 403
 * `auth.step_up_required`. The screen then asks for the password in a modal dialog, sends it to the
 * control panel API's step-up (which restarts the window and rotates the session cookie) and retries
 * the write once. A wrong password is said in the dialog and changes nothing; Cancel or Escape gives
 * up without retrying.
 */
import { ApiError, STEP_UP_REQUIRED } from './api.js';
import { h, uid, whileBusy } from './dom.js';

/** @typedef {import('./api.js').SeederApi} SeederApi */

/** True for the refusal that asks for a recent sign-in. @param {unknown} error */
export function needsStepUp(error) {
  return error instanceof ApiError && error.status === 403 && error.code === STEP_UP_REQUIRED;
}

/**
 * Asks for the password and steps up. Focus moves to the password field, and back to `returnFocus`
 * when the dialog closes. Resolves true once the session is freshly authenticated, false when the
 * operator cancelled.
 * @param {SeederApi} api
 * @param {{ action: string, details: Record<string, unknown>, returnFocus: HTMLElement }} options
 *   `action` completes "… needs a recent sign-in" ("Changing who may use the Seeder"); `details` are
 *   the refusal's (`max_age_seconds`, `step_up_url`).
 * @returns {Promise<boolean>}
 */
export function stepUpDialog(api, { action, details, returnFocus }) {
  return new Promise((resolve) => {
    const titleId = uid('step-up-title');
    const textId = uid('step-up-text');
    const passwordId = uid('step-up-password');
    const errorId = `${passwordId}-error`;
    const minutes = typeof details.max_age_seconds === 'number' ? Math.max(1, Math.round(details.max_age_seconds / 60)) : 5;
    const url = typeof details.step_up_url === 'string' ? details.step_up_url : undefined;
    const password = h('input', { id: passwordId, type: 'password', name: 'password', autocomplete: 'current-password', required: true, 'aria-describedby': errorId });
    const error = h('p', { id: errorId, class: 'seeder-field-error', role: 'alert' });
    const confirm = h('button', { type: 'submit' }, 'Confirm and save');
    const cancel = h('button', { type: 'button', class: 'button-secondary' }, 'Cancel');
    const form = h(
      'form',
      { class: 'seeder-step-up-form' },
      h('h2', { id: titleId }, 'Confirm your password'),
      h('p', { id: textId }, `${action} needs a sign-in within the last ${minutes} minutes. Enter your password again; the change is then saved.`),
      h('div', { class: 'field' }, h('label', { for: passwordId }, 'Password'), password, error),
      h('p', { class: 'seeder-actions' }, cancel, confirm),
    );
    const dialog = h('dialog', { class: 'seeder-dialog seeder-step-up', 'aria-labelledby': titleId, 'aria-describedby': textId }, form);

    let checking = false;
    // Escape while the password is being checked would leave the outcome unknown: let the answer come first.
    dialog.addEventListener('cancel', (event) => {
      if (checking) event.preventDefault();
    });
    cancel.addEventListener('click', () => dialog.close('cancel'));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      checking = true;
      try {
        await whileBusy([confirm, cancel, password], form, () => api.stepUp(password.value, url));
        dialog.close('ok');
      } catch (e) {
        error.textContent = `Not confirmed: ${/** @type {Error} */ (e).message}`;
        password.setAttribute('aria-invalid', 'true');
        password.value = '';
        password.focus();
      } finally {
        checking = false;
      }
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      returnFocus.focus();
      resolve(dialog.returnValue === 'ok');
    });
    document.body.append(dialog);
    dialog.showModal();
    password.focus();
  });
}

/**
 * Runs `write`; when it is refused for an old sign-in, asks for the password (stepUpDialog) and runs
 * it once more. A second refusal is thrown like any other error, never asked again.
 * @template T
 * @param {SeederApi} api
 * @param {() => Promise<T>} write
 * @param {{ action: string, returnFocus: HTMLElement }} options
 * @returns {Promise<{ done: true, value: T } | { done: false }>} `done: false` when the operator cancelled
 */
export async function withStepUp(api, write, { action, returnFocus }) {
  try {
    return { done: true, value: await write() };
  } catch (e) {
    if (!needsStepUp(e)) throw e;
    const confirmed = await stepUpDialog(api, { action, details: /** @type {ApiError} */ (e).details, returnFocus });
    if (!confirmed) return { done: false };
  }
  return { done: true, value: await write() };
}
