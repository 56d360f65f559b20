/**
 * An owner's security actions on another staff member (docs/security.md "Four-eyes approval" and
 * "Staff roles"): block with a reason, unblock, and reset two-factor authentication with a reason.
 * The routes (/api/staff/:id/block, /unblock, /reset-two-factor, routes.ts) hold the action for a
 * second owner when the member is an owner (approvals service `guardedStaffOp`); the CLI (scripts/
 * staff.ts) runs them with no actor for the lone owner who lost their authenticator.
 *
 * - Block sets better-auth's `banned` flag and `ban_reason` and ends every session and open sign-in
 *   challenge of the member in the same transaction; unblock clears them, but never for a deactivated member (deactivation also
 *   sets `banned`: reactivating is its own route).
 * - Reset deletes the member's TOTP secret and backup codes (which ends their open sign-in
 *   challenges) and ends every session.
 * - Each writes its audit row (`staff.block` with the reason, `staff.unblock`,
 *   `staff.reset_two_factor` with the reason) in the change's transaction; the member is e-mailed the
 *   reason after commit (block and reset).
 *
 * Errors (AppError): 404 not a staff member (a client, deleted or unknown); 409 the caller on
 * themselves, the last active owner blocked, already blocked, not blocked, deactivated, or no
 * two-factor authentication to reset.
 */
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { STAFF_APPROVAL_ACTIONS } from '@common/schemas/approvals';
import type { UserRow } from '../../db/rows';
import { sessions, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { MailMessage } from '../../lib/mail-templates';
import type { ServiceDeps } from '../../lib/service-deps';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { twoFactorChangedMail } from '../auth/emails';
import { accountBlockedMail } from '../users/emails';
import { endChallenges } from '../auth/challenges';

/** The staff operations four-eyes holds when their target is an owner (named as their request's action). */
export type StaffOp = (typeof STAFF_APPROVAL_ACTIONS)[number];

const isStaff = and(ne(users.role, 'client'), isNull(users.deletedAt));

/**
 * Locks the active unblocked owners (FOR UPDATE, in id order, as staff/service.ts `lockForChange`
 * does: the lock every role change takes first) and answers their ids.
 */
function lockOwners(u: UnitOfWork): Promise<Array<{ id: string }>> {
  return u.tx
    .select({ id: users.id })
    .from(users)
    .where(and(isStaff, eq(users.role, 'owner'), isNull(users.deactivatedAt), eq(users.banned, false)))
    .orderBy(asc(users.id))
    .for('update');
}

/**
 * Locks the active unblocked owners (`lockOwners`), then the member (FOR UPDATE), and answers the
 * member. Throws 404 not staff, 409 the actor themselves, and,
 * with `removesOwner`, 409 when the member is the last active owner who can sign in.
 */
async function lockTarget(
  u: UnitOfWork,
  actor: AuditActor | null,
  id: string,
  removesOwner: boolean,
): Promise<UserRow> {
  const owners = await lockOwners(u);
  const [member] = await u.tx
    .select()
    .from(users)
    .where(and(isStaff, eq(users.id, id)))
    .for('update');
  if (!member) throw new AppError('staff_member_not_found');
  if (member.id === actor?.id) throw new AppError('not_yourself');
  if (removesOwner && member.role === 'owner' && !owners.some((o) => o.id !== member.id))
    throw new AppError('last_owner');
  return member;
}

export function createStaffSecurity({ db, log, mailer, twoFactor }: ServiceDeps) {
  /** Runs `change` on the locked member in `uow` (or a new transaction), audits it, mails after commit. */
  function act(
    actor: AuditActor | null,
    id: string,
    uow: UnitOfWork | undefined,
    opts: { removesOwner: boolean },
    change: (
      u: UnitOfWork,
      m: UserRow,
    ) => Promise<{ action: string; before: object; after: object; mail?: MailMessage }>,
  ): Promise<UserRow> {
    return withUnitOfWork(db, log, uow, async (u) => {
      const member = await lockTarget(u, actor, id, opts.removesOwner);
      const { action, before, after, mail } = await change(u, member);
      await recordAudit(u.tx, actor, { action, targetUserId: id, targetId: id, before, after });
      if (mail) await mailer.enqueue(u, mail);
      const [row] = await u.tx.select().from(users).where(eq(users.id, id));
      return row!;
    });
  }

  /** Ends every session and open sign-in challenge of member `id` (auth/challenges.ts). */
  const endSessions = async (u: UnitOfWork, id: string) => {
    await u.tx.delete(sessions).where(eq(sessions.userId, id));
    await endChallenges(u.tx, id);
  };

  return {
    /**
     * Whether member `id` is an owner, read after locking the active owners (id order, the lock
     * every role change takes first), so no promotion or demotion lands between this answer and an
     * action in the same transaction `u`.
     */
    async isOwner(u: UnitOfWork, id: string): Promise<boolean> {
      await lockOwners(u);
      const [m] = await u.tx
        .select({ role: users.role })
        .from(users)
        .where(and(isStaff, eq(users.id, id)));
      return m?.role === 'owner';
    },

    /** Blocks member `id` with `reason` (the member reads it) and ends their sessions. See the header. */
    block(actor: AuditActor | null, id: string, reason: string, uow?: UnitOfWork): Promise<UserRow> {
      return act(actor, id, uow, { removesOwner: true }, async (u, m) => {
        if (m.banned) throw new AppError(m.deactivatedAt ? 'already_deactivated' : 'already_blocked');
        await u.tx
          .update(users)
          .set({ banned: true, banReason: reason, updatedAt: new Date() })
          .where(eq(users.id, id));
        await endSessions(u, id);
        return {
          action: 'staff.block',
          before: { isBlocked: false },
          after: { isBlocked: true, reason },
          mail: accountBlockedMail(m.email, reason, m.firstName),
        };
      });
    },

    /** Unblocks member `id` (never a deactivated one: 409, reactivate instead). See the header. */
    unblock(actor: AuditActor | null, id: string, uow?: UnitOfWork): Promise<UserRow> {
      return act(actor, id, uow, { removesOwner: false }, async (u, m) => {
        if (m.deactivatedAt) throw new AppError('unblock_deactivated');
        if (!m.banned) throw new AppError('not_blocked');
        await u.tx
          .update(users)
          .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
          .where(eq(users.id, id));
        return { action: 'staff.unblock', before: { isBlocked: true }, after: { isBlocked: false } };
      });
    },

    /** Turns member `id`'s two-factor authentication off with `reason` and ends their sessions. */
    resetTwoFactor(actor: AuditActor | null, id: string, reason: string, uow?: UnitOfWork): Promise<UserRow> {
      return act(actor, id, uow, { removesOwner: false }, async (u, m) => {
        if (!m.twoFactorEnabled) throw new AppError('two_factor_not_on');
        await twoFactor.remove(u.tx, id);
        await endSessions(u, id);
        return {
          action: 'staff.reset_two_factor',
          before: { twoFactorEnabled: true },
          after: { twoFactorEnabled: false, reason },
          mail: twoFactorChangedMail(m, 'reset', reason),
        };
      });
    },
  };
}

export type StaffSecurity = ReturnType<typeof createStaffSecurity>;
