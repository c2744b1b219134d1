/**
 * The `svc_session` cookie. The contract fixes the name, so the `__Host-` prefix (ASVS 3.3.1) cannot
 * be used; the cookie gets the same properties by hand instead: Path=/, no Domain, HttpOnly,
 * SameSite=Lax, Secure whenever the panel is served over https, and an explicit Max-Age.
 */
export const SESSION_COOKIE = 'svc_session';

/** Reads one cookie from the raw header (no coercion, first occurrence wins). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  const attrs = [`${SESSION_COOKIE}=${token}`, `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (secure) attrs.push('Secure');
  return attrs.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', 0, secure);
}
