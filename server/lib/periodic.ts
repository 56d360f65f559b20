/**
 * A task every API process runs on a timer (the plan sweep, housekeeping): started when the app is
 * ready (and once at once), never two passes of one task at a time, stopped when the app closes
 * after any running pass has finished. A failing pass is logged and the timer goes on. The timer
 * does not keep the process alive. Tasks must be safe when several processes run them at once.
 * server/jobs.ts starts every such task, in one place.
 */
import type { FastifyInstance } from 'fastify';

export function runPeriodically(
  app: FastifyInstance,
  opts: {
    /** Interval in ms; 0 or undefined → the task never runs (tests). */
    every: number | undefined;
    /** For the log: "plan sweep", "housekeeping". */
    name: string;
    /** One pass; what it answers is logged at info level when it is not undefined. */
    task: () => Promise<Record<string, number> | undefined>;
  },
): void {
  const every = opts.every ?? 0;
  if (every <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= opts
      .task()
      .then((result) => {
        if (result !== undefined) app.log.info(result, `${opts.name} done`);
      })
      .catch((err: unknown) => app.log.error({ err }, `${opts.name} failed`))
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
