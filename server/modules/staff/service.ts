/**
 * Staff management (docs/product.md "Back office", docs/security.md "Staff roles"): the owner's list
 * of staff, invitations (and a fresh link for a member who has not set a password yet), role
 * changes, deactivation and reactivation, and the invited member's
 * acceptance (setting a password with the single-use link).
 *
 * - An invitation creates the staff user without a password (no credential account) and a link
 *   `${publicUrl}/admin/invitation?token=…`, valid 24 hours and single-use; only the SHA-256 of the
 *   token is stored. The e-mail goes out after commit.
 * - Nobody changes their own role or deactivates themselves, and the last active owner is never
 *   demoted or deactivated (409). The active owners' rows are locked first (in id order), so two
 *   owners demoting each other at once cannot both succeed.
 * - Deactivation sets `deactivated_at` and `banned` (better-auth then refuses the sign-in) and ends
 *   every session of the member in the same transaction.
 * - Every change writes its audit row (`staff.invite`, `staff.role`, `staff.deactivate`,
 *   `staff.reactivate`, `staff.accept`) in the change's transaction.
 *
 * The user and credential rows are written with Drizzle inside the transaction, with the columns
 * better-auth's internal adapter writes (server/modules/users/factory.ts) and its password hash
 * (`hashPassword`, argon2id): better-auth's adapter writes through the root handle, which cannot
 * join our transaction (and would wait forever on PGlite's single connection).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '@common/permissions';
import type { StaffInvite, StaffListQuery, StaffMember } from '@common/schemas/staff';
import type { DbOrTx, Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { accounts, sessions, signInEvents, staffInvitations, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { wholeOrCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { sortedBy, type SortKey } from '../../lib/paging';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction } from '../../lib/unit-of-work';
import { generateReferralCode, hashPassword } from '../auth/better-auth';
import { invitationMail } from './emails';
import { presentStaffMember } from './presenter';
import { endChallenges } from '../auth/challenges';

/** An invitation link works for 24 hours. */
export const INVITATION_TTL_MS = 24 * 60 * 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The last successful sign-in of `users.id`: a recorded success, or the newest session. Written out
 * with aliases: Drizzle leaves column names unqualified in a one-table select, and the subqueries
 * would then read their own `id`.
 */
export const lastSignInAt = sql<Date | null>`greatest(
  (select max(e.created_at) from sign_in_events e where e.user_id = users.id and e.result = 'success'),
  (select max(s.created_at) from sessions s where s.user_id = users.id))`.mapWith(signInEvents.createdAt);

/** Whether `users.id` has no password yet: invited, and the invitation not accepted. */
export const invited = sql<boolean>`not exists (
  select 1 from accounts a where a.user_id = users.id and a.provider_id = 'credential')`.mapWith(Boolean);

export const isStaff = and(ne(users.role, 'client'), isNull(users.deletedAt));

/** The list's order: by last name, first name, e-mail (the export's), then id (cursor pages). */
const MEMBER_ORDER: readonly SortKey[] = [
  [users.lastName, 'asc'],
  [users.firstName, 'asc'],
  [users.email, 'asc'],
  [users.id, 'asc'],
];

/** The staff members matching `where` (all staff without it), presented, by name; at most `limit`. */
async function readMembers(db: DbOrTx, where = isStaff, limit?: number): Promise<StaffMember[]> {
  const query = db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      twoFactorEnabled: users.twoFactorEnabled,
      deactivatedAt: users.deactivatedAt,
      banned: users.banned,
      lastSignInAt,
      invited,
    })
    .from(users)
    .where(where)
    .orderBy(...sortedBy(MEMBER_ORDER));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(presentStaffMember);
}

/** One staff member, presented. */
async function readMember(db: DbOrTx, id: string): Promise<StaffMember> {
  const [member] = await readMembers(db, and(isStaff, eq(users.id, id)));
  return member!;
}

/** Locks a staff member's row (FOR UPDATE). Throws AppError 404 for a client, deleted or unknown id. */
async function lockMember(tx: Tx, id: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(isStaff, eq(users.id, id)))
    .for('update');
  if (!row) throw new AppError('staff_member_not_found');
  return row;
}

/**
 * Locks the active owners (id order), then the member; refuses (409) a change by the member to
 * themselves, and, when `removesOwner(member)`, one that would leave no active owner.
 */
