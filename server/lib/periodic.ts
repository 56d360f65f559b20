/**
 * A scheduled task (the plan sweep, housekeeping): every API process keeps a timer, but each time
 * slot of the interval runs once across all of them. On each tick a process claims the current
 * slot by inserting (task, slot) into `scheduled_runs`; only the process whose insert succeeds runs
 * the pass and records when it finished (or why it failed); the others find the slot taken and skip
 * it (docs/operations.md "Scheduled tasks"). The slot is the time rounded down to the interval, so
 * every process names it alike whatever its start time.
 *
 * Started when the app is ready (and once at once), never two passes of one task at a time in one
 * process, stopped when the app closes after any running pass has finished. A failing pass, or a
 * database that cannot be reached for the claim, is logged and the timer goes on. The timer does not
 * keep the process alive. server/jobs.ts starts every such task, in one place.
 */
import { hostname } from 'node:os';
import { and, eq } from 'drizzle-orm';
import type { AppInstance } from '../app-context';
import { scheduledRuns } from '../db/schema';
import { scheduledRuns as runsCounter } from './metrics';

/** This process, as `scheduled_runs.run_by` names it. */
const PROCESS = `${hostname()}:${process.pid}`;

/**
 * Runs `opts.task` once per slot of `opts.every` ms across all processes on the app's database.
 * An interval of 0 or undefined turns the task off (tests).
 */
export function runPeriodically(
  app: AppInstance,
  opts: {
    /** Interval in ms; 0 or undefined → the task never runs (tests). */
    every: number | undefined;
    /** For the log and `scheduled_runs.name`: "plan sweep", "housekeeping". */
    name: string;
    /** One pass; what it answers is logged at info level when it is not undefined. */
    task: () => Promise<Record<string, number> | undefined>;
  },
): void {
  const every = opts.every ?? 0;
  if (every <= 0) return;
  const { db } = app.ctx.database;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  /** Claims the current slot; answers it when this process got it, else null. */
  const claim = async (): Promise<Date | null> => {
    const slot = new Date(Math.floor(Date.now() / every) * every);
    const [row] = await db
      .insert(scheduledRuns)
      .values({ name: opts.name, slot, runBy: PROCESS })
      .onConflictDoNothing()
      .returning({ slot: scheduledRuns.slot });
    return row ? slot : null;
  };

  const finish = (slot: Date, error: string | null) =>
    db
      .update(scheduledRuns)
      .set({ finishedAt: new Date(), error })
      .where(and(eq(scheduledRuns.name, opts.name), eq(scheduledRuns.slot, slot)));

  const runOnce = async () => {
    const slot = await claim();
    if (!slot) return;
    try {
      const result = await opts.task();
      if (result !== undefined) app.log.info(result, `${opts.name} done`);
      runsCounter.inc({ task: opts.name, outcome: 'ok' });
      await finish(slot, null);
    } catch (err) {
      runsCounter.inc({ task: opts.name, outcome: 'failed' });
      app.log.error({ err }, `${opts.name} failed`);
      await finish(slot, err instanceof Error ? err.message : String(err));
    }
  };

  const pass = () => {
    running ??= runOnce()
      .catch((err: unknown) => app.log.error({ err }, `${opts.name}: could not claim or record its slot`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void pass(), every);
    timer.unref();
    void pass();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
