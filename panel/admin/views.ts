/**
 * The admin shell's pages as HTML. Every value goes through `html`, which escapes it; the only
 * scripts are files served from this origin (the Content-Security-Policy allows nothing else).
 */
import type { Actor } from '../actor.ts';
import type { Site } from '../site.ts';
import type { OwnedAdminNotice } from './contract.ts';
import { html, jsonForScript, type Html } from './html.ts';
import type { RegisteredAdminPage } from './registry.ts';
import { adminHome, adminPageUrl, HOST_ASSETS_PATH, signInUrl } from './urls.ts';

const LEVEL_LABELS: Record<OwnedAdminNotice['level'], string> = {
  info: 'Info',
  success: 'Done',
  warning: 'Warning',
  error: 'Error',
};

function documentOf(input: { title: string; head?: Html; body: Html; bodyClass?: string }): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title}</title>
<link rel="icon" href="${HOST_ASSETS_PATH}/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${HOST_ASSETS_PATH}/admin.css">
${input.head}
</head>
<body class="${input.bodyClass ?? 'admin'}">
${input.body}
</body>
</html>
`;
}

function noticesOf(notices: readonly OwnedAdminNotice[]): Html {
  if (notices.length === 0) return html``;
  return html`<section class="admin-notices" aria-label="Notices">
${notices.map(
  (n) => html`<div class="notice notice-${n.level}" data-plugin="${n.plugin}"><p><strong class="notice-level">${LEVEL_LABELS[n.level]}:</strong> ${n.message}</p></div>
`,
)}</section>`;
}

export interface ShellInput {
  site: Site;
  actor: Actor;
  /** The pages this operator may view, for the menu. */
  menu: readonly RegisteredAdminPage[];
  /** `home`, a page slug, or nothing (error pages). */
  current?: string;
  notices: readonly OwnedAdminNotice[];
  title: string;
  /** The `<main>` element, with its id (the skip link points at it). */
  main: Html;
  mainId: string;
  head?: Html;
  /** After everything else in the body (a page's payload and script). */
  tail?: Html;
}

/** The frame of every signed-in screen: the bar with the operator and Sign out, the menu, the notices. */
export function shell(input: ShellInput): Html {
  const { site, actor } = input;
  const current = (key: string) => (input.current === key ? html` aria-current="page"` : html``);
  return documentOf({
    title: `${input.title} · ${site.name} admin`,
    head: html`${input.head}
<script type="module" src="${HOST_ASSETS_PATH}/sign-out.js"></script>`,
    body: html`<a class="skip-link" href="#${input.mainId}">Skip to content</a>
<header class="admin-bar">
<a class="admin-site" href="${adminHome(site.id)}">${site.name}</a>
<div class="admin-account">
<span class="admin-operator">${actor.email}</span>
<form class="sign-out" method="post" action="/api/v1/auth/logout" data-signed-out="${signInUrl(site.id)}">
<button type="submit" class="button-secondary">Sign out</button>
</form>
</div>
</header>
<div class="admin-layout">
<nav class="admin-menu" aria-label="Admin menu">
<ul>
<li><a href="${adminHome(site.id)}"${current('home')}>Home</a></li>
${input.menu.map((e) => html`<li><a href="${adminPageUrl(site.id, e.page.slug)}"${current(e.page.slug)}>${e.page.title}</a></li>
`)}</ul>
</nav>
<div class="admin-content">
${noticesOf(input.notices)}
${input.main}
</div>
</div>
${input.tail}`,
  });
}

export function homeMain(site: Site, actor: Actor, menu: readonly RegisteredAdminPage[]): Html {
  return html`<main id="admin-main" class="admin-main" tabindex="-1">
<h1>Home</h1>
<p>Signed in to <strong>${site.name}</strong> as <strong>${actor.email}</strong> (${actor.role}).</p>
<h2>Pages</h2>
${
  menu.length === 0
    ? html`<p>No admin pages are available to you on this site.</p>`
    : html`<ul class="admin-page-list">
${menu.map((e) => html`<li><a href="${adminPageUrl(site.id, e.page.slug)}">${e.page.title}</a></li>
`)}</ul>`
}
</main>`;
}

/** A plugin page: an empty mount point, the payload as inert JSON, the page's own stylesheet and module. */
export function pageParts(entry: RegisteredAdminPage, payload: unknown): { main: Html; head: Html; tail: Html } {
  const { page } = entry;
  return {
    head: page.style ? html`<link rel="stylesheet" href="assets/${page.style}">` : html``,
    main: html`<noscript><p class="admin-main">This page needs JavaScript.</p></noscript>
<main id="admin-app" class="admin-main" tabindex="-1"></main>`,
    tail: html`<script type="application/json" id="admin-payload">${jsonForScript(payload)}</script>
<script type="module" src="assets/${page.script ?? 'app.js'}"></script>`,
  };
}

export function forbiddenMain(site: Site, actor: Actor): Html {
  return html`<main id="admin-main" class="admin-main" tabindex="-1">
<h1>Not allowed</h1>
<p>You are signed in as <strong>${actor.email}</strong> (${actor.role}), and this page is not available to your role.
Ask an administrator for access, or go back to the <a href="${adminHome(site.id)}">admin home</a>.</p>
</main>`;
}

export function notFoundMain(home: string | undefined): Html {
  return html`<main id="admin-main" class="admin-main" tabindex="-1">
<h1>Page not found</h1>
<p>There is no admin page at this address. It may belong to a plugin that is not active.</p>
${home && html`<p><a href="${home}">Go to the admin home</a></p>`}
</main>`;
}

/** A screen without the signed-in frame (unknown site, unknown address before sign-in). */
export function bare(title: string, main: Html): Html {
  return documentOf({ title, body: main, bodyClass: 'admin admin-bare' });
}

/** The sign-in screen; `sign-in.js` drives both steps and goes to `next` (already checked by `safeNext`). */
/**
 * The sign-in screen. It is the same for every site id, existing or not, so that it names no site:
 * whoever is not signed in learns nothing about which sites exist or what they are called.
 */
export function signInPage(next: string): Html {
  return documentOf({
    title: 'Sign in · Panel admin',
    bodyClass: 'admin admin-bare',
    head: html`<script type="module" src="${HOST_ASSETS_PATH}/sign-in.js"></script>`,
    body: html`<main id="admin-main" class="admin-main sign-in">
<h1>Sign in</h1>
<p class="sign-in-site">to the panel's admin screens</p>
<p id="sign-in-message" class="form-message" role="alert"></p>
<form id="password-form" class="stack" method="post" data-next="${next}">
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
</div>
<button type="submit">Sign in</button>
</form>
<form id="code-form" class="stack" method="post" hidden>
<div class="field">
<label for="code">Authentication code</label>
<input id="code" name="code" autocomplete="one-time-code" inputmode="numeric" required aria-describedby="code-hint">
<p id="code-hint" class="hint">The 6-digit code from your authenticator app, or one of your recovery codes.</p>
</div>
<button type="submit">Verify</button>
</form>
<noscript><p>Signing in needs JavaScript.</p></noscript>
</main>`,
  });
}
