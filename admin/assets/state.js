// @ts-check
/**
 * What the sections share: the payload, the API, the platforms report (refreshed after the target
 * changes), the store chosen for this visit's requests, the ledger summary, and one status region.
 * Sections listen for `platforms`, `choice` and `ledger` events instead of calling each other.
 */
import { h, replace, uid } from './dom.js';

/** @typedef {import('./types.js').Payload} Payload */
/** @typedef {import('./types.js').PlatformsResult} PlatformsResult */
/** @typedef {import('./types.js').LedgerSummary} LedgerSummary */
/** @typedef {import('./types.js').CapabilityCell} CapabilityCell */
/** @typedef {import('./api.js').SeederApi} SeederApi */
/**
 * @typedef {object} MessageArea
 * @property {HTMLElement} element
 * @property {(message: string) => void} say  progress or success
 * @property {(message: string | string[]) => void} fail  an error; several causes as one line each
 * @property {() => void} clear
 */

export class SeederState extends EventTarget {
  /**
   * @param {Payload} payload
   * @param {SeederApi} api
   */
  constructor(payload, api) {
    super();
    this.payload = payload;
    this.api = api;
    /** @type {PlatformsResult} */
    this.platforms = payload.platforms;
    /** @type {LedgerSummary} */
    this.ledger = payload.ledger;
    /** The store picked for requests on this page; '' means the site's target. */
    this.choice = '';
    /** @type {MessageArea[]} */
    this.areas = [];
  }

  /**
   * A message area to place next to the controls whose outcome it reports: a polite status line
   * (progress, success) and an alert line (errors). Switching sections clears every area.
   * @returns {MessageArea}
   */
  messages() {
    const status = h('p', { class: 'seeder-status', role: 'status' });
    const alert = h('p', { class: 'seeder-alert', role: 'alert' });
    const element = h('div', { class: 'seeder-live' }, status, alert);
    /** @type {MessageArea} */
    const area = {
      element,
      say(message) {
        alert.replaceChildren();
        status.textContent = message;
      },
      fail(message) {
        status.textContent = '';
        alert.replaceChildren(...(Array.isArray(message) ? message.map((m) => h('span', { class: 'seeder-alert-line' }, m)) : [message]));
      },
      clear() {
        status.textContent = '';
        alert.replaceChildren();
      },
    };
    this.areas.push(area);
    return area;
  }

  /** Clears every message area (another section was opened: its messages would only confuse). */
  clearMessages() {
    for (const a of this.areas) a.clear();
  }

  /** Active platforms, in the report's order. */
  activePlatforms() {
    return this.platforms.platforms.filter((p) => p.active);
  }

  /** @param {string | null | undefined} id */
  platformLabel(id) {
    return this.platforms.platforms.find((p) => p.id === id)?.label ?? id ?? '';
  }

  /** True when several stores are active and no usable target is stored: every write must name a store. */
  get needsChoice() {
    return this.platforms.target.ambiguous;
  }

  /** The store a request would write to now: the choice, else the resolved target; null when undecided. */
  effectivePlatform() {
    return this.choice || this.platforms.target.resolved;
  }

  /**
   * The `platform` to send, or `{ missing: true }` when the operator must choose first.
   * @returns {{ platform: string | undefined, missing: false } | { missing: true }}
   */
  platformForRequest() {
    if (this.choice) return { platform: this.choice, missing: false };
    if (this.needsChoice) return { missing: true };
    return { platform: undefined, missing: false };
  }

  /** The capability cell of `resource` for the effective platform; undefined when undecided. @param {string} resource */
  cellFor(resource) {
    const id = this.effectivePlatform();
    const report = this.platforms.platforms.find((p) => p.id === id);
    return report ? /** @type {Record<string, CapabilityCell>} */ (report.capabilities)[resource] : undefined;
  }

  /** @param {string} value */
  setChoice(value) {
    if (value === this.choice) return;
    this.choice = value;
    this.dispatchEvent(new Event('choice'));
  }

