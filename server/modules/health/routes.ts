/**
 * The health routes, for probes and load balancers (docs/operations.md "Health checks"):
 * GET /api/health        200 when the database answers a trivial query within 2 s, else 503 with
 *                        the reason (as ever: older probes keep working)
 * GET /api/health/live   200 while the process runs and answers; never asks the database (a
 *                        liveness probe: restart the process when it fails)
 * GET /api/health/ready  200 when the database answers and every migration this process ships is
 *                        applied, else 503 (a readiness probe: send no traffic while it fails)
 * A 503 carries `Retry-After` (lib/error-handler.ts RETRY_AFTER_SECONDS).
 */
import type { FastifyReply } from 'fastify';
import {
  healthAnswerSchema,
  liveAnswerSchema,
  readyAnswerSchema,
  type HealthAnswer,
  type ReadyAnswer,
} from '@common/schemas/health';
import type { Db } from '../../db/client';
import type { AppInstance } from '../../app-context';
import { RETRY_AFTER_SECONDS } from '../../lib/error-handler';
import { declareRoutes } from '../../lib/declare-routes';
import { latestMigrationAt, migrationState } from './readiness';

const tags = ['health'];

/** The migrations while the database does not answer. */
const unknownMigrations = (): ReadyAnswer['migrations'] => ({
  state: 'unknown',
  applied: null,
  expected: latestMigrationAt(),
});

/** The migrations' part of the ready answer (`unknown` when the database fails the query). */
async function migrations(db: Db): Promise<ReadyAnswer['migrations']> {
  try {
    const m = await migrationState(db);
    return { state: m.current ? 'current' : 'behind', applied: m.applied, expected: m.expected };
  } catch {
    return unknownMigrations();
  }
}

export async function healthRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { database } = app.ctx;

  /** The database part of an answer, and whether it is up. */
  async function databaseHealth(): Promise<HealthAnswer['database']> {
    const { up, reason } = await database.ping();
    return { state: up ? 'up' : 'down', driver: database.driver, ...(reason && { reason }) };
  }

  /** Sets the status (and on 503 Retry-After) of a health answer. */
  function status(reply: FastifyReply, ok: boolean): 'ok' | 'unavailable' {
    reply.code(ok ? 200 : 503);
    if (!ok) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return ok ? 'ok' : 'unavailable';
  }

  route.get('/health', {
    summary: 'Answers whether the server and its database are up (anyone)',
    schema: {
      response: { 200: healthAnswerSchema, 503: healthAnswerSchema.describe('The database does not answer') },
    },
    // a database that does not answer is the 503 health answer, never an error answer
    config: { errorCodes: [] },
    handler: async (_req, reply) => {
      const db = await databaseHealth();
      return { status: status(reply, db.state === 'up'), database: db };
    },
  });

  route.get('/health/live', {
    summary: 'Answers 200 while the process runs, without asking the database (anyone)',
    schema: { response: { 200: liveAnswerSchema } },
    config: { errorCodes: [] },
    handler: async () => ({ status: 'ok' as const }),
  });

  route.get('/health/ready', {
    summary:
      'Answers whether this process can serve: its database answers and has every migration it ships (anyone)',
    schema: {
      response: {
        200: readyAnswerSchema,
        503: readyAnswerSchema.describe('The database does not answer, or lacks migrations'),
      },
    },
    config: { errorCodes: [] },
    handler: async (_req, reply) => {
      const db = await databaseHealth();
      const state = db.state === 'up' ? await migrations(database.db) : unknownMigrations();
      const ok = db.state === 'up' && state.state === 'current';
      return { status: status(reply, ok), database: db, migrations: state };
    },
  });
}
