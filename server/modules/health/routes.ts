/**
 * GET /api/health — for probes and load balancers: 200 when the database answers within 2 s, else
 * 503 with the reason (docs/operations.md "Database faults").
 */
import { healthAnswerSchema } from '@common/schemas/health';
import type { AppInstance } from '../../app-context';
import { routeSchema } from '../../lib/route-schemas';

export async function healthRoutes(app: AppInstance) {
  app.get(
    '/health',
    {
      schema: routeSchema(['health'], 'Answers whether the server and its database are up (anyone)', {
        200: healthAnswerSchema,
        503: healthAnswerSchema.describe('The database does not answer'),
      }),
    },
    async (_req, reply) => {
      const { up, reason } = await app.ctx.database.ping();
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'unavailable',
        database: { state: up ? 'up' : 'down', driver: app.ctx.database.driver, ...(reason && { reason }) },
      });
    },
  );
}
