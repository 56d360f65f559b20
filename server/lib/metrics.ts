/**
 * Counters that code deep in the domain bumps (a ledger posting, a mail sent or refused, a scheduled
 * task's pass, a session served from the guard's cache), kept here
 * in `lib/` so the ledger and the mailer need not know the metrics route
 * (server/modules/metrics). They count per process since it started; the route registers them in
 * each app's registry (a counter may be in several registries: the tests build many apps).
 */
import { Counter } from 'prom-client';

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
