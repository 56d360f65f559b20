/**
 * The first stage of building services (docs/architecture.md, "Services"): what app.ts makes from
 * the config and the open database before any service exists — the database, the logger, the
 * config, the mailer, the file storage, and the open database's row streaming (exports). The building-block services that other services use
 * (notifications, one-time codes, the account throttle, sessions, two-factor, better-auth, the
 * ledger, the guards) are made from this alone: `createX(base: BaseDeps)`. Every other service gets
 * them too, in `ServiceDeps` (service-deps.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from './mail';
import type { Storage } from './storage';

export interface BaseDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  /** Rows in batches, from a cursor on PostgreSQL (`Database.streamRows`): for exports of any length. */
  streamRows: Database['streamRows'];
}
