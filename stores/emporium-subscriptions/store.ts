/** The EMPORIUM_SUBSCRIPTIONS service: subscriptions on top of emporium's customers, orders and products. */
import type { Knex } from 'knex';
import { EMPORIUM_INFO } from '../emporium/store.ts';
import { SubscriptionRepository } from './subscriptions.ts';
import { SUBSCRIPTION_TABLES } from './tables.ts';

export class EmporiumSubscriptionsStore {
  readonly db: Knex;
  /** The tables this extension owns (its ids come from emporium's sequence table). */
  readonly tables: readonly string[] = SUBSCRIPTION_TABLES;
  /** Subscriptions; search by id or customer email/name. */
  readonly subscriptions = new SubscriptionRepository(EMPORIUM_INFO);

  constructor(db: Knex) {
    this.db = db;
  }
}

