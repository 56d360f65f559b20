/**
 * In-app notifications and the e-mail that goes with a
 * notice. `notify` writes the notification row in the caller's transaction and sends the e-mail only
 * after it commits: a failing mail server never undoes an approval (the failure is logged).
 *
 * Clients read their own notifications (the owner is in every query) and mark them read; an admin
 * sends a notice to one user, lists one user's notices and deletes any; each admin change writes one
 * audit row in its transaction. Text is stored as given: pages render it as text and e-mails escape it.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { CreateNotificationInput, NotificationPageQuery } from '@common/schemas/notifications';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { wholeOrCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { sortedBy, type SortKey } from '../../lib/paging';
import { mailTemplate, type MailKind, type MailMessage, type MailSummaryRow } from '../../lib/mail-templates';
import { StatementOfWork, type StatementSql, type UnitOfWork } from '../../lib/unit-of-work';
import type { BaseDeps } from '../../lib/base-deps';
import type { UserRow } from '../../db/rows';
import { can } from '@common/permissions';

export type NotificationRow = typeof notifications.$inferSelect;

/** The gate of a notice written on its own. */
const always = () => sql`true`;

export interface Notice {
  userId: string;
  title: string;
  message: string;
  /** The e-mail only: the facts in its summary box (amount, reason, reference). */
  summary?: MailSummaryRow[];
  /** The e-mail only: its button's page (default: the notifications page). */
  action?: { label: string; path: string };
}

/** The e-mail button of a notice about a deposit or withdrawal: the client's transaction history. */
export const HISTORY_ACTION = { label: 'See your transaction history', path: '/account/transaction-history' };

/** Where a notice's e-mail button leads unless the notice names a page. */
const NOTICES_ACTION = { label: 'Open your notifications', path: '/account/notification' };

/** Most notifications a list answers (newest first). */
const LIST_LIMIT = 100;

/** The lists' order: newest first (the cursor pages' keys, lib/cursor.ts). */
const NOTICE_ORDER: readonly SortKey[] = [
  [notifications.createdAt, 'desc'],
  [notifications.id, 'desc'],
];

/**
 * A user's newest notifications (at most 100), or a cursor page of them (`q.cursor`, `q.limit`:
 * lib/cursor.ts `wholeOrCursor`). Throws AppError 400 `invalid_cursor`.
 */
function newestOf(db: Db, userId: string, q: NotificationPageQuery) {
  return wholeOrCursor(notifications, NOTICE_ORDER, q, LIST_LIMIT, (after, limit) =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), after))
      .orderBy(...sortedBy(NOTICE_ORDER))
      .limit(limit ?? LIST_LIMIT),
  );
}

// kept for mails queued before the summary box and button (stored mails name their template)
mailTemplate(
  `<p><strong>{{title}}</strong></p>{{paragraphs message}}
<p>You can see this notice and your account history when you sign in at <a href="{{brand.siteUrl}}">{{brand.siteUrl}}</a>.</p>`,
  'notice',
);

const noticeBody = mailTemplate(
  `<p><strong>{{title}}</strong></p>{{paragraphs message}}{{summaryBox summary}}
{{button actionLabel brand.siteUrl actionPath}}
<p>You can see this notice and your account history when you sign in at <a href="{{brand.siteUrl}}">{{brand.siteUrl}}</a>.</p>`,
  'notice-boxed',
);

/**
 * The e-mail of a notice to `to` (greeted by `name`): its title as subject, its message escaped with
 * line breaks kept, its summary box (when it has facts) and a button to its page (the
 * notifications page unless it names another). `kind` (lib/mail-templates.ts): `money` (the default: most notices are about
 * money, and carry the risk warning), `account`, or `staff-written` (a notice staff typed).
 */
export function noticeMail(
  to: string,
  notice: Pick<Notice, 'title' | 'message' | 'summary' | 'action'>,
  kind: MailKind = 'money',
  name?: string | null,
): MailMessage {
  const action = notice.action ?? NOTICES_ACTION;
  return {
    to,
    subject: notice.title,
    body: noticeBody,
    data: {
      title: notice.title,
      message: notice.message,
      summary: notice.summary ?? [],
      actionLabel: action.label,
      actionPath: action.path,
    },
    kind,
    name,
  };
}

