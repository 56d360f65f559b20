/**
 * The answers of the health routes, for probes and load balancers (docs/operations.md "Health
 * checks"): GET /api/health and /api/health/ready (the database, and for ready the migrations too),
 * GET /api/health/live (the process alone).
 */
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

/** GET /api/health/ready: the health answer plus whether every migration this process ships is applied. */
export const readyAnswerSchema = healthAnswerSchema.extend({
  migrations: z
    .object({
      state: z.enum(['current', 'behind', 'unknown']),
      applied: z
        .number()
        .int()
        .nullable()
        .describe('The newest applied migration (ms since the epoch); null when none'),
      expected: z.number().int().describe('The newest migration this process ships (ms since the epoch)'),
    })
    .describe('"unknown" while the database is down'),
});
export type ReadyAnswer = z.infer<typeof readyAnswerSchema>;

/** GET /api/health/live: the process runs and answers (never asks the database). */
export const liveAnswerSchema = z.object({ status: z.literal('ok') });
export type LiveAnswer = z.infer<typeof liveAnswerSchema>;
