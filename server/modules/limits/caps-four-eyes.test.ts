/**
 * Four-eyes on the caps of the verification levels (docs/security.md "Four-eyes approval" and
 * "Limits by verification level"): a raise of one cap at or above the threshold ($1,000 here) is
 * held (202, the caps unchanged) until a second owner approves it, never the maker; a change that
 * raises nothing applies at once; two approvals at once apply it once. Raises add up over 24 hours
 * (caps-weight.ts), whoever makes them: each is measured from the cap's lowest value of the window,
 * so slices under the threshold, or a lowering then a raise, wait once they reach it; a day later a
 * cap starts anew; raises and lowerings sent at once by two owners never slip a climb through. The
 * table's rules for a request about no client (migration limits_four_eyes) are checked on the
 * database itself.
 */
import { and, eq, sql } from 'drizzle-orm';
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

/** A day passes for the caps: the `limits.update` audit rows move 25 hours into the past (triggers off). */
async function aDayPasses(): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`update audit_log set created_at = created_at - interval '25 hours' where action = 'limits.update'`,
    );
  });
}

/** Rejects pending request `id` as the second owner, so its level may be raised again. */
const reject = (id: string) =>
  inject('POST', `/api/approvals/${id}/reject`, owners.second.headers, { reason: 'Not this week' });

describe('raises of one cap add up over 24 hours, whoever makes them', () => {
  it('holds the $999 raise that takes the climb to $1,000 or more, from any owner; the rest wait behind it', async () => {
    await aDayPasses();
    const start = await capsOf('identity');
    const makers = [admin.headers, owners.second.headers, owners.third.headers];
    const codes: number[] = [];
    let held: { _id: string; amount: number; summary: string } | undefined;
    for (let i = 1; i <= 10; i++) {
      const res = await put(
        'identity',
        { ...start, withdrawalDay: start.withdrawalDay + 999 * i },
        makers[i % 3],
      );
      codes.push(res.statusCode);
      if (res.statusCode === 202) held ??= res.json().data;
    }
    expect(codes).toEqual([200, 202, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await capsOf('identity')).toEqual({ ...start, withdrawalDay: start.withdrawalDay + 999 });
    const $ = (n: number) => usd(BigInt(Math.round(n * 100)));
    expect(held).toMatchObject({ amount: 1998 });
    expect(held!.summary).toBe(
      `Caps of "Identity approved": withdrawals per 24 h ${$(start.withdrawalDay + 999)} → ` +
        `${$(start.withdrawalDay + 1998)} (lowest in the last 24 hours ${$(start.withdrawalDay)})`,
    );
    expect((await reject(held!._id)).statusCode).toBe(200);
  });

  it('runs nine raises of $100, holds the tenth; a day later a cap starts anew', async () => {
    await aDayPasses();
    const start = await capsOf('address');
    const raise = (usd: number) => put('address', { ...start, depositDay: start.depositDay + usd });
    const codes: number[] = [];
    for (let n = 1; n <= 10; n++) codes.push((await raise(100 * n)).statusCode);
    expect(codes).toEqual([...Array<number>(9).fill(200), 202]);
    const pending = await db()
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.action, 'limits_update'), eq(approvalRequests.status, 'pending')));
    expect(pending.map((r) => r.amount)).toEqual([1_000_00n]);
    expect((await reject(pending[0]!.id)).statusCode).toBe(200);

    // the nine raises are 25 hours old: $999 more runs, then $1 more waits (a new day's climb)
    await aDayPasses();
    expectAnswer(await raise(900 + 999), 200, LIMITS_MSG.levelSaved);
    const held = expectAnswer(await raise(900 + 1_000), 202, LIMITS_MSG.levelHeld, { amount: 1_000 })
      .data as { _id: string };
    expect(await capsOf('address')).toEqual({ ...start, depositDay: start.depositDay + 1_899 });
    expect((await reject(held._id)).statusCode).toBe(200);
  });

  it('measures a raise after a lowering from the lowest value: lower $5,000, then raise $5,500, waits', async () => {
    await aDayPasses();
    const start = await capsOf('email');
    const lowered = { ...start, depositDay: start.depositDay - 5_000 };
    expectAnswer(await put('email', lowered, owners.second.headers), 200, LIMITS_MSG.levelSaved);
    const raised = { ...start, depositDay: start.depositDay + 500 };
    const held = expectAnswer(await put('email', raised), 202, LIMITS_MSG.levelHeld, { amount: 5_500 })
      .data as { _id: string };
    expect(await capsOf('email')).toEqual(lowered);
    expect((await reject(held._id)).statusCode).toBe(200);
  });
});

describe('two owners at once on one cap', () => {
  it('cannot both slip under: $600 and $1,200 sent at once run one and hold the other', async () => {
    await aDayPasses();
    const start = await capsOf('address');
    const to = (usd: number, headers: typeof admin.headers) =>
      put('address', { ...start, withdrawalMonth: start.withdrawalMonth + usd }, headers);
    const [small, large] = await Promise.all([to(600, owners.third.headers), to(1_200, admin.headers)]);
    expect([small.statusCode, large.statusCode]).toEqual([200, 202]);
    expect(large.json().data.amount).toBe(1_200);
    expect(await capsOf('address')).toEqual({ ...start, withdrawalMonth: start.withdrawalMonth + 600 });
    expect((await reject(large.json().data._id as string)).statusCode).toBe(200);
  });

  it('a raise sent with a lowering runs before it, or is measured from the lowered value', async () => {
    await aDayPasses();
    const start = await capsOf('address');
    const at = (usd: number) => ({ ...start, withdrawalMonth: start.withdrawalMonth + usd });
    const [lower, raise] = await Promise.all([
      put('address', at(-5_000), owners.third.headers),
      put('address', at(999), admin.headers),
    ]);
    expect(lower.statusCode).toBe(200);
    // either order ends at the lowered cap; a raise that ran after the lowering would leave +$999
    expect(await capsOf('address')).toEqual(at(-5_000));
    const lowering = (await audits('limits.update')).find(
      (r) =>
        r.actorId === owners.third.id && (r.after as Caps).withdrawalMonth === at(-5_000).withdrawalMonth,
    );
    if (raise.statusCode === 200) {
      // the raise ran first: the lowering started from the raised cap
      expect(lowering!.before).toMatchObject({ withdrawalMonth: start.withdrawalMonth + 999 });
    } else {
      expectAnswer(raise, 202, LIMITS_MSG.levelHeld, { amount: 5_999 });
      expect(lowering!.before).toMatchObject({ withdrawalMonth: start.withdrawalMonth });
      expect((await reject(raise.json().data._id as string)).statusCode).toBe(200);
    }
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
