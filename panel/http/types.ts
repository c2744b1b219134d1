import type { CounterValues } from '../counters.ts';
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
      /** The site id of site routes (`/sites/{id}/...`), as requested. */
      siteId?: string;
      /**
       * Set on site routes once the caller is known to be a member (`req.actor.role` is then its role
       * there); absent for anonymous requests to the admin, which learn nothing about the site.
       */
      site?: Site;
      /** The site's change counters as read when the request entered the site (`Site.look`). */
      siteCounters?: CounterValues;
    }
  }
}

export {};
