/**
 * The rows a posting writes get time-ordered ids (server/lib/ids.ts, migration time_ordered_ids):
 * UUID version 7, whose first 48 bits are the Unix time in milliseconds. An adjustment's journal
 * entry (id made in TypeScript), its lines and its audit row (ids from the database's `uuid_v7()`
 * default, which notices and mails share) each carry version 7, the RFC 9562 variant and a time
 * within the request; a later posting's entry sorts after an earlier one's.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, journalEntries, journalLines } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { createClient } from '../../test/factories';

const { t, admin, inject } = useTestContext({ smtpUrl: undefined });

/** Version, variant and the millisecond time of a UUID version 7 in text form. */
function readV7(id: string) {
  const hex = id.replaceAll('-', '');
  return { version: hex[12], variant: hex[16], ms: parseInt(hex.slice(0, 12), 16) };
}

describe('time-ordered ids', () => {
  it('gives an adjustment’s entry, lines and audit row version-7 ids in time order', async () => {
    const c = await createClient(t.app);
    const credit = (amount: number) =>
      inject('POST', `/api/user/admin/account/${c.id}/adjustments`, admin.headers, {
        direction: 'credit',
        amount,
        reason: 'Goodwill',
      });
    const before = Date.now();
    expect((await credit(5)).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await credit(7)).statusCode).toBe(201);
    const after = Date.now();

    const db = t.database.db;
    const entries = await db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.userId, c.id))
      .orderBy(journalEntries.createdAt);
    expect(entries).toHaveLength(2);
    const lines = await db
      .select({ id: journalLines.id })
      .from(journalLines)
      .where(
        inArray(
          journalLines.entryId,
          entries.map((e) => e.id),
        ),
      );
    expect(lines).toHaveLength(4);
    const audits = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.targetUserId, c.id));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    for (const { id } of [...entries, ...lines, ...audits]) {
      const v7 = readV7(id);
      expect(v7.version, id).toBe('7');
      expect('89ab', id).toContain(v7.variant);
      expect(v7.ms, id).toBeGreaterThanOrEqual(before - 1);
      expect(v7.ms, id).toBeLessThanOrEqual(after + 1);
    }
    // the second posting's entry, made at least 5 ms later, sorts after the first's
    expect(entries[0]!.id < entries[1]!.id).toBe(true);
  });
});
