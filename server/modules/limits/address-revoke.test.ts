/**
 * Revoking a mistaken proof-of-address approval (DELETE /api/limits/address/:id, routes.ts;
 * docs/security.md "Limits by verification level"): with a required reason, the client is back at
 * level 1 at once (the next withdrawal meets level 1's caps), the audit row keeps the reason, and
 * the client reads it in the notice. Nothing to revoke is 409; staff targets are the
 * authorization matrix's (server/test/authorization.test.ts).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS_MSG } from '@common/schemas/limits';
import { auditLog, notifications, verificationLevels } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { createClient, withdrawCrypto } from '../../test/factories';

const { t, admin, inject, db } = useTestContext({ smtpUrl: undefined });

describe('DELETE /api/limits/address/:id', () => {
  it('revokes an approval with its reason: level 1 at once, audited, the client told why', async () => {
    // level 1 may withdraw $100 a day, level 2 $1,000
    await db()
      .update(verificationLevels)
      .set({ withdrawalDay: 100_00n, withdrawalMonth: 250_00n })
      .where(eq(verificationLevels.level, 1));
    const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    const url = `/api/limits/address/${c.id}`;
    const none = await inject('DELETE', url, admin.headers, { reason: 'Approved by mistake' });
    expect([none.statusCode, none.json().code]).toEqual([409, 'address_not_verified']);
    const approve = await inject('PUT', url, admin.headers, { reason: 'Utility bill checked' });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await withdrawCrypto(t.app, c, 150)).statusCode).toBe(201);

    const noReason = await inject('DELETE', url, admin.headers, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const res = await inject('DELETE', url, admin.headers, { reason: 'The bill names another person' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: LIMITS_MSG.addressRevoked });
    expect((await inject('GET', '/api/limits', c.headers)).json().data).toMatchObject({
      level: 'identity',
      next: { level: 'address' },
    });
    // $150 already counts against level 1's $100 a day
    const over = await withdrawCrypto(t.app, c, 1);
    expect([over.statusCode, over.json().code]).toEqual([422, 'withdrawal_limit_exceeded']);

    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, c.id), eq(notifications.title, LIMITS_MSG.addressRevoked)));
    expect(note?.message).toContain('back to those of "Identity approved"');
    expect(note?.message).toContain('The bill names another person');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'kyc.address_revoke'), eq(auditLog.targetUserId, c.id)));
    expect(audit).toMatchObject({
      actorId: admin.id,
      before: { addressVerifiedAt: expect.any(String) },
      after: { addressVerifiedAt: null, reason: 'The bill names another person' },
    });
    const again = await inject('DELETE', url, admin.headers, { reason: 'Approved by mistake' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'address_not_verified']);
  });
});
