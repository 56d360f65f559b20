/**
 * Holds after security changes (docs/security.md "Holds after security changes"): a building block
 * of the services (lib/service-deps.ts `holds`), made from the base alone.
 *
 * - `start(conn, user, cause, createdBy)`: in the caller's transaction (the one of the change,
 *   where it has one), a hold of `SECURITY_HOLD_HOURS` from now and a "This wasn't me" link (32
 *   random bytes; only its SHA-256 is stored; single use; 7 days); answers what the change's
 *   e-mail says (`HoldNotice`). Clients only: staff never withdraw (undefined for them).
 * - `activeSql(userId)`: the SQL of the active hold (the one that ends last), for the withdrawal
 *   request's read (withdrawals/request.ts); `heldError` its refusal.
 * - `current(userId)` / `refuseIfHeld(userId)`: the active hold as answered, and the 422
 *   `withdrawals_on_hold` (reason and end in its message) while there is one.
 * - `thisWasntMe(token, ip)`: the link's POST. In one transaction: the token is used (400
 *   `not_me_link_invalid` for an unknown, used or expired one), the account is blocked (the block
 *   of the back office: better-auth's `banned`), every session and open sign-in challenge ends, the
 *   audit row `user.lock_not_me` is written, staff who may block clients get a notice, and the owner
 *   the block's e-mail.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { can, STAFF_ROLES } from '@common/permissions';
import { SECURITY_HOLD_MSG, type SecurityHold, type SecurityHoldCause } from '@common/schemas/security-holds';
import { SECURITY_HOLD_HOURS_DEFAULT } from '../../config';
import type { DbOrTx } from '../../db/client';
import { notifications, securityAlertTokens, securityHolds, sessions, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { BaseDeps } from '../../lib/base-deps';
import { AppError } from '../../lib/errors';
import { inTransaction } from '../../lib/unit-of-work';
import { endChallenges } from '../auth/challenges';
import type { HoldNotice } from '../auth/emails';
import { accountBlockedMail } from '../users/emails';

/** A "This wasn't me" link works for 7 days. */
const LINK_TTL_MS = 7 * 86_400_000;

/** The block reason a locked account shows staff. */
export const NOT_ME_REASON = 'Locked by its owner from a "This wasn\'t me" link';

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

/** The staff roles told when a client locks their account (those who may unblock it). */
const TOLD_ROLES = STAFF_ROLES.filter((role) => can(role, 'clients.block'));

/** The 422 `withdrawals_on_hold` of a hold for `cause` that ends at `endsAt`: why, and until when. */
export function heldError(cause: string, endsAt: Date | string): AppError {
  return new AppError(
    'withdrawals_on_hold',
    SECURITY_HOLD_MSG.pausedUntil(cause as SecurityHoldCause, endsAt),
  );
}

