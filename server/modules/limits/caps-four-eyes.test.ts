/**
 * Four-eyes on the caps of the verification levels (docs/security.md "Four-eyes approval" and
 * "Limits by verification level"): a raise of one cap at or above the threshold ($1,000 here) is
 * held (202, the caps unchanged) until a second owner approves it, never the maker; a change that
 * raises nothing applies at once; two approvals at once apply it once. The table's rules for a
 * request about no client (migration limits_four_eyes) are checked on the database itself.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MSG } from '@common/messages';
import { LIMITS_MSG, type VerificationLevel } from '@common/schemas/limits';
import { approvalRequests, auditLog } from '../../db/schema';
import { usd } from '../../lib/money';
import { useBefore, useTestContext } from '../../test/context';
import { expectAnswer } from '../../test/expect';
import { createTestUser } from '../../test/factories';

const { t, admin, inject, db } = useTestContext({ smtpUrl: undefined });
const owners = useBefore(async () => ({
  second: await createTestUser(t.app, { role: 'owner' }),
  third: await createTestUser(t.app, { role: 'owner' }),
  finance: await createTestUser(t.app, { role: 'finance' }),
}));

type Caps = Record<'depositDay' | 'depositMonth' | 'withdrawalDay' | 'withdrawalMonth', number>;

/** `level`'s caps as the back office reads them (USD). */
async function capsOf(level: VerificationLevel): Promise<Caps> {
  const rows = (await inject('GET', '/api/limits/levels', admin.headers)).json().data as (Caps & {
    level: string;
  })[];
  const { depositDay, depositMonth, withdrawalDay, withdrawalMonth } = rows.find((r) => r.level === level)!;
  return { depositDay, depositMonth, withdrawalDay, withdrawalMonth };
}

/** PUT `caps` on `level` as `headers`' owner, with a reason. */
const put = (level: VerificationLevel, caps: Caps, headers = admin.headers) =>
  inject('PUT', `/api/limits/levels/${level}`, headers, { ...caps, reason: 'Quarterly review' });

/** The audit rows of `action` about `level`'s caps or their requests. */
const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

describe('PUT /api/limits/levels/:level under four-eyes', () => {
  it('holds a raise at the threshold (202, caps unchanged); the maker cannot approve; a second owner applies it', async () => {
    const before = await capsOf('identity');
    const raised = {
      ...before,
      depositMonth: before.depositMonth + 5_000,
      withdrawalDay: before.withdrawalDay + 1_000,
    };
    const res = await put('identity', raised);
    const held = expectAnswer(res, 202, LIMITS_MSG.levelHeld, {
      action: 'limits_update',
      status: 'pending',
      client: null,
      amount: 5_000,
      maker: { _id: admin.id },
      reason: 'Quarterly review',
    }).data as { _id: string; summary: string };
    const $ = (n: number) => usd(BigInt(Math.round(n * 100)));
    expect(held.summary).toBe(
      `Caps of "Identity approved": deposits per 30 days ${$(before.depositMonth)} → ${$(raised.depositMonth)}; ` +
        `withdrawals per 24 h ${$(before.withdrawalDay)} → ${$(raised.withdrawalDay)}`,
    );
    expect(await capsOf('identity')).toEqual(before);
    const [request] = await audits('approval.request').then((rows) =>
      rows.filter((r) => r.targetId === held._id),
    );
    expect(request).toMatchObject({ actorId: admin.id, targetUserId: null });

    // the queue lists it readably; a second raise of the same level waits behind it (409)
    const queue = (await inject('GET', '/api/approvals', owners.second.headers)).json().data as {
      _id: string;
    }[];
    expect(queue.find((r) => r._id === held._id)).toMatchObject({ client: null, summary: held.summary });
    expect((await put('identity', raised, owners.second.headers)).json().message).toBe(
      APPROVAL_MSG.alreadyWaiting,
    );

    // the maker never approves their own request; finance may decide money but lacks limits.manage
    const approve = (headers: typeof admin.headers) =>
      inject('POST', `/api/approvals/${held._id}/approve`, headers);
    expectAnswer(await approve(admin.headers), 409, APPROVAL_MSG.ownRequest);
    expect((await approve(owners.finance.headers)).statusCode).toBe(403);
    expect(await capsOf('identity')).toEqual(before);

    const updates = (await audits('limits.update')).length;
    expectAnswer(await approve(owners.second.headers), 200, APPROVAL_MSG.approved, {
      status: 'approved',
      checker: { _id: owners.second.id },
      resultId: 'identity',
    });
    expect(await capsOf('identity')).toEqual(raised);
    const rows = await audits('limits.update');
    expect(rows).toHaveLength(updates + 1);
    expect(rows.at(-1)).toMatchObject({
      actorId: owners.second.id,
      targetId: 'identity',
      before: before,
      after: { ...raised, reason: 'Quarterly review' },
    });
    const [approval] = await audits('approval.approve').then((r) => r.filter((a) => a.targetId === held._id));
    expect(approval).toMatchObject({
      actorId: owners.second.id,
      after: expect.objectContaining({ makerId: admin.id }),
    });
  });

  it('applies at once a change that lowers caps, and a raise below the threshold', async () => {
    const before = await capsOf('address');
    const count = async () => (await db().select().from(approvalRequests)).length;
    const requests = await count();
    const lowered = {
      ...before,
      depositDay: before.depositDay - 50_000,
      withdrawalMonth: before.withdrawalMonth - 1,
    };
    expectAnswer(await put('address', lowered), 200, LIMITS_MSG.levelSaved, {
      depositDay: lowered.depositDay,
    });
    // stricter here, looser there: the raise alone is weighed ($999.99 < $1,000)
    const mixed = {
      ...lowered,
      depositDay: lowered.depositDay - 1,
      withdrawalDay: lowered.withdrawalDay + 999.99,
    };
    expectAnswer(await put('address', mixed), 200, LIMITS_MSG.levelSaved);
    expect(await capsOf('address')).toEqual(mixed);
    expect(await count()).toBe(requests);
  });

  it('applies a raise approved twice at the same moment once', async () => {
    const before = await capsOf('email');
    const raised = { ...before, depositDay: before.depositDay + 1_000 };
    const id = (await put('email', raised)).json().data._id as string;
    const updates = (await audits('limits.update')).length;
    const answers = await Promise.all([
      inject('POST', `/api/approvals/${id}/approve`, owners.second.headers),
      inject('POST', `/api/approvals/${id}/approve`, owners.third.headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await capsOf('email')).toEqual(raised);
    expect(await audits('limits.update')).toHaveLength(updates + 1);
  });
});

describe('approval_requests about no client (the database)', () => {
  const insert = (action: string, clientId: string | null) =>
    db()
      .insert(approvalRequests)
      .values({ action, clientId, amount: 1n, payload: {}, reason: 'Check', makerId: admin.id });

  it('allows a null client only for limits_update, and a limits_update only without a client', async () => {
    await expect(insert('adjustment', null)).rejects.toThrow();
    await expect(insert('limits_update', owners.second.id)).rejects.toThrow();
    await insert('limits_update', null);
    const rows = await db()
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.action, 'limits_update'), eq(approvalRequests.reason, 'Check')));
    expect(rows).toHaveLength(1);
  });
});
