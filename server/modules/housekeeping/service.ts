/**
 * Housekeeping: rows that only serve for a while are deleted once they no longer can, so these
 * tables stay small. Runs once per slot across processes (lib/periodic.ts), and would be safe in several at once (plain DELETEs by age).
 * - idempotency keys after IDEMPOTENCY_KEY_RETENTION_HOURS: a retry sent later with the same key is
 *   treated as a new request (clients retry within seconds or minutes);
 * - one-time codes (withdrawal codes), better-auth verifications (e-mail codes) and sessions one day
 *   after they expired: nothing reads an expired one (the day's margin keeps a row a request may be
 *   judging right now);
 * - two-factor sign-in challenges one day after they expired;
 * - rate-limit counts (and per-account limits) an hour after their window ended;
 * - the record of scheduled passes (`scheduled_runs`, lib/periodic.ts) after a week;
 * - and it blanks the bodies of sent mails after MAIL_RETENTION_DAYS, keeping the rows
 *   (mail-retention.ts).
 * Never touches money, requests, the ledger, the audit log or anything a client can see.
 */
import { lt, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { MAIL_RETENTION_DAYS_DEFAULT } from '../../config';
import { queryRows, type Db } from '../../db/client';
import {
  idempotencyKeys,
  oneTimeCodes,
  rateLimitHits,
  scheduledRuns,
  sessions,
  twoFactorChallenges,
  verifications,
} from '../../db/schema';
import { removeOldMailBodies } from './mail-retention';

/** How long an Idempotency-Key replays its first answer (hours). */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;

/** Rows deleted by one pass, by table. */
export interface PurgeCounts {
  idempotencyKeys: number;
  oneTimeCodes: number;
  verifications: number;
  sessions: number;
  twoFactorChallenges: number;
  rateLimitHits: number;
  scheduledRuns: number;
  /** Sent mails whose bodies were blanked (rows kept). */
  mailBodies: number;
}

/** Rows one DELETE removes at most: a backlog is cleared in short statements, never one huge one. */
const BATCH = 5_000;

/** Deletes the rows of `table` matching `where` in batches; answers how many. */
async function purgeInBatches(db: Db, table: PgTable, where: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
        delete from ${table} where ctid in (select ctid from ${table} where ${where} limit ${BATCH}) returning 1
      ) select count(*)::int as n from gone`,
    );
    const n = row?.n ?? 0;
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * One housekeeping pass (see the module comment); answers the rows deleted by table and the mail
 * bodies blanked. `opts.mailRetentionDays`: days a sent mail keeps its body (config
 * MAIL_RETENTION_DAYS; default MAIL_RETENTION_DAYS_DEFAULT, 30).
 */
export async function purgeExpired(db: Db, opts: { mailRetentionDays?: number } = {}): Promise<PurgeCounts> {
  const dayAgo = sql`now() - interval '1 day'`;
  return {
    idempotencyKeys: await purgeInBatches(
      db,
      idempotencyKeys,
      lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_RETENTION_HOURS})`),
    ),
    oneTimeCodes: await purgeInBatches(db, oneTimeCodes, lt(oneTimeCodes.expiresAt, dayAgo)),
    verifications: await purgeInBatches(db, verifications, lt(verifications.expiresAt, dayAgo)),
    sessions: await purgeInBatches(db, sessions, lt(sessions.expiresAt, dayAgo)),
    twoFactorChallenges: await purgeInBatches(
      db,
      twoFactorChallenges,
      lt(twoFactorChallenges.expiresAt, dayAgo),
    ),
    rateLimitHits: await purgeInBatches(
      db,
      rateLimitHits,
      lt(rateLimitHits.resetAt, sql`now() - interval '1 hour'`),
    ),
    scheduledRuns: await purgeInBatches(
      db,
      scheduledRuns,
      lt(scheduledRuns.startedAt, sql`now() - interval '7 days'`),
    ),
    mailBodies: await removeOldMailBodies(db, opts.mailRetentionDays ?? MAIL_RETENTION_DAYS_DEFAULT),
  };
}
