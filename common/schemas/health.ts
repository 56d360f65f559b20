/** The answer of GET /api/health, for probes and load balancers. */
import { z } from 'zod';

/** `ok` (200) when the database answers, else `unavailable` (503). */
export const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    state: z.enum(['up', 'down']),
    driver: z.enum(['pglite', 'postgres']),
    reason: z
      .string()
      .optional()
      .describe('Why the database is down, e.g. "connect ECONNREFUSED 127.0.0.1:5432"'),
  }),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
