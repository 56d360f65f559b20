/**
 * Runs housekeeping (`purgeExpired`) every `config.housekeepingIntervalMs` in each API process
 * (lib/periodic.ts); logs what a pass deleted when it deleted anything.
 */
import type { AppInstance } from '../../app-context';
import { runPeriodically } from '../../lib/periodic';
import { purgeExpired } from './service';

export async function housekeeping(app: AppInstance) {
  runPeriodically(app, {
    every: app.ctx.config.housekeepingIntervalMs,
    name: 'housekeeping',
    task: async () => {
      const counts = await purgeExpired(app.ctx.database.db);
      return Object.values(counts).some((n) => n > 0) ? { ...counts } : undefined;
    },
  });
}
