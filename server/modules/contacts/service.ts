/**
 * Contact messages from the public form, and the admin's list and delete (/admin/contacts).
 */
import { desc, eq } from 'drizzle-orm';
import type { ContactInput } from '@common/schemas/contact';
import { contactMessages } from '../../db/schema';
import { auditedDelete, type AuditActor } from '../../lib/audit';
import type { ServiceDeps } from '../../lib/service-deps';

export type ContactRow = typeof contactMessages.$inferSelect;

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

    /** All messages, newest first (then by id, as the export orders them) (admin). */
    list(): Promise<ContactRow[]> {
      return db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
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
