/**
 * Vitest set-up for a test file that needs two real API processes on one fresh PostgreSQL database,
 * plus an in-process app on the same database and session secret (to create users, codes and read
 * rows back). Needs TEST_DATABASE_URL; callers wrap their `describe` in `describe.skipIf(!pg)`.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import type { AppInstance } from '../app-context';
import { createTestDatabase, testConfig } from './app';
import { startApiProcess, stopAll, type ApiProcess } from './processes';

export interface TwoProcesses {
  /** The two servers (filled in beforeAll). */
  servers: [ApiProcess, ApiProcess];
  /** The in-process app (not listening). */
  app: AppInstance;
  /** The session secret all three share. */
  secret: string;
}

/**
 * Registers beforeAll/afterAll that start and stop the processes; answers an object whose fields
 * are set once beforeAll has run. `env` is passed to both processes (e.g. PLAN_SWEEP_INTERVAL_MS).
 */
export function useTwoApiProcesses(env?: Record<string, string>): TwoProcesses {
  const ctx = { secret: randomBytes(32).toString('base64url') } as TwoProcesses;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    ctx.app = await buildApp(testConfig({ sessionSecret: ctx.secret }), created.database);
    const start = () => startApiProcess({ databaseUrl: created.url!, sessionSecret: ctx.secret, env });
    ctx.servers = await Promise.all([start(), start()]);
  }, 120_000);
  afterAll(async () => {
    await stopAll(ctx.servers ?? []);
    await ctx.app?.close();
    await drop?.();
  });
  return ctx;
}
