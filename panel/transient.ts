/**
 * Transient database failures, and retrying the work they abort.
 *
 * A deadlock or a lock-wait timeout (MySQL/MariaDB errno 1213, 1205; a Galera certification conflict is
 * reported as 1213, at any statement or at COMMIT), a commit a Galera node could not replicate (1180, below)
 * and SQLite's busy errors abort the whole transaction:
 * nothing of it is left, and the connection has left it. The only correct answer is to run the whole
 * unit again, from its first statement, after a short wait; never to carry on, nor to count one
 * entity as failed (nothing done in it survives). `retryTransient` does that with a
 * bounded, jittered backoff, and past its attempts throws `server.busy` (503, Retry-After), which says
 * that nothing was written.
 */
import { PanelError } from './errors.ts';

const MYSQL_TRANSIENT = new Set([1213, 1205]);
const MYSQL_TRANSIENT_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const SQLITE_TRANSIENT = /^SQLITE_(BUSY|LOCKED)/;
/**
 * A commit a Galera node could not replicate: MariaDB answers 1180 (ER_ERROR_DURING_COMMIT) with "Error while
 * appending streaming replication fragment(provider status: ...)", as when the node is out of the primary
 * component for the moment another node leaves the cluster. The write set never left the node, so the
 * transaction was rolled back, and the same work commits once the cluster has settled. Other errors during
 * COMMIT (1180 with the storage engine's words) are not taken for transient.
 */
const GALERA_UNREPLICATED_COMMIT = { errno: 1180, message: /replication fragment/ };

/** Whether `e` (or an error it wraps, as `cause`) is a failure that running the same work again may cure. */
export function isTransient(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && typeof cur === 'object' && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const { errno, code, sqlMessage } = cur as { errno?: unknown; code?: unknown; sqlMessage?: unknown };
    if (typeof errno === 'number' && MYSQL_TRANSIENT.has(errno)) return true;
    if (typeof code === 'string' && (MYSQL_TRANSIENT_CODES.has(code) || SQLITE_TRANSIENT.test(code))) return true;
    if (errno === GALERA_UNREPLICATED_COMMIT.errno && typeof sqlMessage === 'string' && GALERA_UNREPLICATED_COMMIT.message.test(sqlMessage)) return true;
  }
  return false;
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'PROTOCOL_CONNECTION_LOST', 'ER_SERVER_SHUTDOWN']);
/** Server gone (2002, 2003, 2006, 2013), shutting down (1053), or a Galera node not part of the cluster (1047). */
const UNREACHABLE_ERRNOS = new Set([2002, 2003, 2006, 2013, 1053, 1047]);

/** Whether `e` says the database cannot be reached (a stopped server or node, a lost connection, an exhausted pool). */
export function isUnreachable(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && typeof cur === 'object' && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const { errno, code, name } = cur as { errno?: unknown; code?: unknown; name?: unknown };
    if (typeof errno === 'number' && UNREACHABLE_ERRNOS.has(errno)) return true;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (name === 'KnexTimeoutError') return true;
  }
  return false;
}

/** The database's words for a failure, without the statement that failed (mysql2's sqlMessage, else the code). */
function reason(e: unknown): string {
  const { sqlMessage, code } = e as { sqlMessage?: unknown; code?: unknown };
  if (typeof sqlMessage === 'string') return sqlMessage;
  return typeof code === 'string' ? code : 'busy';
}

export interface RetryOptions {
  /** Runs in all, the first included (default 6). */
  attempts?: number;
  /** The first wait; each next one doubles, each jittered by ±50 % (default 15 ms). */
  baseMs?: number;
  /** Called before each wait (for counting retries). */
  onRetry?(attempt: number, error: unknown): void;
}

/** Aborted runs this process ran again (the CLI's `--total` summary reports them; `npm run bench` reads that line). */
export const retryStats = { retries: 0 };

/**
 * Runs `work` (a whole transaction) until it succeeds, fails otherwise than transiently, or has run
 * `attempts` times; each transient failure waits a jittered, doubling time first.
 */
export async function retryTransient<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 6;
  const base = options.baseMs ?? 15;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      if (!isTransient(e)) throw e;
      if (attempt >= attempts) {
        throw new PanelError(
          'server.busy',
          `The database stayed busy (${reason(e)}) through ${attempts} attempts; nothing was written. Try again in a moment.`,
          { attempts },
          { 'Retry-After': '1' },
        );
      }
      retryStats.retries += 1;
      options.onRetry?.(attempt, e);
      const wait = base * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
