/** What every controller receives: the site and the actor. Surfaces build it from their own input. */
import type { Actor } from '../panel/actor.ts';
import type { Site } from '../panel/site.ts';

export interface SeederRequest {
  site: Site;
  actor: Actor | undefined;
}
