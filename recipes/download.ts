/**
 * Downloads for recipes and sample data. The request is a plain GET that carries nothing about the
 * site: no site id, no cookies or credentials, no referrer, no custom headers beyond `Accept`. The body
 * is read with a hard size cap (a larger answer is refused without reading it all) and a timeout.
 */

export type DownloadFailure = 'network' | 'status' | 'oversized';

export class DownloadError extends Error {
  readonly kind: DownloadFailure;
  constructor(kind: DownloadFailure, message: string) {
    super(message);
    this.name = 'DownloadError';
    this.kind = kind;
  }
}

export interface DownloadOptions {
  maxBytes: number;
  accept: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export async function downloadBytes(url: string, options: DownloadOptions): Promise<Buffer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no complete answer within ${(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000} s`)), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'GET',
        headers: { accept: options.accept },
        redirect: 'follow',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        signal: controller.signal,
      });
    } catch (e) {
      throw new DownloadError('network', `could not reach ${url}: ${reason(e)}`);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new DownloadError('status', `${url} answered HTTP ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new DownloadError('oversized', `${url} is ${declared} bytes, more than the ${options.maxBytes} accepted`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      if (res.body) {
        for await (const chunk of res.body) {
          total += chunk.byteLength;
          if (total > options.maxBytes) {
            controller.abort();
            throw new DownloadError('oversized', `${url} sent more than the ${options.maxBytes} bytes accepted`);
          }
          chunks.push(Buffer.from(chunk));
        }
      }
    } catch (e) {
      if (e instanceof DownloadError) throw e;
      throw new DownloadError('network', `the download from ${url} was interrupted: ${reason(e)}`);
    }
    return Buffer.concat(chunks);
  } finally {
    clearTimeout(timer);
  }
}

function reason(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as { cause?: unknown }).cause;
    return cause instanceof Error ? `${e.message} (${cause.message})` : e.message;
  }
  return String(e);
}