export function createNotificationsService({ db, mailer }: BaseDeps) {
  /**
   * Records the notice for the user inside `uow` and queues its e-mail in the same transaction
   * (lib/mail.ts; unless `mail` is false: the caller sends a mail of its own). Answers the row. The
   * user must exist (foreign key; callers hold a user id read from a row that references it).
   * `kind` is the e-mail's kind (`noticeMail`). Two round trips with the mail (the recipient's
   * address and name, then `notifyInStatement` as one statement), one without.
   */
  async function notify(
    uow: UnitOfWork,
    notice: Notice,
    { mail = true, kind = 'money' as MailKind } = {},
  ): Promise<NotificationRow> {
    const [recipient] = mail
      ? await uow.tx
          .select({ email: users.email, firstName: users.firstName })
          .from(users)
          .where(eq(users.id, notice.userId))
      : [{ email: '', firstName: null }];
    const stmt = new StatementOfWork('notify');
    notifyInStatement(stmt, notice, recipient!, always, { mail, kind, row: 'notice_row' });
    const out = await stmt.run(uow.tx, null, uow);
    const { id, created } = JSON.parse(String(out.notice_row)) as { id: string; created: number };
    const { userId, title, message } = notice;
    return { id, userId, title, message, readAt: null, createdAt: new Date(Number(created)) };
  }

  /**
   * `notify` as a part of a one-statement unit of work (lib/unit-of-work.ts): the notification row
   * and (unless `mail` is false) its e-mail to `recipient`, read by the caller beforehand, both
   * inserted only when the SQL condition `gate` holds; the mail is rendered now. Its values are
   * parameters: with a lazy gate the statement keeps being built once per shape. With `row`, the
   * statement answers under that alias the new row's `{ id, created }` (ms since the epoch) as JSON.
   */
  function notifyInStatement(
    stmt: StatementOfWork,
    notice: Notice,
    recipient: { email: string; firstName: string | null },
    gate: StatementSql,
    { mail = true, kind = 'money' as MailKind, row }: { mail?: boolean; kind?: MailKind; row?: string } = {},
  ): void {
    const userId = stmt.param(notice.userId);
    const title = stmt.param(notice.title);
    const message = stmt.param(notice.message);
    const when = stmt.lazy(gate);
    const part = stmt.part(
      stmt.name('notice'),
      () =>
        sql`insert into ${notifications} (user_id, title, message)
        select ${userId}::uuid, ${title}::text, ${message}::text where ${when()}
        returning id, extract(epoch from created_at) * 1000 as created`,
    );
    if (row)
      stmt.output(
        row,
        () => sql`(select json_build_object('id', id, 'created', created)::text from ${part})`,
      );
    if (mail) {
      mailer.enqueueInStatement(stmt, noticeMail(recipient.email, notice, kind, recipient.firstName), when);
    }
  }

  return {
    notify,
    notifyInStatement,

    /** The user's notifications, newest first: the 100 newest, or a cursor page (400 `invalid_cursor`). */
    listForUser(userId: string, q: NotificationPageQuery = {}) {
      return newestOf(db, userId, q);
    },

    /** How many of the user's notifications are unread. */
    async countUnread(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    /** Marks every unread notification of the user read now; answers how many changed. */
    async markAllRead(userId: string): Promise<number> {
      const changed = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return changed.length;
    },

    /**
     * Admin: sends a notice to one user (in-app now, e-mail after commit) and writes one audit row
     * (`notification.create`) in `uow`. Throws AppError 404 "User not found" (unknown or deleted user).
     */
    async sendNotification(
      uow: UnitOfWork,
      actor: AuditActor,
      input: CreateNotificationInput,
    ): Promise<NotificationRow> {
      const [target] = await uow.tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.userId), isNull(users.deletedAt)));
      if (!target) throw new AppError('user_not_found');
      const row = await notify(uow, input, { kind: 'staff-written' });
      await recordAudit(uow.tx, actor, {
        action: 'notification.create',
        targetUserId: row.userId,
        targetId: row.id,
        after: { title: row.title, message: row.message },
      });
      return row;
    },

    /** Admin: one user's notifications, newest first: the 100 newest, or a cursor page (400 `invalid_cursor`). */
    listForAdmin(userId: string, q: NotificationPageQuery = {}) {
      return newestOf(db, userId, q);
    },

    /**
     * Deletes one notification: a client only their own (someone else's is not found: 404); staff
     * who send notifications (`notifications.send`) any, with one audit row
     * (`notification.delete`) in the same transaction. Throws 404.
     */
    async deleteNotification(viewer: UserRow, actor: AuditActor, id: string): Promise<void> {
      const isAdmin = can(viewer.role, 'notifications.send');
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(notifications)
          .where(and(eq(notifications.id, id), isAdmin ? undefined : eq(notifications.userId, viewer.id)))
          .returning();
        if (!row) throw new AppError('notification_not_found');
        if (isAdmin) {
          await recordAudit(tx, actor, {
            action: 'notification.delete',
            targetUserId: row.userId,
            targetId: row.id,
            before: { title: row.title, message: row.message },
          });
        }
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
