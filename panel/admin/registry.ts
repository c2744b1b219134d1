/**
 * One site's admin pages and notices, each kept with the plugin that registered it. The site adds
 * them through a plugin's context and disposes them on deactivation; the shell only reads them.
 * Pages are checked when they are registered, so a broken page fails at activation, not when an
 * operator opens it.
 */
import path from 'node:path';
import { actorCan, type Actor } from '../actor.ts';
import type { AdminNotice, AdminNoticeLevel, AdminPage, OwnedAdminNotice } from './contract.ts';

/** Lowercase letters and digits in dash-separated groups: `seeder`, `stock-report`. */
export const ADMIN_PAGE_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** One of the panel's own screens (not a plugin's), shown in every site's admin to whom `visible` allows. */
export interface PanelScreen {
  readonly slug: string;
  readonly title: string;
  /** Whether the menu lists it for this operator (the screen's API calls check again). */
  visible(actor: Actor): boolean;
}

/** The panel's own screens, in menu order, after the plugins' pages (screens.ts serves them). */
export const PANEL_SCREENS: readonly PanelScreen[] = [
  { slug: 'plugins', title: 'Plugins', visible: (actor) => actor.via === 'session' && actorCan(actor, 'manage_options') },
  { slug: 'sites', title: 'Sites and members', visible: (actor) => actor.via === 'session' && actor.owner },
  { slug: 'account', title: 'Account and security', visible: (actor) => actor.via === 'session' },
];

/** Slugs the shell answers itself (`/sites/{id}/admin/sign-in`, the panel's screens). */
const RESERVED_SLUGS: ReadonlySet<string> = new Set(['sign-in', ...PANEL_SCREENS.map((s) => s.slug)]);

/** A file inside `assetsDir`, written as it appears in the URL: no `..`, no leading dot or slash. */
const ASSET_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

const LEVELS: ReadonlySet<AdminNoticeLevel> = new Set(['info', 'success', 'warning', 'error']);

/** A page as the host keeps it: with the plugin that registered it. */
export interface RegisteredAdminPage {
  readonly plugin: string;
  readonly page: AdminPage;
}

function pageProblems(page: AdminPage): string[] {
  const problems: string[] = [];
  if (typeof page?.slug !== 'string' || !ADMIN_PAGE_SLUG.test(page.slug)) {
    problems.push('slug must be lowercase letters and digits in dash-separated groups (e.g. "stock-report")');
  } else if (RESERVED_SLUGS.has(page.slug)) {
    problems.push(`slug "${page.slug}" is reserved by the admin shell`);
  }
  if (typeof page?.title !== 'string' || page.title.trim() === '') problems.push('title must be a non-empty string');
  if (typeof page?.assetsDir !== 'string' || !path.isAbsolute(page.assetsDir)) problems.push('assetsDir must be an absolute path');
  for (const key of ['script', 'style'] as const) {
    const file = page?.[key];
    if (file !== undefined && (typeof file !== 'string' || !ASSET_PATH.test(file))) {
      problems.push(`${key} must be a relative path inside assetsDir (no "..", no leading dot or slash)`);
    }
  }
  if (typeof page?.canView !== 'function') problems.push('canView must be a function');
  if (typeof page?.payload !== 'function') problems.push('payload must be a function');
  if (page?.hidesForeignNotices !== undefined && typeof page.hidesForeignNotices !== 'function') {
    problems.push('hidesForeignNotices must be a function when given');
  }
  return problems;
}

export class AdminRegistry {
  readonly #siteId: string;
  readonly #pages = new Map<string, RegisteredAdminPage>();
  readonly #notices: OwnedAdminNotice[] = [];

  constructor(siteId: string) {
    this.#siteId = siteId;
  }

  /** Adds a page; throws when the page is malformed or its slug is taken on this site. Returns its disposer. */
  addPage(plugin: string, page: AdminPage): () => void {
    const problems = pageProblems(page);
    if (problems.length > 0) {
      throw new Error(`Admin page ${JSON.stringify(page?.slug)} of plugin "${plugin}" is invalid: ${problems.join('; ')}.`);
    }
    const taken = this.#pages.get(page.slug);
    if (taken) {
      throw new Error(`Admin page "${page.slug}" is already registered on site "${this.#siteId}" by plugin "${taken.plugin}".`);
    }
    const entry: RegisteredAdminPage = Object.freeze({ plugin, page });
    this.#pages.set(page.slug, entry);
    return () => {
      if (this.#pages.get(page.slug) === entry) this.#pages.delete(page.slug);
    };
  }

  /** Adds a notice owned by the plugin; returns its disposer (removing a notice twice does nothing). */
  addNotice(plugin: string, notice: AdminNotice): () => void {
    if (!LEVELS.has(notice?.level) || typeof notice?.message !== 'string' || notice.message.trim() === '') {
      throw new Error(`Admin notice of plugin "${plugin}" is invalid: level must be one of ${[...LEVELS].join(', ')} and message a non-empty string.`);
    }
    // A copy, so a plugin that mutates its object later cannot change a notice behind the host's back.
    const entry: OwnedAdminNotice = Object.freeze({ level: notice.level, message: notice.message, plugin });
    this.#notices.push(entry);
    return () => {
      const i = this.#notices.indexOf(entry);
      if (i >= 0) this.#notices.splice(i, 1);
    };
  }

  /** The pages in registration order. */
  pages(): RegisteredAdminPage[] {
    return [...this.#pages.values()];
  }

  page(slug: string): RegisteredAdminPage | undefined {
    return this.#pages.get(slug);
  }

  /** The notices in the order they were raised. */
  notices(): OwnedAdminNotice[] {
    return [...this.#notices];
  }
}