export function createSecurityHolds({ db, log, config, mailer }: BaseDeps) {
  const hours = config.securityHoldHours ?? SECURITY_HOLD_HOURS_DEFAULT;

  /** The active hold's row of `userId` (the one that ends last), or undefined. */
  async function activeRow(userId: string) {
    const [row] = await db
      .select({ cause: securityHolds.cause, startsAt: securityHolds.startsAt, endsAt: securityHolds.endsAt })
      .from(securityHolds)
      .where(and(eq(securityHolds.userId, userId), gt(securityHolds.endsAt, sql`now()`)))
      .orderBy(desc(securityHolds.endsAt))
      .limit(1);
    return row;
  }

  /** A hold as answered: its cause, the text of its reason and end, and its times (ISO, UTC). */
  const present = (row: { cause: string; startsAt: Date; endsAt: Date }): SecurityHold => {
    const cause = row.cause as SecurityHoldCause;
    return {
      cause,
      reason: SECURITY_HOLD_MSG.pausedUntil(cause, row.endsAt),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    };
  };

  return {
    /** The hold's length in hours (SECURITY_HOLD_HOURS). */
    hours,

    /**
     * Starts a hold of client `user` for `cause` on `conn` (the change's transaction where it has
     * one) and makes its "This wasn't me" link. `createdBy`: who made the change (the client, or
     * the staff member). Answers the end and the link, for the change's e-mail; undefined (nothing
     * written) for a staff member.
     */
    async start(
      conn: DbOrTx,
      user: { id: string; role: string },
      cause: SecurityHoldCause,
      createdBy: string | null,
    ): Promise<HoldNotice | undefined> {
      if (user.role !== 'client') return undefined;
      const userId = user.id;
      const token = randomBytes(32).toString('base64url');
      const [row] = await conn
        .insert(securityHolds)
        .values({ userId, cause, createdBy, endsAt: sql`now() + make_interval(secs => ${hours * 3600})` })
        .returning({ endsAt: securityHolds.endsAt });
      await conn.insert(securityAlertTokens).values({
        userId,
        cause,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + LINK_TTL_MS),
      });
      const link = new URL('/this-wasnt-me', config.publicUrl);
      link.searchParams.set('token', token);
      return { endsAt: row!.endsAt, link: link.toString() };
    },

    /**
     * SQL: the active hold of `userId` as at most one row (`cause`, `ends_at`), for a query's CTE
     * (withdrawals/request.ts reads it with the request's other facts).
     */
    activeSql: (userId: string) =>
      sql`select ${securityHolds.cause} as cause, ${securityHolds.endsAt} as ends_at from ${securityHolds}
        where ${securityHolds.userId} = ${userId}::uuid and ${securityHolds.endsAt} > now()
        order by ${securityHolds.endsAt} desc limit 1`,

    /** `userId`'s active hold, or null. */
    async current(userId: string): Promise<SecurityHold | null> {
      const row = await activeRow(userId);
      return row ? present(row) : null;
    },

    /** Throws 422 `withdrawals_on_hold` (the reason and end in its message) during a hold of `userId`. */
    async refuseIfHeld(userId: string): Promise<void> {
      const row = await activeRow(userId);
      if (row) throw heldError(row.cause, row.endsAt);
    },

    /** POST /api/auth/this-wasnt-me: see the module's header. `ip` is the caller's, for the audit row. */
    async thisWasntMe(token: string, ip: string): Promise<void> {
      await inTransaction(db, log, async (u) => {
        const { tx } = u;
        const [used] = await tx
          .update(securityAlertTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(securityAlertTokens.tokenHash, sha256(token)),
              isNull(securityAlertTokens.usedAt),
              gt(securityAlertTokens.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: securityAlertTokens.userId, cause: securityAlertTokens.cause });
        if (!used) throw new AppError('not_me_link_invalid');
        const [row] = await tx.select().from(users).where(eq(users.id, used.userId)).for('update');
        if (!row || row.deletedAt) throw new AppError('not_me_link_invalid');
        await tx
          .update(users)
          .set({ banned: true, banReason: NOT_ME_REASON, banExpires: null, updatedAt: new Date() })
          .where(eq(users.id, row.id));
        await tx.delete(sessions).where(eq(sessions.userId, row.id));
        await endChallenges(tx, row.id);
        await recordAudit(
          tx,
          { id: row.id, ip },
          {
            action: 'user.lock_not_me',
            targetUserId: row.id,
            targetId: row.id,
            before: { isBlocked: row.banned },
            after: { isBlocked: true, cause: used.cause },
          },
        );
        const title = 'Client locked their account';
        const message = `${row.firstName} ${row.lastName} (${row.email}) pressed "This wasn't me" after a security change (${used.cause}): the account is blocked and signed out everywhere. Check the account with them before unblocking it.`;
        const roles = sql.join(
          TOLD_ROLES.map((r) => sql`${r}`),
          sql`, `,
        );
        await tx.execute(
          sql`insert into ${notifications} (user_id, title, message)
            select id, ${title}::text, ${message}::text from ${users}
            where role in (${roles}) and deactivated_at is null and deleted_at is null`,
        );
        await mailer.enqueue(u, accountBlockedMail(row.email, NOT_ME_REASON, row.firstName));
      });
    },
  };
}

export type SecurityHolds = ReturnType<typeof createSecurityHolds>;
