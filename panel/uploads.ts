/**
 * A site's uploads: files a plugin makes for a site's records (the Seeder's product pictures), kept in the
 * site's uploads folder (`Site.uploadsDir`: `uploads` in the site's folder, or `<PANEL_UPLOADS_DIR>/<site id>`)
 * and served to the site's members at `/sites/{site_id}/uploads/{path}`.
 *
 * Served as what they are and nothing more: the type from a short list of extensions (anything else is 404),
 * `X-Content-Type-Options: nosniff`, and a Content-Security-Policy that lets no script run and nothing load
 * (`sandbox` too), so an SVG opened on its own cannot act as a page of the panel's origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';

/** The uploads folder's name inside a site's folder, and the URL segment after `/sites/{site_id}/`. */
export const UPLOADS_FOLDER = 'uploads';

/** What the uploads route serves, by extension. */
export const UPLOAD_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** The header every upload is served with: nothing runs, nothing loads, inline styles (an SVG's own) only. */
export const UPLOADS_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** A relative upload path: segments of letters, digits, `-`, `_` and `.`, none starting with a dot. */
const SAFE_PATH = /^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Whether `file` is a relative path the uploads folder may hold (no `..`, no absolute path, no hidden file). */
export function isUploadPath(file: string): boolean {
  return file.length <= 512 && SAFE_PATH.test(file);
}

/** The URL (path) a site's upload is served at. */
export function uploadUrl(siteId: string, file: string): string {
  return `/sites/${encodeURIComponent(siteId)}/${UPLOADS_FOLDER}/${file}`;
}

/** The upload's place on disk; throws for a path the folder may not hold. */
export function uploadFile(uploadsDir: string, file: string): string {
  if (!isUploadPath(file)) throw new Error(`"${file}" is not an upload path.`);
  return path.join(uploadsDir, ...file.split('/'));
}

/**
 * Writes uploads (relative path -> content) into the folder, making the folders they need; a reader never sees
 * half a file. Returns the paths written.
 */
export async function writeUploads(uploadsDir: string, files: ReadonlyArray<{ file: string; content: string | Uint8Array }>): Promise<string[]> {
  const targets = files.map((f) => uploadFile(uploadsDir, f.file));
  // Kept to the owner like everything under the data folder (panel/private-files.ts): the panel serves them.
  for (const dir of new Set(targets.map((t) => path.dirname(t)))) fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // Small files, one after another without the thread pool (on a busy machine its queue costs more than the
  // writes). Each goes to a temporary name first and is renamed into place, so a process stopped mid-write
  // never leaves a short picture behind a committed record (a request for the same rows is refused later).
  files.forEach((f, i) => {
    const temporary = `${targets[i]}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, f.content, { mode: PRIVATE_FILE_MODE });
    fs.renameSync(temporary, targets[i]!);
  });
  return files.map((f) => f.file);
}

/** Removes uploads; a file already gone is fine. Empty folders left behind are removed up to the uploads folder. */
export async function removeUploads(uploadsDir: string, files: Iterable<string>): Promise<number> {
  let removed = 0;
  const dirs = new Set<string>();
  for (const file of files) {
    if (!isUploadPath(file)) continue;
    const target = uploadFile(uploadsDir, file);
    try {
      await fs.promises.unlink(target);
      removed++;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    dirs.add(path.dirname(target));
  }
  // Deepest first; a folder another file still holds stays (rmdir refuses it).
  for (let dir of [...dirs].sort((a, b) => b.length - a.length)) {
    while (dir.startsWith(uploadsDir + path.sep)) {
      try {
        await fs.promises.rmdir(dir);
      } catch {
        break;
      }
      dir = path.dirname(dir);
    }
  }
  return removed;
}

/**
 * The route of a site's uploads (mounted under `/sites/:siteId/uploads`, after the site is entered, so only
 * its members see them). GET and HEAD only; an unknown file or type is the panel's 404.
 */
export function serveUploads(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const site = req.site;
    let file: string;
    try {
      file = decodeURIComponent(req.path.replace(/^\//, ''));
    } catch {
      return next();
    }
    const type = UPLOAD_TYPES[path.extname(file).toLowerCase()];
    if (!site || !type || !isUploadPath(file)) return next();
    res.setHeader('Content-Security-Policy', UPLOADS_CSP);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Content-Type', type);
    res.sendFile(file, { root: site.uploadsDir, dotfiles: 'deny' }, (error) => {
      if (!error) return;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as { status?: number }).status === 404) return next();
      next(error);
    });
  };
}
