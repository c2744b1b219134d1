import type { Actor } from '../actor.ts';
import type { Site } from '../site.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** `req_` plus 22 random characters; also sent as the X-Request-Id header. */
      requestId: string;
      /** Set by the identity middleware when a valid session or token came with the request. */
      actor?: Actor;
      /** Set on site routes (`/sites/{id}/...`). */
      site?: Site;
    }
  }
}

export {};
