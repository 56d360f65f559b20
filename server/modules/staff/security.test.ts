/**
 * An owner's security actions on staff members through the API on a real database (docs/security.md
 * "Four-eyes approval"): block with a reason (sessions end, the member reads the reason in an
 * e-mail), unblock, and reset two-factor authentication; on an owner each waits for a second owner,
 * who alone may approve it (not the maker, not the owner it acts on, not finance with
 * approvals.decide); non-owners are refused, nobody acts on themselves, clients are not staff (404).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MSG, SECURITY_MSG, STAFF_MSG } from '@common/messages';
import type { ApprovalRequest } from '@common/schemas/approvals';
import { approvalRequests, auditLog, sessions, twoFactors, users } from '../../db/schema';
import { createClient, createTestUser, enrolTwoFactor, type TestUser } from '../../test/factories';
import { useBefore, useTestContext } from '../../test/context';
import { expectAnswer } from '../../test/expect';

const { t, admin, inject, db } = useTestContext();
const people = useBefore(async () => ({
  secondOwner: await createTestUser(t.app, { role: 'owner' }),
  finance: await createTestUser(t.app, { role: 'finance' }),
  compliance: await createTestUser(t.app, { role: 'compliance' }),
}));

const enrol = (u: TestUser) => enrolTwoFactor(t.app, u);

const sessionsOf = async (u: TestUser) => db().select().from(sessions).where(eq(sessions.userId, u.id));
const rowOf = async (u: TestUser) => (await db().select().from(users).where(eq(users.id, u.id)))[0]!;
const block = (target: TestUser, h = admin.headers, reason = 'Shared their password with a client') =>
  inject('POST', `/api/staff/${target.id}/block`, h, { reason });

describe('on a staff member who is not an owner', () => {
  it('blocks with a reason (sessions end, e-mail, audit) and unblocks', async () => {
    const m = await createTestUser(t.app, { role: 'support' });
    expectAnswer(await block(m), 200, STAFF_MSG.blocked, { _id: m.id, isBlocked: true, active: true });
    expect(await sessionsOf(m)).toHaveLength(0);
    expect(await rowOf(m)).toMatchObject({ banned: true, banReason: 'Shared their password with a client' });
    const mail = await t.smtp.waitForMail(m.email);
    expect(mail.text).toContain('Shared their password with a client');
    expectAnswer(await block(m), 409, STAFF_MSG.alreadyBlocked);

    expectAnswer(
      await inject('POST', `/api/staff/${m.id}/unblock`, admin.headers),
      200,
      STAFF_MSG.unblocked,
      {
        isBlocked: false,
      },
    );
    expect((await rowOf(m)).banned).toBe(false);
    expectAnswer(
      await inject('POST', `/api/staff/${m.id}/unblock`, admin.headers),
      409,
      STAFF_MSG.notBlocked,
    );
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetUserId, m.id));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ['staff.block', admin.id],
      ['staff.unblock', admin.id],
    ]);
    expect(audits[0]!.after).toEqual({ isBlocked: true, reason: 'Shared their password with a client' });
  });

  it('resets two-factor authentication with a reason: sessions end, e-mail, audit', async () => {
    const m = await createTestUser(t.app, { role: 'compliance' });
    await enrol(m);
    const res = await inject('POST', `/api/staff/${m.id}/reset-two-factor`, admin.headers, {
      reason: 'Lost their phone',
    });
    expectAnswer(res, 200, STAFF_MSG.twoFactorReset, { twoFactorEnabled: false });
    expect(await sessionsOf(m)).toHaveLength(0);
    expect(await db().select().from(twoFactors).where(eq(twoFactors.userId, m.id))).toHaveLength(0);
    expect((await t.smtp.waitForMail(m.email)).text).toContain('Lost their phone');
    expectAnswer(
      await inject('POST', `/api/staff/${m.id}/reset-two-factor`, admin.headers, {
        reason: 'Lost their phone',
      }),
      409,
      SECURITY_MSG.notEnabled,
    );
  });

  it('never unblocks a deactivated member (reactivation is its own route)', async () => {
    const m = await createTestUser(t.app, { role: 'support' });
    expect((await inject('POST', `/api/staff/${m.id}/deactivate`, admin.headers)).statusCode).toBe(200);
    expectAnswer(
      await inject('POST', `/api/staff/${m.id}/unblock`, admin.headers),
      409,
      STAFF_MSG.unblockDeactivated,
    );
    expect((await rowOf(m)).banned).toBe(true);
  });
});

describe('on an owner', () => {
  it('holds the block for a second owner; the maker, the owner it acts on and finance cannot approve it', async () => {
    const target = await createTestUser(t.app, { role: 'owner' });
    const held = expectAnswer(await block(target), 202, APPROVAL_MSG.waitingForOwner, {
      action: 'staff_block',
      amount: 0,
      status: 'pending',
      client: { _id: target.id },
      maker: { _id: admin.id },
    }).data as ApprovalRequest;
    expect(await rowOf(target)).toMatchObject({ banned: false });
    expect(await sessionsOf(target)).toHaveLength(1);
    expectAnswer(await block(target), 409, APPROVAL_MSG.alreadyWaiting);

    const approve = (h: Record<string, string>) => inject('POST', `/api/approvals/${held._id}/approve`, h);
    expectAnswer(await approve(admin.headers), 409, APPROVAL_MSG.ownRequest);
    expectAnswer(await approve(target.headers), 409, APPROVAL_MSG.aboutYourself);
    expectAnswer(await approve(people.finance.headers), 403, STAFF_MSG.notAllowed);
    expect((await rowOf(target)).banned).toBe(false);

    expectAnswer(await approve(people.secondOwner.headers), 200, APPROVAL_MSG.approved, {
      status: 'approved',
    });
    expect(await rowOf(target)).toMatchObject({
      banned: true,
      banReason: 'Shared their password with a client',
    });
    expect(await sessionsOf(target)).toHaveLength(0);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, target.id), eq(auditLog.action, 'staff.block')));
    expect(audit!.actorId).toBe(people.secondOwner.id);
  });

  it('holds a two-factor reset and an unblock for a second owner too', async () => {
    const target = await createTestUser(t.app, { role: 'owner' });
    await enrol(target);
    const reset = await inject('POST', `/api/staff/${target.id}/reset-two-factor`, admin.headers, {
      reason: 'Lost their phone',
    });
    const request = expectAnswer(reset, 202, APPROVAL_MSG.waitingForOwner, {
      action: 'staff_reset_two_factor',
    }).data as ApprovalRequest;
    expect((await rowOf(target)).twoFactorEnabled).toBe(true);
    expect(
      (await inject('POST', `/api/approvals/${request._id}/approve`, people.secondOwner.headers)).statusCode,
    ).toBe(200);
    expect((await rowOf(target)).twoFactorEnabled).toBe(false);

    await db().update(users).set({ banned: true }).where(eq(users.id, target.id));
    expectAnswer(
      await inject('POST', `/api/staff/${target.id}/unblock`, admin.headers),
      202,
      APPROVAL_MSG.waitingForOwner,
    );
    expect((await rowOf(target)).banned).toBe(true);
    const rows = await db().select().from(approvalRequests).where(eq(approvalRequests.clientId, target.id));
    expect(rows.map((r) => [r.action, r.amount, r.status])).toEqual([
      ['staff_reset_two_factor', 0n, 'approved'],
      ['staff_unblock', 0n, 'pending'],
    ]);
  });

  it('is refused by the table for a money kind of amount 0, and for a staff operation with an amount', async () => {
    const c = await createClient(t.app);
    const base = { clientId: c.id, payload: {}, reason: 'Raw insert', makerId: admin.id };
    await expect(
      db()
        .insert(approvalRequests)
        .values({ ...base, action: 'adjustment', amount: 0n }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(approvalRequests)
        .values({ ...base, action: 'staff_block', amount: 1n }),
    ).rejects.toThrow();
  });
});

describe('who may', () => {
  it('refuses non-owners (403), the caller on themselves (409) and a client (404)', async () => {
    const m = await createTestUser(t.app, { role: 'support' });
    for (const who of [people.finance, people.compliance]) {
      expectAnswer(await block(m, who.headers), 403, STAFF_MSG.notAllowed);
      expectAnswer(
        await inject('POST', `/api/staff/${m.id}/reset-two-factor`, who.headers, { reason: 'Lost phone' }),
        403,
      );
      expectAnswer(await inject('POST', `/api/staff/${m.id}/unblock`, who.headers), 403);
    }
    expectAnswer(await block(admin as TestUser), 409, STAFF_MSG.notYourself);
    const c = await createClient(t.app);
    expect((await block(c)).statusCode).toBe(404);
    expectAnswer(await inject('POST', `/api/staff/${m.id}/block`, admin.headers, { reason: 'x' }), 400);
    expect((await rowOf(m)).banned).toBe(false);
  });
});
