/**
 * What a domain service may need, handed to every `create…Service(deps)` factory in app.ts so a
 * module can grow a dependency without touching the others' wiring.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { NotificationsService } from '../modules/notifications/service';
import type { Mailer } from './mail';
import type { Storage } from './storage';

export interface ServiceDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  notifications: NotificationsService;
}
