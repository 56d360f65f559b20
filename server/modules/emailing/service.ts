/**
 * An admin's e-mail to one client (/admin/emailing, POST /user/admin/email). The mail
 * goes through the app's mailer to that client only; the message is plain text in the text part and
 * HTML-escaped (line breaks kept) in the HTML part. One audit row (`user.email`) is written once the
 * mail server (or the outbox) has accepted the mail, so the log never claims a mail that was not
 * sent. The mail is not sent inside the transaction: the outbox mailer writes through the root
 * handle, which would wait forever on PGlite's single connection.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGING_MSG } from '@common/messages';
import type { AdminEmailInput } from '@common/schemas/emailing';
import { users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { escapeHtml } from '../../lib/mail';
import type { ServiceDeps } from '../../lib/service-deps';

export function createEmailingService({ db, mailer }: ServiceDeps) {
  return {
    /**
     * Sends `subject` / `message` to the client named by `userId` or `email`. Answers the
     * recipient's id and e-mail. Throws AppError 404 "User not found" (unknown, deleted or not a
     * client); a refusing mail server fails the request (500) and nothing is audited.
     */
    async sendEmail(actor: AuditActor, input: AdminEmailInput): Promise<{ userId: string; email: string }> {
      const [user] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          and(
            input.userId ? eq(users.id, input.userId) : eq(sql`lower(${users.email})`, input.email!),
            eq(users.role, 'client'),
            isNull(users.deletedAt),
          ),
        )
        .limit(1);
      if (!user) throw new AppError('NOT_FOUND', MESSAGING_MSG.userNotFound);
      await mailer.send({
        to: user.email,
        subject: input.subject,
        text: input.message,
        html: `<p>${escapeHtml(input.message).replace(/\r?\n/g, '<br>')}</p>`,
      });
      await db.transaction((tx) =>
        recordAudit(tx, actor, {
          action: 'user.email',
          targetUserId: user.id,
          after: { subject: input.subject },
        }),
      );
      return { userId: user.id, email: user.email };
    },
  };
}

export type EmailingService = ReturnType<typeof createEmailingService>;
