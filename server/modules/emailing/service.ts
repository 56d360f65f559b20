/**
 * An admin's e-mail to one client (/admin/emailing, POST /user/admin/email), and the mail outbox as
 * staff see it (GET /mail/outbox, POST /mail/outbox/:id/retry). The client's mail is queued in the
 * outbox (lib/mail.ts) in the same transaction as its audit row (`user.email`), so the log never
 * claims a mail that was not queued; the message is wrapped in the brand's layout as a
 * staff-written mail (lib/mail-templates.ts: escaped, line breaks kept, only http(s) addresses made
 * links, with an unsubscribe line and List-Unsubscribe header). Staff see every mail's recipient, subject, status, tries and
 * last error, never its body (a body may hold a sign-in or withdrawal code). Of a mail to a staff
 * member, only staff who manage staff (`staff.manage`) see the subject and the last error; others
 * read STAFF_MAIL_SUBJECT (docs/security.md "Throttling", "Invitations").
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { can } from '@common/permissions';
import type { AdminEmailInput, OutboxQuery } from '@common/schemas/emailing';
import { mailOutbox, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { mailTemplate } from '../../lib/mail-templates';
import type { ServiceDeps } from '../../lib/service-deps';
import { pageOrCursorOf } from '../../lib/cursor';
import { inTransaction } from '../../lib/unit-of-work';

const staffWrittenBody = mailTemplate('{{paragraphs message}}');

/**
 * An outbox row as staff see it: everything but the mail's text, HTML and unrendered values (they
 * may hold a code).
 */
const withoutBody = ({
  text: _text,
  html: _html,
  message: _message,
  ...row
}: typeof mailOutbox.$inferSelect) => row;

/** The subject a mail to a staff member shows to staff who do not manage staff. */
export const STAFF_MAIL_SUBJECT = '(staff mail)';

/** Who reads the outbox: their role decides whether mails to staff show their subjects. */
export interface OutboxViewer {
  role: string;
}

type OutboxRow = ReturnType<typeof withoutBody>;

export function createEmailingService({ db, log, mailer }: ServiceDeps) {
  /**
   * `rows` as `viewer` may see them: without `staff.manage`, a mail to a staff member (an address
   * of a staff user, invited or active) shows STAFF_MAIL_SUBJECT and no last error, which may quote
   * the mail.
   */
  async function asSeenBy(viewer: OutboxViewer, rows: OutboxRow[]): Promise<OutboxRow[]> {
    if (can(viewer.role, 'staff.manage') || rows.length === 0) return rows;
    const addresses = [...new Set(rows.map((r) => r.to.toLowerCase()))];
    const staff = await db
      .select({ email: users.email })
      .from(users)
      .where(and(inArray(sql`lower(${users.email})`, addresses), ne(users.role, 'client')));
    const toStaff = new Set(staff.map((u) => u.email.toLowerCase()));
    return rows.map((r) =>
      toStaff.has(r.to.toLowerCase()) ? { ...r, subject: STAFF_MAIL_SUBJECT, lastError: null } : r,
    );
  }

  return {
    /**
     * Sends `subject` / `message` to the client named by `userId` or `email`. Answers the
     * recipient's id and e-mail. Throws AppError 404 "User not found" (unknown, deleted or not a
     * client). The mail is sent by the outbox's worker, with retries.
     */
    async sendEmail(actor: AuditActor, input: AdminEmailInput): Promise<{ userId: string; email: string }> {
      const [user] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(
          and(
            input.userId ? eq(users.id, input.userId) : eq(sql`lower(${users.email})`, input.email!),
            eq(users.role, 'client'),
            isNull(users.deletedAt),
          ),
        )
        .limit(1);
      if (!user) throw new AppError('user_not_found');
      await inTransaction(db, log, async (u) => {
        await mailer.enqueue(u, {
          to: user.email,
          subject: input.subject,
          body: staffWrittenBody,
          data: { message: input.message },
          name: user.firstName,
          kind: 'staff-written',
        });
        await recordAudit(u.tx, actor, {
          action: 'user.email',
          targetUserId: user.id,
          after: { subject: input.subject },
        });
      });
      return { userId: user.id, email: user.email };
    },

    /**
     * One page of the outbox with `q.status`, newest first, as `viewer` may see it (no bodies, and
     * mails to staff hidden from those who do not manage staff: see the module comment); by
     * number, or by cursor (lib/cursor.ts: 400 `invalid_cursor`).
     */
    async listOutbox(viewer: OutboxViewer, q: OutboxQuery) {
      const { rows, total, nextCursor } = await pageOrCursorOf(
        db,
        mailOutbox,
        eq(mailOutbox.status, q.status),
        [
          [mailOutbox.createdAt, 'desc'],
          [mailOutbox.id, 'desc'],
        ],
        q,
      );
      return { rows: await asSeenBy(viewer, rows.map(withoutBody)), total, nextCursor };
    },

    /**
     * Queues a failed mail again (tries from zero, due now) and wakes the worker; audited
     * (`mail.retry`); answers the mail as `viewer` may see it. Throws 404, 409 unless it is failed.
     */
    async retryMail(actor: AuditActor, viewer: OutboxViewer, id: string) {
      const row = await inTransaction(db, log, async (u) => {
        const [found] = await u.tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
        if (!found) throw new AppError('not_found');
        if (found.status !== 'failed') throw new AppError('mail_not_failed');
        const [queued] = await u.tx
          .update(mailOutbox)
          .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
          .where(eq(mailOutbox.id, id))
          .returning();
        await recordAudit(u.tx, actor, {
          action: 'mail.retry',
          targetId: id,
          before: { status: 'failed', attempts: found.attempts, lastError: found.lastError },
          after: { status: 'queued', to: found.to, subject: found.subject },
        });
        u.afterCommit(async () => void mailer.deliverDue());
        return queued!;
      });
      const [seen] = await asSeenBy(viewer, [withoutBody(row)]);
      return seen!;
    },
  };
}

export type EmailingService = ReturnType<typeof createEmailingService>;
