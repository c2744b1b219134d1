// @ts-check
/**
 * "Settings": the site's MCP settings (the server at all, the preview tools, the generate tools;
 * `GET`/`POST mcp-settings`) with how to connect a client, and who may use the Seeder: the capability
 * in force (`seeder_capability`) and the roles an administrator allowed besides it (`GET`/`POST access`).
 * Changing either needs `manage_options` (an allowed role may read them, not widen them) and a recent
 * sign-in: a 403 `auth.step_up_required` asks for the password (step-up.js) and saves once confirmed.
 * Without `manage_options` both are shown read-only.
 */
import { errorLines, formatNumber, h, humanise, plural, replace, uid, whileBusy } from './dom.js';
import { withStepUp } from './step-up.js';

/** @typedef {import('./state.js').SeederState} SeederState */
/** @typedef {import('./types.js').McpSettings} McpSettings */
/** @typedef {import('./types.js').AccessSettings} AccessSettings */
/** @typedef {import('./types.js').Role} Role */

/**
 * @param {SeederState} state
 * @param {HTMLElement} panel
 */
export function mountSettings(state, panel) {
  panel.append(h('h2', {}, 'Settings'), mcpPart(state), accessPart(state));
}

/**
 * A labelled checkbox with a hint under it.
 * @param {string} name
 * @param {string} label
 * @param {string} hint
 */
function checkbox(name, label, hint) {
  const id = uid(`setting-${name}`);
  const input = h('input', { type: 'checkbox', id, name, 'aria-describedby': `${id}-hint` });
  return { input, row: h('div', { class: 'seeder-check' }, input, h('label', { for: id }, label), h('p', { id: `${id}-hint`, class: 'hint' }, hint)) };
}

/** @param {McpSettings} s @param {number} perKind */
function offeredText(s, perKind) {
  if (!s.enabled) return 'Offered now: nothing. The MCP server is off.';
  if (!s.preview_tools && !s.generate_tools) return 'Offered now: no tools. The server is on, but both kinds of tool are withdrawn.';
  if (s.preview_tools && s.generate_tools) return `Offered now: ${plural(perKind * 2, 'tool', 'tools')} (${perKind} preview, ${perKind} generate).`;
  return `Offered now: ${plural(perKind, 'tool', 'tools')}, ${s.preview_tools ? 'preview only (nothing can be written)' : 'generate only'}.`;
}

/** The switches a plugin holds at another value than the stored one, in words. @param {McpSettings} s */
function decidedText(s) {
  const names = { enabled: 'the MCP server', preview_tools: 'the preview tools', generate_tools: 'the generate tools' };
  const parts = s.decided_by_plugins.map((k) => `${names[k]} ${s[k] ? 'on' : 'off'} (saved: ${s.stored[k] ? 'on' : 'off'})`);
  return parts.length ? `A plugin decides, whatever is saved here: ${parts.join('; ')}.` : '';
}

