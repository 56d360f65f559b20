/**
 * Support tickets (clients see their tickets and the replies from support: docs/product.md). A
 * client opens a ticket with a message and may add replies while it is open; an admin lists every
 * ticket, replies (the client is notified in-app and by e-mail, HTML escaped), closes or reopens,
 * and deletes. Each admin change writes one audit row in its transaction. Errors: AppError 404
 * (unknown ticket, or another client's), 409 (ticket closed).
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { MESSAGING_MSG } from '@common/messages';
import type {
  PublicSupportTicket,
  SupportMessageInput,
  SupportStatus,
  TicketPageQuery,
  TicketsQuery,
  UpdateTicketInput,
} from '@common/schemas/support';
import type { Db, Tx } from '../../db/client';
import { supportReplies, supportTickets, users } from '../../db/schema';
import { auditedDelete, recordAudit, type AuditActor } from '../../lib/audit';
import { wholeOrCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { sortedBy, type SortKey } from '../../lib/paging';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction } from '../../lib/unit-of-work';
import type { UserRow } from '../../db/rows';

export type TicketRow = typeof supportTickets.$inferSelect;
export type ReplyRow = typeof supportReplies.$inferSelect;

/** A ticket with its client's e-mail and its replies (oldest first). */
export interface TicketView {
  /** The ticket's id (a cursor page's key). */
  id: string;
  ticket: TicketRow;
  email: string;
  replies: ReplyRow[];
}

/** Most tickets a list answers (newest first). */
const LIST_LIMIT = 500;

