/** What every controller receives: the site and the actor. Surfaces build it from their own input. */
import type { Actor } from '../panel/actor.ts';
import type { Site } from '../panel/site.ts';
import type { CounterValues } from '../panel/counters.ts';

export interface SeederRequest {
  site: Site;
  actor: Actor | undefined;
  /**
   * The site's change counters as read when the request began (`Site.look`), when the surface read them:
   * the existing-record cache trusts them instead of reading them again. Absent, it reads them itself.
   */
  counters?: CounterValues;
}
