/**
 * The limits routes (routes.ts): what a client reads of their limits, the owner's edit of the caps
 * table (audited, validated), staff's approval of a proof of address (audited, notified; level 2),
 * and the deposit caps at submission (docs/security.md "Limits by verification level").
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS_MSG } from '@common/schemas/limits';
import { auditLog, notifications, users, verificationLevels } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { createClient, createTestUser, imageDataUrl, submitWithdrawal } from '../../test/factories';

const { t, admin, inject, db } = useTestContext({ smtpUrl: undefined });

const caps = {
  depositDay: 500,
  depositMonth: 1_000,
  withdrawalDay: 100,
  withdrawalMonth: 250,
  reason: 'Tighter caps',
};

describe('GET /api/limits', () => {
  it('an e-mail-confirmed client reads that withdrawals need an approved identity, and the way up', async () => {
    const c = await createClient(t.app);
    const res = await inject('GET', '/api/limits', c.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      level: 'email',
      identityVerified: false,
      next: { level: 'identity', raise: 'verify your identity' },
      withdrawal: { day: { cap: 0, left: 0 } },
      message: LIMITS_MSG.identityRequired,
    });
  });

  it('an approved client reads what is left today after a withdrawal, and that the address raises it', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    await submitWithdrawal(t.app, c, 40);
    const { data } = (await inject('GET', '/api/limits', c.headers)).json();
    expect(data.level).toBe('identity');
    expect(data.withdrawal.day).toEqual({ cap: 10_000, used: 40, left: 9_960 });
    expect(data.message).toBe('You can withdraw $9,960.00 more today; verify your address to raise it');
  });
});

describe('PUT /api/limits/levels/:level (the owner)', () => {
  it('sets the caps with a reason, audited; the new caps apply at once', async () => {
    const res = await inject('PUT', '/api/limits/levels/identity', admin.headers, caps);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: LIMITS_MSG.levelSaved,
      data: { level: 'identity', withdrawalDay: 100 },
    });
    const [row] = await db().select().from(auditLog).where(eq(auditLog.action, 'limits.update'));
    expect(row).toMatchObject({
      actorId: admin.id,
      targetId: 'identity',
      after: expect.objectContaining({ reason: 'Tighter caps' }),
    });
    const list = (await inject('GET', '/api/limits/levels', admin.headers)).json().data;
    expect(list.map((l: { level: string }) => l.level)).toEqual(['email', 'identity', 'address']);
    const c = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    expect((await inject('GET', '/api/limits', c.headers)).json().data.withdrawal.day.cap).toBe(100);
  });

  it('refuses withdrawals at the e-mail level, a 30-day cap under the daily one, and a role without limits.manage', async () => {
    const email = await inject('PUT', '/api/limits/levels/email', admin.headers, caps);
    expect([email.statusCode, email.json().message]).toEqual([400, LIMITS_MSG.noWithdrawalAtEmail]);
    const order = await inject('PUT', '/api/limits/levels/address', admin.headers, {
      ...caps,
      withdrawalMonth: 50,
    });
    expect(order.statusCode).toBe(400);
    expect(JSON.stringify(order.json())).toContain(LIMITS_MSG.capOrder);
    const finance = await createTestUser(t.app, { role: 'finance' });
    expect((await inject('PUT', '/api/limits/levels/identity', finance.headers, caps)).statusCode).toBe(403);
  });
});

describe('PUT /api/limits/address/:id', () => {
  it('approves a proof of address after the identity: level address, audited, the client notified', async () => {
    const c = await createClient(t.app);
    const url = `/api/limits/address/${c.id}`;
    const early = await inject('PUT', url, admin.headers, { reason: 'Utility bill checked' });
    expect([early.statusCode, early.json().code]).toEqual([409, 'address_needs_identity']);
    await db().update(users).set({ verificationStatus: 'verified' }).where(eq(users.id, c.id));
    const res = await inject('PUT', url, admin.headers, { reason: 'Utility bill checked' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inject('GET', '/api/limits', c.headers)).json().data).toMatchObject({
      level: 'address',
      next: null,
    });
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, c.id), eq(notifications.title, LIMITS_MSG.addressApproved)));
    expect(notes[0]?.message).toContain('Utility bill checked');
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'kyc.address_approve'));
    expect(audits.filter((a) => a.targetUserId === c.id)).toHaveLength(1);
    const again = await inject('PUT', url, admin.headers, { reason: 'Utility bill checked' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'address_already_verified']);
  });
});

describe('deposit caps at submission', () => {
  it('a deposit over the daily cap of the level is 422 naming it; at the cap it passes', async () => {
    await db()
      .update(verificationLevels)
      .set({ depositDay: 300_00n, depositMonth: 1_000_00n })
      .where(eq(verificationLevels.level, 0));
    const c = await createClient(t.app);
    const deposit = async (amount: number) =>
      inject('POST', '/api/deposits', c.headers, { amount, image: await imageDataUrl(), wallet: 'bitcoin' });
    expect((await deposit(200)).statusCode).toBe(201);
    const over = await deposit(101);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'deposit_limit_exceeded',
      message: LIMITS_MSG.overLimit('deposit', 'day', '$300.00', 'verify your identity'),
    });
    expect((await deposit(100)).statusCode).toBe(201);
  });
});