/** @param {SeederState} state */
function mcpPart(state) {
  const perKind = state.payload.mcp_tools_per_kind;
  const canChange = state.payload.operator.can_manage_options;
  /** @type {McpSettings} */
  let settings = state.payload.mcp_settings;

  const enabled = checkbox('enabled', 'MCP server on', 'Off: no tool is offered at all; the HTTP endpoint answers 404 and the stdio command refuses to start.');
  const preview = checkbox(
    'preview_tools',
    'Preview tools',
    `${plural(perKind, 'read-only tool', 'read-only tools')}, preview-<resource> (for example preview-products): each returns the rows the matching generate tool would write, and writes nothing.`,
  );
  const generate = checkbox(
    'generate_tools',
    'Generate tools',
    `${plural(perKind, 'tool', 'tools')}, generate-<resource> (for example generate-orders): each writes up to ${formatNumber(state.payload.count_per_request)} records per call to the store and records them in the ledger, so they can be removed later.`,
  );
  const legendId = uid('mcp-legend');
  const noteId = uid('mcp-note');
  const save = h('button', { type: 'submit', 'aria-describedby': noteId }, 'Save MCP settings');
  const offered = h('p', { class: 'seeder-mcp-offered' });
  const inputs = [enabled.input, preview.input, generate.input];
  // Read-only switches still show the state; the note says who can change them (the route refuses anyone else).
  for (const input of inputs) input.disabled = !canChange;
  const fieldset = h(
    'fieldset',
    { class: 'seeder-group', 'aria-labelledby': legendId, 'aria-describedby': canChange ? null : noteId },
    h('legend', { id: legendId }, 'Tools offered to MCP clients'),
    enabled.row,
    preview.row,
    generate.row,
  );
  const note = canChange
    ? h('p', { id: noteId, class: 'hint' }, 'Saving asks for your password again when you signed in more than 5 minutes ago.')
    : h(
        'p',
        { id: noteId, class: 'hint seeder-read-only' },
        'Only an administrator (the "manage_options" capability) can switch the MCP server or its tools, after confirming their password if they signed in more than 5 minutes ago.',
      );
  const mcpMessages = state.messages();
  const form = h('form', { class: 'seeder-mcp-form' }, fieldset, note, canChange ? h('p', { class: 'seeder-actions' }, save) : null, mcpMessages.element);

  // The tool switches mean nothing while the server is off: they are shown as they are stored, but locked.
  const lockTools = () => {
    for (const input of [preview.input, generate.input]) input.disabled = !canChange || !enabled.input.checked;
  };
  enabled.input.addEventListener('change', lockTools);
  // The switches show what is stored (what Save changes); "Offered now" says what is in effect, after
  // any plugin's seeder_mcp_settings filter, and names the switches a plugin holds.
  const decided = h('p', { class: 'notice notice-info seeder-mcp-decided', hidden: true });
  const render = () => {
    enabled.input.checked = settings.stored.enabled;
    preview.input.checked = settings.stored.preview_tools;
    generate.input.checked = settings.stored.generate_tools;
    offered.textContent = offeredText(settings, perKind);
    decided.hidden = settings.decided_by_plugins.length === 0;
    decided.textContent = decidedText(settings);
    lockTools();
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const next = { enabled: enabled.input.checked, preview_tools: preview.input.checked, generate_tools: generate.input.checked };
    try {
      const result = await withStepUp(state.api, () => whileBusy([save, ...inputs], form, () => state.api.post('mcp-settings', next)), {
        action: 'Changing the MCP tools',
        returnFocus: save,
      });
      lockTools();
      if (!result.done) {
        mcpMessages.say('MCP settings not changed: the password was not confirmed.');
        return;
      }
      settings = /** @type {McpSettings} */ (result.value);
      render();
      mcpMessages.say(`MCP settings saved. ${offeredText(settings, perKind)}`);
    } catch (e) {
      lockTools();
      mcpMessages.fail(`The MCP settings were not saved: ${errorLines(e)[0]}`);
    }
  });
  render();

  const headingId = uid('mcp-heading');
  const endpoint = new URL(`${state.payload.rest_base}/mcp`, window.location.origin).href;
  const email = state.payload.operator.email;
  return h(
    'section',
    { class: 'seeder-settings-part', 'aria-labelledby': headingId },
    h('h3', { id: headingId }, 'MCP tools'),
    h(
      'p',
      {},
      'The Seeder offers its preview and generate actions as Model Context Protocol (MCP) tools, one of each per generated resource, so an assistant or another MCP client can use them through the same checks as REST. A withdrawn tool is not registered at all: clients neither see it nor can call it.',
    ),
    offered,
    decided,
    form,
    h('h4', {}, 'Connect a client'),
    h(
      'dl',
      { class: 'seeder-facts' },
      h('dt', {}, 'Over HTTP'),
      h(
        'dd',
        {},
        h('code', { class: 'seeder-mcp-url' }, endpoint),
        ' (Streamable HTTP, POST) with the header ',
        h('code', {}, 'Authorization: Bearer <API token>'),
        '. A bearer token only: the panel session cookie is refused. Create a token with ',
        h('code', {}, `npx panel token create --user=${email} --name=mcp`),
        '.',
      ),
      h('dt', {}, 'Over stdio'),
      h('dd', {}, h('code', { class: 'seeder-mcp-command' }, `npx panel seeder mcp --site=${state.payload.site.id} --user=${email}`), ', run in the panel’s folder; the tools act as that operator.'),
    ),
  );
}

