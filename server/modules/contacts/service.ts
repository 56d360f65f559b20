/**
 * Contact messages from the public form, and the admin's list and delete (/admin/contacts).
 */
import { eq } from 'drizzle-orm';
import type { ContactInput, ContactsQuery } from '@common/schemas/contact';
import { contactMessages } from '../../db/schema';
import { auditedDelete, type AuditActor } from '../../lib/audit';
import { wholeOrCursor } from '../../lib/cursor';
import { sortedBy, type SortKey } from '../../lib/paging';
import type { ServiceDeps } from '../../lib/service-deps';

export type ContactRow = typeof contactMessages.$inferSelect;

/** The list's order, newest first (the export's too). */
const CONTACT_ORDER: readonly SortKey[] = [
  [contactMessages.createdAt, 'desc'],
  [contactMessages.id, 'desc'],
];

export function createContactsService({ db }: ServiceDeps) {
  return {
    /** Stores one message; `ip` is kept for abuse handling. */
    async create(input: ContactInput, ip: string): Promise<ContactRow> {
      const [row] = await db
        .insert(contactMessages)
        .values({ ...input, ip })
        .returning();
      return row!;
    },

    /**
     * All messages, newest first (then by id, as the export orders them), or a cursor page of them
     * (`q.cursor`, `q.limit`: lib/cursor.ts `wholeOrCursor`) (admin). Throws AppError 400 `invalid_cursor`.
     */
    list(q: ContactsQuery = {}) {
      return wholeOrCursor(contactMessages, CONTACT_ORDER, q, undefined, (after, limit) => {
        const rows = db
          .select()
          .from(contactMessages)
          .where(after)
          .orderBy(...sortedBy(CONTACT_ORDER));
        return limit === undefined ? rows : rows.limit(limit);
      });
    },

    /** Deletes one message (admin) with one audit row (`contact.delete`) in the same transaction. Throws AppError NOT_FOUND. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      await auditedDelete(
        db,
        actor,
        'contact_message_not_found',
        (tx) => tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning(),
        (row) => ({
          action: 'contact.delete',
          targetId: row.id,
          before: { name: row.name, email: row.email, message: row.message },
        }),
      );
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;

/** The original contact message shape: _id, name, email, message, createdAt. */
export function presentContact(row: ContactRow) {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
