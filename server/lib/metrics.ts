/**
 * Counters that code deep in the domain bumps (a ledger posting, a mail sent or refused, a scheduled
 * task's pass, a session served from the guard's cache), kept here
 * in `lib/` so the ledger and the mailer need not know the metrics route
 * (server/modules/metrics). They count per process since it started; the route registers them in
 * each app's registry (a counter may be in several registries: the tests build many apps).
 */
import { Counter, Gauge, type Registry } from 'prom-client';

/** Journal entries written (every money movement; one whose transaction rolls back counts too). */
export const ledgerEntriesPosted = new Counter({
  name: 'broker_ledger_entries_posted_total',
  help: 'Journal entries written by this process (an entry whose transaction rolled back included)',
  registers: [],
});

/** Mails handed to the SMTP server (or stored in mail_outbox without one), and mails it refused. */
export const mailsSent = new Counter({
  name: 'broker_mails_total',
  help: 'Mails this process tried to send, by outcome (sent or failed)',
  labelNames: ['outcome'] as const,
  registers: [],
});

/** Passes of a scheduled task this process ran (it won the slot: lib/periodic.ts), by outcome. */
export const scheduledRuns = new Counter({
  name: 'broker_scheduled_runs_total',
  help: 'Passes of a scheduled task this process ran, by task and outcome (ok or failed)',
  labelNames: ['task', 'outcome'] as const,
  registers: [],
});

/**
 * Session lookups of the request guard (modules/auth/session-cache.ts), by outcome: `hit` (served
 * from the cache), `miss` (read from the database and cached), `bypass` (read from the database
 * because the cache is off while its PostgreSQL listener is not listening). Nothing counts on PGlite,
 * which has no cache.
 */
export const sessionCacheLookups = new Counter({
  name: 'broker_session_cache_total',
  help: 'Session lookups of the request guard by outcome (hit, miss, or bypass while not listening)',
  labelNames: ['outcome'] as const,
  registers: [],
});

/**
 * The latest ledger integrity check (modules/transparency/integrity.ts), read from the database at
 * each scrape so every process reports the same: `broker_ledger_integrity_ok` 1 passed, 0 failed
 * (alarm), -1 no check yet; `broker_ledger_integrity_checked_at_seconds` when it ran (0: never).
 */
export function registerIntegrityGauges(
  registry: Registry,
  latest: () => Promise<{ ok: boolean; checkedAt: string } | null>,
): void {
  new Gauge({
    name: 'broker_ledger_integrity_ok',
    help: 'The last ledger integrity check: 1 passed, 0 failed, -1 none yet',
    registers: [registry],
    async collect() {
      const last = await latest();
      this.set(last ? Number(last.ok) : -1);
    },
  });
  new Gauge({
    name: 'broker_ledger_integrity_checked_at_seconds',
    help: 'When the last ledger integrity check ran (Unix seconds; 0 before the first)',
    registers: [registry],
    async collect() {
      const last = await latest();
      this.set(last ? Date.parse(last.checkedAt) / 1000 : 0);
    },
  });
}