/** @param {SeederState} state */
function accessPart(state) {
  /** @type {AccessSettings} */
  let access = state.payload.access;
  const holders = state.payload.capability_roles;
  const canChange = state.payload.operator.can_manage_options;
  const capability = access.capability;

  /** @param {Role} role */
  const holds = (role) => holders.includes(role);
  /** @param {Role} role */
  const mayUse = (role) => holds(role) || access.allowed_roles.includes(role);

  const summary = h('ul', { class: 'seeder-access-summary' });
  const renderSummary = () =>
    replace(
      summary,
      access.roles.map((role) =>
        h(
          'li',
          { 'data-role': role },
          h('strong', {}, `${humanise(role)}: `),
          holds(role) ? `may use it (holds "${capability}")` : mayUse(role) ? 'may use it (allowed by an administrator)' : 'may not use it',
        ),
      ),
    );

  const headingId = uid('access-heading');
  const section = h(
    'section',
    { class: 'seeder-settings-part', 'aria-labelledby': headingId },
    h('h3', { id: headingId }, 'Who may use the Seeder'),
    h(
      'p',
      { class: 'seeder-capability' },
      'Operators whose role holds the ',
      h('code', {}, capability),
      ' capability may use the Seeder: this screen, its REST routes, the command line and the MCP tools alike. Administrators hold every capability, so they always may. Besides them, an administrator can allow whole roles.',
    ),
    summary,
  );
  renderSummary();

  if (!canChange) {
    section.append(
      h('p', { class: 'hint seeder-read-only' }, 'Only an administrator (the "manage_options" capability) can change who may use the Seeder, after confirming their password if they signed in more than 5 minutes ago.'),
    );
    return section;
  }

  const legendId = uid('access-legend');
  const boxes = access.roles.map((role) => {
    const id = uid(`allow-${role}`);
    const input = h('input', { type: 'checkbox', id, name: 'allowed_roles', value: role, 'aria-describedby': holds(role) ? `${id}-hint` : null });
    input.checked = mayUse(role);
    // A role that holds the capability needs no allowing, and allowing cannot take it away.
    input.disabled = holds(role);
    const row = h(
      'div',
      { class: 'seeder-check' },
      input,
      h('label', { for: id }, humanise(role)),
      holds(role) ? h('p', { id: `${id}-hint`, class: 'hint' }, `Always: holds "${capability}".`) : null,
    );
    return { role, input, row };
  });
  const accessMessages = state.messages();
  const saveHintId = uid('access-save-hint');
  const save = h('button', { type: 'submit', 'aria-describedby': saveHintId }, 'Save access');
  const form = h(
    'form',
    { class: 'seeder-access-form' },
    h('fieldset', { class: 'seeder-group', 'aria-labelledby': legendId }, h('legend', { id: legendId }, 'Roles that may use the Seeder'), boxes.map((b) => b.row)),
    h('p', { id: saveHintId, class: 'hint' }, 'Saving asks for your password again when you signed in more than 5 minutes ago.'),
    h('p', { class: 'seeder-actions' }, save),
    accessMessages.element,
  );

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    // The roles ticked, plus the capability holders already stored (their boxes are locked, so leave them as they are).
    const allowed = boxes.filter((b) => (holds(b.role) ? access.allowed_roles.includes(b.role) : b.input.checked)).map((b) => b.role);
    const controls = [save, ...boxes.map((b) => b.input)];
    try {
      const result = await withStepUp(state.api, () => whileBusy(controls, form, () => state.api.post('access', { allowed_roles: allowed })), {
        action: 'Changing who may use the Seeder',
        returnFocus: save,
      });
      if (!result.done) {
        accessMessages.say('Access not changed: the password was not confirmed.');
        return;
      }
      access = /** @type {AccessSettings} */ (result.value);
      for (const b of boxes) b.input.checked = mayUse(b.role);
      renderSummary();
      const extra = access.allowed_roles.filter((r) => !holds(r));
      accessMessages.say(`Access saved. ${extra.length ? `Allowed besides the capability: ${extra.map(humanise).join(', ')}.` : 'Only roles holding the capability may use the Seeder.'}`);
    } catch (e) {
      accessMessages.fail(`Access was not changed: ${errorLines(e)[0]}`);
    }
  });
  section.append(form);
  return section;
}
