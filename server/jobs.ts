/**
 * Every scheduled job, started in one place: this plugin, registered once in app.ts. Each job runs
 * through lib/periodic.ts: first when the app is ready, then on its interval, each slot of the
 * interval in one API process only (claimed in `scheduled_runs`), never two passes at once in one
 * process, stopped after any running pass when the app closes. An interval of 0 or unset turns the
 * job off (tests). The work of each is also safe should two passes overlap
 * (docs/operations.md "Scheduled tasks").
 *
 * JOB           SETTING                    ONE PASS
 * plan sweep    PLAN_SWEEP_INTERVAL_MS     completes the plans whose end date has passed (plans service,
 *                                          notices e-mailed); logs how many when any
 * housekeeping  HOUSEKEEPING_INTERVAL_MS   `purgeExpired` (modules/housekeeping/service.ts); logs the rows
 *                                          deleted by table when any
 */
import type { AppInstance } from './app-context';
import { runPeriodically } from './lib/periodic';
import { purgeExpired } from './modules/housekeeping/service';

export async function jobs(app: AppInstance) {
  const { config, database, services } = app.ctx;

  runPeriodically(app, {
    every: config.planSweepIntervalMs,
    name: 'plan sweep',
    task: async () => {
      const completed = await services.plans.completeDuePlans();
      return completed > 0 ? { completed } : undefined;
    },
  });

  runPeriodically(app, {
    every: config.housekeepingIntervalMs,
    name: 'housekeeping',
    task: async () => {
      const counts = await purgeExpired(database.db);
      return Object.values(counts).some((n) => n > 0) ? { ...counts } : undefined;
    },
  });
}
