/**
 * Keyset pagination on (created_at, id), the total order of every listed table. The cursor holds
 * the sort keys of the last row returned, not the row itself, so it stays valid when that row is
 * deleted: the next page simply starts after where it was. Cursors are opaque to clients
 * (base64url JSON plus a check value bound to the resource), so a string that is not one of ours,
 * or a cursor of another list, is 422 `validation.invalid`, never a 500.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { validationError } from './validate.ts';

export interface PageInput {
  limit: number;
  cursor?: string;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

interface Position {
  createdAt: string;
  id: string;
}

function check(scope: string, payload: string): string {
  return crypto.createHash('sha256').update(`panel-cursor:v1:${scope}:${payload}`).digest('base64url').slice(0, 12);
}

export function encodeCursor(scope: string, position: Position): string {
  const payload = Buffer.from(JSON.stringify([position.createdAt, position.id]), 'utf8').toString('base64url');
  return `${payload}.${check(scope, payload)}`;
}

const badCursor = () =>
  validationError([{ field: 'cursor', in: 'query', message: 'is not a cursor from this list; pass next_cursor from the previous page', rule: 'cursor' }]);

export function decodeCursor(scope: string, cursor: string): Position {
  const m = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{12})$/.exec(cursor);
  if (!m || check(scope, m[1]) !== m[2]) throw badCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((v) => typeof v === 'string')) throw badCursor();
  return { createdAt: parsed[0] as string, id: parsed[1] as string };
}

/**
 * One page of `query` (a single-table select that includes created_at and id). The seek is an
 * expanded OR, which SQLite and MariaDB both plan on the (created_at, id) index; one extra row is
 * read to know whether there is a next page.
 */
export async function keysetPage<T>(scope: string, query: Knex.QueryBuilder, input: PageInput, map: (row: Record<string, unknown>) => T): Promise<Page<T>> {
  if (input.cursor !== undefined) {
    const after = decodeCursor(scope, input.cursor);
    query.where((q) => q.where('created_at', '>', after.createdAt).orWhere((q2) => q2.where('created_at', '=', after.createdAt).andWhere('id', '>', after.id)));
  }
  const rows: Record<string, unknown>[] = await query.orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(input.limit + 1);
  const has_more = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(map),
    next_cursor: has_more && last ? encodeCursor(scope, { createdAt: String(last.created_at), id: String(last.id) }) : null,
    has_more,
  };
}