  async refreshPlatforms() {
    this.platforms = await this.api.get('platforms');
    // A choice of a store that is no longer active would be refused; fall back to the target.
    if (this.choice && !this.activePlatforms().some((p) => p.id === this.choice)) this.choice = '';
    this.dispatchEvent(new Event('platforms'));
  }

  /**
   * After an error that says the stores changed since the page loaded (another store activated, the
   * chosen one deactivated), reads the platforms again so the pickers ask for what is needed now.
   * @param {unknown} error
   */
  async recoverFrom(error) {
    const code = /** @type {{ code?: unknown }} */ (error)?.code;
    if (code === 'platform.required' || code === 'platform.inactive' || code === 'platform.unknown' || code === 'platform.none') {
      await this.refreshPlatforms().catch(() => undefined);
    }
  }

  async refreshLedger() {
    this.ledger = await this.api.get('generated');
    this.dispatchEvent(new Event('ledger'));
  }
}

/**
 * The "Store to write to" select of a section (Generate, Recipes). All pickers show the same choice.
 * With several stores active and no target it starts empty and is required: `check()` then refuses
 * to go on, says why next to it and moves focus there, so no request can get 409 platform.required.
 * @param {SeederState} state
 */
export function platformPicker(state) {
  const id = uid('platform');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const select = h('select', { id, name: 'platform', 'aria-describedby': `${hintId} ${errorId}` });
  const hint = h('p', { id: hintId, class: 'hint' });
  const error = h('p', { id: errorId, class: 'seeder-field-error', hidden: true });
  const field = h('div', { class: 'field seeder-platform-picker' }, h('label', { for: id }, 'Store to write to'), select, hint, error);

  const render = () => {
    const { target } = state.platforms;
    const active = state.activePlatforms();
    /** @type {HTMLOptionElement[]} */
    const options = [];
    if (target.resolved) {
      const why = target.stored === target.resolved ? 'site target' : active.length > 1 ? 'Auto' : 'the only active store';
      options.push(h('option', { value: '' }, `${state.platformLabel(target.resolved)} (${why})`));
    } else {
      options.push(h('option', { value: '' }, active.length ? 'Choose a store…' : 'No store is active'));
    }
    for (const p of active) options.push(h('option', { value: p.id }, p.label));
    replace(select, ...options);
    select.value = state.choice;
    select.required = state.needsChoice;
    select.disabled = active.length === 0;
    hint.textContent = state.needsChoice
      ? `Several stores are active (${active.map((p) => p.label).join(', ')}) and no site-wide target is set: choose where to write.`
      : active.length === 0
        ? 'Activate a store plugin to write records.'
        : 'Writes go to this store. Change the site-wide target under "Store to write to".';
    if (state.choice || !state.needsChoice) clearError();
  };
  const clearError = () => {
    error.hidden = true;
    error.textContent = '';
    select.removeAttribute('aria-invalid');
  };
  select.addEventListener('change', () => state.setChoice(select.value));
  state.addEventListener('choice', render);
  state.addEventListener('platforms', render);
  render();

  return {
    element: field,
    /**
     * The platform to send, or null (after showing why) when a choice is needed first.
     * @returns {{ platform: string | undefined } | null}
     */
    check() {
      const answer = state.platformForRequest();
      if (!answer.missing) {
        clearError();
        return { platform: answer.platform };
      }
      error.textContent = 'Choose the store to write to: several are active and no site-wide target is set.';
      error.hidden = false;
      select.setAttribute('aria-invalid', 'true');
      select.focus();
      return null;
    },
  };
}

/**
 * A short, human description of a capability cell.
 * @param {CapabilityCell | undefined} cell
 * @returns {{ supported: boolean, label: string, reason: string | null }}
 */
export function describeCell(cell) {
  if (!cell) return { supported: false, label: 'Not supported', reason: null };
  switch (cell.status) {
    case 'supported':
      return { supported: true, label: 'Supported', reason: null };
    case 'supported_except':
      return { supported: true, label: `Supported, except ${cell.fields.join(', ')}`, reason: cell.reason };
    case 'missing_extension':
      return { supported: false, label: `Needs ${cell.extension.label}`, reason: cell.reason };
    default:
      return { supported: false, label: 'Not supported', reason: cell.reason };
  }
}
