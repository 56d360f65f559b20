/**
 * The loop of a background worker that works through a table (the mail outbox, lib/mail.ts; the
 * webhook deliveries, modules/webhooks/worker.ts): `run()` starts a pass now, or, while one runs,
 * asks for one more right after it (so a wake-up during a pass is never lost, and two passes of one
 * process never overlap); `start()` runs a pass at once and then every `everyMs`; `close()` stops
 * the timer and waits for the running pass. A failing pass is logged and counts 0.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface PollingWorker {
  /** Starts a pass (or one more after the running one); answers how many rows the pass took. */
  run(): Promise<number>;
  /** A pass now, then every `everyMs`; once only. */
  start(): void;
  /** Whether `start()` has run and `close()` has not. */
  readonly started: boolean;
  /** Whether `close()` was called: a pass checks it between batches and ends. */
  readonly closed: boolean;
  /** Stops the timer and answers once the running pass has ended. */
  close(): Promise<void>;
}

/** A worker running `pass` (one pass: every due row, a batch at a time), named `name` in the log. */
export function pollingWorker(opts: {
  name: string;
  log: FastifyBaseLogger;
  everyMs: number;
  pass: () => Promise<number>;
}): PollingWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;

  function run(): Promise<number> {
    if (closed) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = opts
      .pass()
      .catch((err: unknown) => {
        opts.log.error({ err }, `${opts.name} pass failed`);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          void run();
        }
      });
    return running;
  }

  return {
    run,
    start() {
      if (timer || closed) return;
      timer = setInterval(() => void run(), opts.everyMs);
      timer.unref();
      void run();
    },
    get started() {
      return timer !== undefined;
    },
    get closed() {
      return closed;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
