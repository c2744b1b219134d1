/** The CARTWHEEL_PRO service: licences on top of cartwheel's customers, orders and products. */
import type { Knex } from 'knex';
import { CARTWHEEL_INFO } from '../cartwheel/store.ts';
import { LicenseRepository } from './licenses.ts';
import { PRO_TABLES } from './schema.ts';

export class CartwheelProStore {
  readonly db: Knex;
  /** The tables this extension owns (its ids come from cartwheel's sequence table). */
  readonly tables: readonly string[] = PRO_TABLES;
  /** Licences with their activations; search by key. */
  readonly licenses = new LicenseRepository(CARTWHEEL_INFO);

  constructor(db: Knex) {
    this.db = db;
  }
}

