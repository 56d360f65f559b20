/**
 * The idle timeout of sessions signed in without "Remember me" (docs/security.md "Sessions"): such
 * a session (`sessions.remembered` false) is live while its last recorded use is less than
 * SESSION_IDLE_MINUTES old, besides its `expiresAt` (at most a day after sign-in: better-auth's
 * `rememberMe: false`). Remembered sessions end at `expiresAt` only (7 days).
 *
 * The guard records a use at most once a minute for such a session (every 5 minutes for a
 * remembered one): a write per request would cost every read. So the idle time is counted from the
 * last recorded use, which is less than a minute older than the last request.
 *
 * The guard (guard.ts, its cached sessions too) and the list of sessions (sessions.ts) both use
 * `liveSessionWhere` / `isLive`, so a session is shown exactly while it would be let in.
 */
import { and, eq, gt, or, type Placeholder } from 'drizzle-orm';
import { SESSION_IDLE_MINUTES_DEFAULT, type Config } from '../../config';
import { sessions } from '../../db/schema';

/** How often the guard records a use of a session not remembered, ms. */
export const IDLE_TOUCH_MS = 60_000;
/** How often the guard records a use of a remembered session, ms. */
export const REMEMBERED_TOUCH_MS = 5 * 60_000;

/** The idle window of sessions not remembered (SESSION_IDLE_MINUTES), ms. */
export function idleWindowMs(config: Pick<Config, 'sessionIdleMinutes'>): number {
  return (config.sessionIdleMinutes ?? SESSION_IDLE_MINUTES_DEFAULT) * 60_000;
}

/**
 * The SQL condition of a live session at `now`: not expired, and remembered or used after
 * `idleSince` (= now − the idle window). Either a value or a prepared statement's placeholder.
 */
export function liveSessionWhere(now: Date | Placeholder, idleSince: Date | Placeholder) {
  return and(
    gt(sessions.expiresAt, now),
    or(eq(sessions.remembered, true), gt(sessions.lastUsedAt, idleSince)),
  );
}

/** The row as the guard reads it: what `isLive` looks at. */
interface LiveFields {
  expiresAt: Date;
  lastUsedAt: Date;
  remembered: boolean;
}

/** Whether a session read earlier (e.g. cached) is still live at `now` (epoch ms); as `liveSessionWhere`. */
export function isLive(row: LiveFields, now: number, idleMs: number): boolean {
  return row.expiresAt.getTime() > now && (row.remembered || row.lastUsedAt.getTime() > now - idleMs);
}

/** Whether the guard records a use of the session now (its last recorded use is old enough). */
export function isTouchDue(row: Pick<LiveFields, 'lastUsedAt' | 'remembered'>, now: number): boolean {
  return now - row.lastUsedAt.getTime() > (row.remembered ? REMEMBERED_TOUCH_MS : IDLE_TOUCH_MS);
}
