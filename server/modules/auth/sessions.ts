/**
 * Sessions and devices (docs/security.md "Sessions"): a user's active sessions, revoking one or all
 * others, the sign-in history of an account, and whether a sign-in comes from a device and network
 * the account has not used in 90 days (ASVS 6.3.7: the owner is told).
 *
 * Every query names the user, so one user's session ids never reach or touch another's sessions.
 */
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { SessionInfo, SignInEvent, SignInHistoryQuery, SignInResult } from '@common/schemas/auth';
import { sessions, signInEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pageOrCursorOf } from '../../lib/cursor';
import type { SortKey } from '../../lib/paging';
import type { BaseDeps } from '../../lib/base-deps';
import { clientIpKey } from '../../lib/rate-limit';
import { idleWindowMs, liveSessionWhere } from './idle';

/** Where a request came from, as recorded with a session or a sign-in attempt. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

/** A sign-in from a device and network pair unseen for this long is reported to the owner. */
const KNOWN_DEVICE_DAYS = 90;

/** The sign-in history's order, newest first (one direction, the id last: a cursor needs both). */
const HISTORY_ORDER: readonly SortKey[] = [
  [signInEvents.createdAt, 'desc'],
  [signInEvents.id, 'desc'],
];

export function createSessionsService({ db, config }: BaseDeps) {
  const idleMs = idleWindowMs(config);
  return {
    /**
     * The user's live sessions (neither expired nor idle past SESSION_IDLE_MINUTES: idle.ts), most
     * recently used first; `current` marks `currentSessionId`.
     */
    async list(userId: string, currentSessionId: string | null): Promise<SessionInfo[]> {
      const now = new Date();
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), liveSessionWhere(now, new Date(now.getTime() - idleMs))))
        .orderBy(desc(sessions.lastUsedAt));
      return rows.map((s) => ({
        id: s.id,
        current: s.id === currentSessionId,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        ip: s.ipAddress || null,
        userAgent: s.userAgent || null,
      }));
    },

    /**
     * Marks the new session of `token` as signed in without "Remember me": it ends after
     * SESSION_IDLE_MINUTES without a request, and within a day of now at the latest (idle.ts).
     */
    async forget(token: string): Promise<void> {
      await db
        .update(sessions)
        .set({ remembered: false, expiresAt: sql`least(${sessions.expiresAt}, now() + interval '1 day')` })
        .where(eq(sessions.token, token));
    },

    /** Ends one of the user's sessions. Throws 404 when the user has no session of that id. */
    async revoke(userId: string, sessionId: string): Promise<void> {
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      if (gone.length === 0) throw new AppError('not_found');
    },

    /** Ends every session of the user but `keepSessionId`. */
    async revokeOthers(userId: string, keepSessionId: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    },

    /** Ends every session of the user (blocking, password reset, 2FA reset). */
    async revokeAll(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Appends one sign-in attempt on an existing account. */
    async record(userId: string, origin: RequestOrigin, result: SignInResult): Promise<void> {
      await db.insert(signInEvents).values({
        userId,
        ip: origin.ip,
        network: clientIpKey(origin.ip),
        userAgent: origin.userAgent.slice(0, 500),
        result,
      });
    },

    /**
     * Whether a successful sign-in from `origin` is from a device (user agent) and network (IPv6 /64
     * or IPv4 address) pair that the account has not signed in from in 90 days. An account's very
     * first sign-in is not reported (there is nothing to compare it with).
     */
    async isUnfamiliar(userId: string, origin: RequestOrigin): Promise<boolean> {
      const since = new Date(Date.now() - KNOWN_DEVICE_DAYS * 86_400_000);
      const success = and(eq(signInEvents.userId, userId), eq(signInEvents.result, 'success'));
      const [any] = await db.select({ id: signInEvents.id }).from(signInEvents).where(success).limit(1);
      if (!any) return false;
      const [seen] = await db
        .select({ id: signInEvents.id })
        .from(signInEvents)
        .where(
          and(
            success,
            gt(signInEvents.createdAt, since),
            eq(signInEvents.network, clientIpKey(origin.ip)),
            eq(signInEvents.userAgent, origin.userAgent.slice(0, 500)),
          ),
        )
        .limit(1);
      return !seen;
    },

    /**
     * One page of the account's sign-in attempts, newest first, and their number: page `q.page`, or
     * with `q.cursor`/`q.limit` the `limit` attempts after the cursor and the next cursor (null after
     * the last; lib/cursor.ts), so a reader sees each attempt once while new ones arrive. Throws
     * AppError 400 `invalid_cursor` for a cursor the list did not answer.
     */
    async history(
      userId: string,
      q: SignInHistoryQuery,
    ): Promise<{ data: SignInEvent[]; total: number; nextCursor?: string | null }> {
      const { rows, total, nextCursor } = await pageOrCursorOf(
        db,
        signInEvents,
        eq(signInEvents.userId, userId),
        HISTORY_ORDER,
        q,
      );
      return {
        data: rows.map((r) => ({
          at: r.createdAt.toISOString(),
          ip: r.ip,
          userAgent: r.userAgent,
          result: r.result as SignInResult,
        })),
        total,
        ...(nextCursor !== undefined && { nextCursor }),
      };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