/** The original ticket shape plus status and replies. */
export function presentTicket({ ticket, email, replies }: TicketView): PublicSupportTicket {
  return {
    _id: ticket.id,
    message: ticket.message,
    status: ticket.status as SupportStatus,
    user: { _id: ticket.userId, email },
    createdAt: ticket.createdAt.toISOString(),
    closedAt: ticket.closedAt?.toISOString() ?? null,
    replies: replies.map((r) => ({
      _id: r.id,
      message: r.message,
      fromSupport: r.fromSupport,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The lists' order: newest first (the cursor pages' keys, lib/cursor.ts). */
const TICKET_ORDER: readonly SortKey[] = [
  [supportTickets.createdAt, 'desc'],
  [supportTickets.id, 'desc'],
];

/** At most `limit` tickets matching `where`, newest first, with e-mails and replies (two queries). */
async function loadViews(db: Db | Tx, where: SQL | undefined, limit = LIST_LIMIT): Promise<TicketView[]> {
  const rows = await db
    .select({ ticket: supportTickets, email: users.email })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(where)
    .orderBy(...sortedBy(TICKET_ORDER))
    .limit(limit);
  if (rows.length === 0) return [];
  const replies = await db
    .select()
    .from(supportReplies)
    .where(
      inArray(
        supportReplies.ticketId,
        rows.map((r) => r.ticket.id),
      ),
    )
    .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));
  // Map.groupBy needs Node 21+; Node 20 must keep working (package.json "engines")
  const byTicket = new Map<string, ReplyRow[]>();
  for (const r of replies) byTicket.set(r.ticketId, [...(byTicket.get(r.ticketId) ?? []), r]);
  return rows.map((r) => ({ ...r, id: r.ticket.id, replies: byTicket.get(r.ticket.id) ?? [] }));
}

/**
 * The tickets matching `where`: the newest 500, or a cursor page (`q.cursor`, `q.limit`: lib/cursor.ts
 * `wholeOrCursor`, newest first). Throws AppError 400 `invalid_cursor`.
 */
function listViews(db: Db, where: SQL | undefined, q: TicketPageQuery) {
  return wholeOrCursor(supportTickets, TICKET_ORDER, q, LIST_LIMIT, (after, limit) =>
    loadViews(db, and(where, after), limit),
  );
}

export function createSupportService({ db, log, notifications }: ServiceDeps) {
  async function viewOf(tx: Db | Tx, id: string): Promise<TicketView> {
    const [view] = await loadViews(tx, eq(supportTickets.id, id));
    if (!view) throw new AppError('ticket_not_found');
    return view;
  }

  /** Locks one ticket for change. Throws 404 (also for another client's, when `ownerId` is given). */
  async function lockTicket(tx: Tx, id: string, ownerId?: string): Promise<TicketRow> {
    const [row] = await tx
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.id, id), ownerId ? eq(supportTickets.userId, ownerId) : undefined))
      .for('update');
    if (!row) throw new AppError('ticket_not_found');
    return row;
  }

  return {
    /** Opens a ticket for the client with their message (status open). */
    async createTicket(user: UserRow, input: SupportMessageInput): Promise<TicketView> {
      const [row] = await db
        .insert(supportTickets)
        .values({ userId: user.id, message: input.message })
        .returning();
      return { id: row!.id, ticket: row!, email: user.email, replies: [] };
    },

    /** The client's own tickets with replies, newest first: all (500 at most) or a cursor page (400 `invalid_cursor`). */
    listForUser(userId: string, q: TicketPageQuery = {}) {
      return listViews(db, eq(supportTickets.userId, userId), q);
    },

    /** The client adds a message to their own open ticket. Throws 404 (not theirs), 409 (closed). */
    async addClientReply(user: UserRow, id: string, input: SupportMessageInput): Promise<TicketView> {
      return db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, id, user.id);
        if (ticket.status === 'closed') throw new AppError('ticket_closed');
        await tx
          .insert(supportReplies)
          .values({ ticketId: id, authorId: user.id, fromSupport: false, message: input.message });
        await tx.update(supportTickets).set({ updatedAt: new Date() }).where(eq(supportTickets.id, id));
        return viewOf(tx, id);
      });
    },

    /**
     * Admin: every ticket (or only those of `q.status`), newest first: all (500 at most) or a cursor
     * page (400 `invalid_cursor`).
     */
    listTickets(q: TicketsQuery = {}) {
      return listViews(db, q.status ? eq(supportTickets.status, q.status) : undefined, q);
    },

    /**
     * Admin: stores a reply from support (the client is notified in-app and, after commit, by
     * e-mail) and/or sets the status (closing stamps `closed_at`, reopening clears it), with one
     * audit row (`support.update`). Throws 404.
     */
    async updateTicket(actor: AuditActor, id: string, input: UpdateTicketInput): Promise<TicketView> {
      return inTransaction(db, log, async (uow) => {
        const ticket = await lockTicket(uow.tx, id);
        const reply = input.reply || undefined;
        if (reply) {
          await uow.tx
            .insert(supportReplies)
            .values({ ticketId: id, authorId: actor.id, fromSupport: true, message: reply });
          await notifications.notify(
            uow,
            { userId: ticket.userId, title: MESSAGING_MSG.supportReplyTitle, message: reply },
            { kind: 'staff-written' },
          );
        }
        const status = input.status ?? (ticket.status as SupportStatus);
        const closedAt =
          status === 'closed' ? (ticket.status === 'closed' ? ticket.closedAt : new Date()) : null;
        await uow.tx
          .update(supportTickets)
          .set({ status, closedAt, updatedAt: new Date() })
          .where(eq(supportTickets.id, id));
        await recordAudit(uow.tx, actor, {
          action: 'support.update',
          targetUserId: ticket.userId,
          targetId: id,
          before: { status: ticket.status },
          after: { status, ...(reply && { reply }) },
        });
        return viewOf(uow.tx, id);
      });
    },

    /** Admin: deletes a ticket and its replies, with one audit row (`support.delete`). Throws 404. */
    async deleteTicket(actor: AuditActor, id: string): Promise<void> {
      await auditedDelete(
        db,
        actor,
        'ticket_not_found',
        (tx) => tx.delete(supportTickets).where(eq(supportTickets.id, id)).returning(),
        (row) => ({
          action: 'support.delete',
          targetUserId: row.userId,
          targetId: id,
          before: { message: row.message, status: row.status },
        }),
      );
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
