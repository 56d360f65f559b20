/**
 * PUT /api/user/admin/:id blocks and unblocks through the block route's own service
 * (admin-service.ts `changeBlock`): the full edit body with `isBlocked: true` and a `reason` blocks
 * (sessions ended, audited with the reason, the client e-mailed it); without a reason it is 400
 * naming the field; `isBlocked: false` unblocks, audited `user.unblock`.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SECURITY_MSG, USER_ADMIN_MSG } from '@common/messages';
import { auditLog, users } from '../../db/schema';
import { createSignedInUser, TEST_PASSWORD } from '../../test/app';
import { useTestContext } from '../../test/context';
import { mailWithSubject } from '../../test/decision-reasons';

const { t, admin, inject, db } = useTestContext();

const auditActions = async (id: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.targetUserId, id)).orderBy(auditLog.createdAt)).map(
    (r) => ({ action: r.action, after: r.after }),
  );
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** The edit screen's full body for `c` (its current details), with `over`. */
const editBody = (c: { email: string }, over: Record<string, unknown>) => ({
  firstName: 'Test',
  lastName: 'User',
  email: c.email,
  phone: '+44 20 7946 0000',
  location: { address: '1 Main Street', state: 'London' },
  verificationStatus: 'awaiting',
  isBlocked: false,
  ...over,
});
/** PUT /api/user/admin/:id for `c` as the admin, with `editBody(c, over)`. */
const edit = (c: { id: string; email: string }, over: Record<string, unknown>) =>
  inject('PUT', `/api/user/admin/${c.id}`, admin.headers, editBody(c, over));

describe('PUT /api/user/admin/:id with isBlocked', () => {
  it('blocks with a reason as the block route does: sessions end, audited with it, the client e-mailed it', async () => {
    const c = await createSignedInUser(t.app);
    const reason = 'Chargebacks on three deposits';
    const res = await edit(c, { isBlocked: true, reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ isBlocked: true });
    expect(await userRow(c.id)).toMatchObject({ banned: true, banReason: reason });
    expect((await inject('GET', '/api/user/me', c.headers)).statusCode).toBe(401);
    const signin = await inject('POST', '/api/auth/signin', {}, { email: c.email, password: TEST_PASSWORD });
    expect(signin.statusCode).toBe(403);
    const mail = await mailWithSubject(t, c.email, 'Your account has been blocked');
    expect(mail.text).toContain(`Reason: ${reason}`);
    // the edit changed the address and phone too: one row for them, one for the block
    const actions = await auditActions(c.id);
    expect(actions.map((a) => a.action)).toEqual(['user.update', 'user.block']);
    expect(actions[1]!.after).toEqual({ isBlocked: true, reason });
  });

  it('refuses a block without a reason with 400 naming the reason field, and a too short one', async () => {
    const c = await createSignedInUser(t.app);
    const missing = await edit(c, { isBlocked: true });
    expect([missing.statusCode, missing.json().message]).toEqual([400, USER_ADMIN_MSG.blockReasonRequired]);
    expect(missing.json().message).toMatch(/\breason\b/);
    const short = await edit(c, { isBlocked: true, reason: 'no' });
    expect([short.statusCode, short.json().message]).toEqual([400, SECURITY_MSG.reasonLength]);
    expect((await userRow(c.id)).banned).toBe(false);
    expect(await auditActions(c.id)).toEqual([]);
    expect((await inject('GET', '/api/user/me', c.headers)).statusCode).toBe(200);
  });

  it('unblocks with isBlocked: false (audited user.unblock); editing a blocked client keeps the block', async () => {
    const c = await createSignedInUser(t.app);
    const reason = 'Identity under review';
    await inject('POST', `/api/user/admin/${c.id}/block`, admin.headers, { reason });
    const kept = await edit(c, { isBlocked: true });
    expect(kept.statusCode).toBe(200);
    expect(await userRow(c.id)).toMatchObject({ banned: true, banReason: reason });
    const res = await edit(c, { isBlocked: false });
    expect(res.statusCode).toBe(200);
    expect(await userRow(c.id)).toMatchObject({ banned: false, banReason: null });
    expect((await auditActions(c.id)).map((a) => a.action)).toEqual([
      'user.block',
      'user.update',
      'user.unblock',
    ]);
    const signin = await inject('POST', '/api/auth/signin', {}, { email: c.email, password: TEST_PASSWORD });
    expect(signin.statusCode).toBe(200);
  });

  it('never blocks the admin themselves through the edit', async () => {
    const res = await edit(admin, { isBlocked: true, reason: 'Testing a self block' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await userRow(admin.id)).banned).toBe(false);
  });
});