async function lockForChange(
  tx: Tx,
  actor: AuditActor | null,
  id: string,
  removesOwner: (member: UserRow) => boolean,
): Promise<UserRow> {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(isStaff, eq(users.role, 'owner'), isNull(users.deactivatedAt)))
    .orderBy(asc(users.id))
    .for('update');
  const member = await lockMember(tx, id);
  if (member.id === actor?.id) throw new AppError('not_yourself');
  if (removesOwner(member) && !owners.some((o) => o.id !== member.id)) {
    throw new AppError('last_owner');
  }
  return member;
}

const isActiveOwner = (m: UserRow) => m.role === 'owner' && m.deactivatedAt === null;

/** What an invitation answers: the member, the link (the CLI prints it) and whether the user is new. */
export interface Invitation {
  member: StaffMember;
  link: string;
  created: boolean;
}

export function createStaffService({ db, log, config, mailer }: ServiceDeps) {
  /** Stores a new invitation for `userId` and answers its id and link. */
  async function issueLink(tx: Tx, userId: string, createdBy: string | null) {
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        userId,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        createdBy,
      })
      .returning({ id: staffInvitations.id });
    const url = new URL('/admin/invitation', config.publicUrl);
    url.searchParams.set('token', token);
    return { id: row!.id, link: url.toString() };
  }

  /** Changes one member's row with `set` and audits `action` (before → after), in one transaction. */
  async function update(
    actor: AuditActor | null,
    id: string,
    action: string,
    removesOwner: (m: UserRow) => boolean,
    change: (m: UserRow) => { set: Partial<UserRow>; before: object; after: object },
    extra?: (tx: Tx, m: UserRow) => Promise<void>,
  ): Promise<StaffMember> {
    return db.transaction(async (tx) => {
      const member = await lockForChange(tx, actor, id, removesOwner);
      const { set, before, after } = change(member);
      await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(users.id, id));
      await extra?.(tx, member);
      await recordAudit(tx, actor, { action, targetUserId: id, targetId: id, before, after });
      return readMember(tx, id);
    });
  }

  return {
    /** Every staff member (role ≠ client, not deleted), by last name. */
    list(): Promise<StaffMember[]> {
      return readMembers(db);
    },

    /** `list`, or a cursor page of it (lib/cursor.ts `wholeOrCursor`, 400 `invalid_cursor`), with ids. */
    listPage(q: StaffListQuery) {
      return wholeOrCursor(users, MEMBER_ORDER, q, undefined, async (after, limit) =>
        (await readMembers(db, and(isStaff, after), limit)).map((m) => ({ ...m, id: m._id })),
      );
    },

    /** One staff member, presented (after a change by staff/security.ts). */
    member(id: string): Promise<StaffMember> {
      return readMember(db, id);
    },

    /**
     * Invites a staff member: creates the user (no password yet, e-mail unconfirmed) and a link,
     * e-mailed after commit. `actor` is null on the command line. With `reinvite` (the CLI), an
     * existing staff member with that e-mail gets a fresh link instead. Throws AppError 409 when the
     * e-mail already has an account (with `reinvite`: only when it is not a staff member's).
     */
    async invite(
      actor: AuditActor | null,
      input: StaffInvite,
      opts: { reinvite?: boolean } = {},
    ): Promise<Invitation> {
      const email = input.email.toLowerCase();
      return inTransaction(db, log, async (u) => {
        const { tx } = u;
        const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
        const reusable = existing && opts.reinvite && existing.role !== 'client' && !existing.deletedAt;
        if (existing && !reusable) throw new AppError('email_taken');
        let userId = existing?.id;
        if (!userId) {
          const [created] = await tx
            .insert(users)
            .values({
              email,
              name: `${input.firstName} ${input.lastName}`,
              emailVerified: false,
              firstName: input.firstName,
              lastName: input.lastName,
              role: input.role,
              referralId: generateReferralCode(),
            })
            .onConflictDoNothing({ target: users.email })
            .returning({ id: users.id });
          if (!created) throw new AppError('email_taken');
          userId = created.id;
        }
        const invitation = await issueLink(tx, userId, actor?.id ?? null);
        await recordAudit(tx, actor, {
          action: 'staff.invite',
          targetUserId: userId,
          targetId: invitation.id,
          after: { email, role: existing?.role ?? input.role, ...(existing && { reinvite: true }) },
        });
        const firstName = existing?.firstName ?? input.firstName;
        await mailer.enqueue(u, invitationMail(email, firstName, invitation.link));
        return { member: await readMember(tx, userId), link: invitation.link, created: !existing };
      });
    },

    /** Sets a member's role. Throws AppError 404, 409 (themselves; the last active owner). */
    changeRole(actor: AuditActor, id: string, role: StaffRole): Promise<StaffMember> {
      return update(
        actor,
        id,
        'staff.role',
        (m) => isActiveOwner(m) && role !== 'owner',
        (m) => ({ set: { role }, before: { role: m.role }, after: { role } }),
      );
    },

    /**
     * Deactivates a member and ends all their sessions at once; `actor` is null on the command line
     * (scripts/staff.ts). Throws AppError 404, 409 (themselves; the last active owner; already
     * deactivated).
     */
    deactivate(actor: AuditActor | null, id: string): Promise<StaffMember> {
      return update(
        actor,
        id,
        'staff.deactivate',
        isActiveOwner,
        (m) => {
          if (m.deactivatedAt) throw new AppError('already_deactivated');
          return {
            set: { deactivatedAt: new Date(), banned: true },
            before: { active: true },
            after: { active: false },
          };
        },
        async (tx) => {
          await tx.delete(sessions).where(eq(sessions.userId, id));
          await endChallenges(tx, id);
        },
      );
    },

    /**
     * Sends an invited member (no password yet) a fresh link, e-mailed after commit; their earlier
     * open links expire now, so only the newest works. Audited as `staff.invite` with `reinvite`.
     * Throws AppError 404; 409 when the member has set a password already, or is deactivated.
     */
    resendInvitation(actor: AuditActor, id: string): Promise<StaffMember> {
      return inTransaction(db, log, async (u) => {
        const { tx } = u;
        const member = await lockMember(tx, id);
        if (member.deactivatedAt) throw new AppError('already_deactivated');
        const [credential] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.userId, id), eq(accounts.providerId, 'credential')))
          .limit(1);
        if (credential) throw new AppError('invitation_not_needed');
        const now = new Date();
        await tx
          .update(staffInvitations)
          .set({ expiresAt: now })
          .where(
            and(
              eq(staffInvitations.userId, id),
              isNull(staffInvitations.usedAt),
              gt(staffInvitations.expiresAt, now),
            ),
          );
        const invitation = await issueLink(tx, id, actor.id);
        await recordAudit(tx, actor, {
          action: 'staff.invite',
          targetUserId: id,
          targetId: invitation.id,
          after: { email: member.email, role: member.role, reinvite: true },
        });
        await mailer.enqueue(u, invitationMail(member.email, member.firstName, invitation.link));
        return readMember(tx, id);
      });
    },

    /** Reactivates a deactivated member. Throws AppError 404, 409 (themselves; not deactivated). */
    reactivate(actor: AuditActor, id: string): Promise<StaffMember> {
      return update(
        actor,
        id,
        'staff.reactivate',
        () => false,
        (m) => {
          if (!m.deactivatedAt) throw new AppError('not_deactivated');
          return {
            set: { deactivatedAt: null, banned: false },
            before: { active: false },
            after: { active: true },
          };
        },
      );
    },

    /**
     * Accepts an invitation: sets the member's password (a credential account, argon2id), confirms
     * the e-mail, marks every open invitation of the member used and ends their sessions. Throws
     * AppError 400 for an unknown, used or expired token.
     */
    async acceptInvitation(token: string, password: string, ip: string): Promise<void> {
      const hash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const [invitation] = await tx
          .select()
          .from(staffInvitations)
          .where(
            and(
              eq(staffInvitations.tokenHash, sha256(token)),
              isNull(staffInvitations.usedAt),
              gt(staffInvitations.expiresAt, sql`now()`),
            ),
          )
          .for('update');
        const member = invitation && (await lockMember(tx, invitation.userId).catch(() => undefined));
        if (!invitation || !member) throw new AppError('invitation_invalid');
        await tx
          .update(staffInvitations)
          .set({ usedAt: sql`now()` })
          .where(and(eq(staffInvitations.userId, member.id), isNull(staffInvitations.usedAt)));
        const credential = and(eq(accounts.userId, member.id), eq(accounts.providerId, 'credential'));
        const [account] = await tx.select({ id: accounts.id }).from(accounts).where(credential);
        if (account) {
          await tx
            .update(accounts)
            .set({ password: hash, updatedAt: new Date() })
            .where(eq(accounts.id, account.id));
        } else {
          await tx
            .insert(accounts)
            .values({ userId: member.id, providerId: 'credential', accountId: member.id, password: hash });
        }
        await tx
          .update(users)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(users.id, member.id));
        await tx.delete(sessions).where(eq(sessions.userId, member.id));
        await recordAudit(
          tx,
          { id: member.id, ip },
          {
            action: 'staff.accept',
            targetUserId: member.id,
            targetId: invitation.id,
          },
        );
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
