/**
 * Paging (lib/paging.ts): where a page lies, read from the nearer end, gives exactly the slice of
 * the whole list for every page of every size; the users list pages live users newest first that
 * way; and the kept totals of `list_counts` equal a count of the rows through new users, erasure,
 * deposits and withdrawals submitted, reviewed and deleted (both drivers).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { auditLog, users } from '../db/schema';
import { useTestContext } from '../test/context';
import { createClient, createTestUser, submitDeposit, submitWithdrawal } from '../test/factories';
import { listCount, pageOf, pageWindow } from './paging';

const { t, admin, inject } = useTestContext();

describe('pageWindow', () => {
  it('reads every page of every size as the slice of the list, from the nearer end', () => {
    for (let total = 0; total <= 40; total++) {
      const list = Array.from({ length: total }, (_, i) => i);
      for (let pageSize = 1; pageSize <= 7; pageSize++) {
        for (let page = 1; page <= Math.ceil(total / pageSize) + 1; page++) {
          const window = pageWindow({ page, pageSize }, total);
          const expected = list.slice((page - 1) * pageSize, page * pageSize);
          if (!window) {
            expect(expected, `${total}/${pageSize}/${page}`).toEqual([]);
            continue;
          }
          const read = window.fromEnd
            ? [...list]
                .reverse()
                .slice(window.offset, window.offset + window.limit)
                .reverse()
            : list.slice(window.offset, window.offset + window.limit);
          expect(read, `${total}/${pageSize}/${page}`).toEqual(expected);
          // never skips more than half of the list
          expect(window.offset).toBeLessThanOrEqual(Math.ceil(total / 2));
        }
      }
    }
  });

  it('reads the last page from the end and the first from the start', () => {
    expect(pageWindow({ page: 1, pageSize: 10 }, 100_000)).toEqual({ offset: 0, limit: 10, fromEnd: false });
    expect(pageWindow({ page: 10_000, pageSize: 10 }, 100_000)).toEqual({
      offset: 0,
      limit: 10,
      fromEnd: true,
    });
    expect(pageWindow({ page: 10_000, pageSize: 10 }, 99_995)).toEqual({
      offset: 0,
      limit: 5,
      fromEnd: true,
    });
    expect(pageWindow({ page: 10_001, pageSize: 10 }, 100_000)).toBeUndefined();
  });
});

describe('lists paged from their indexes', () => {
  /** The kept totals and the real counts of both lists. */
  async function counts() {
    const [real] = await queryRows<{ live_users: number; pending_reviews: number; audit_log: number }>(
      t.database.db,
      sql`select (select count(*) from users where deleted_at is null and role = 'client')::int as live_users,
        ((select count(*) from deposits where status = 'pending')
          + (select count(*) from withdrawals where status = 'pending'))::int as pending_reviews,
        (select count(*) from audit_log)::int as audit_log`,
    );
    return {
      kept: {
        live_users: await listCount(t.database.db, 'live_users'),
        pending_reviews: await listCount(t.database.db, 'pending_reviews'),
        audit_log: await listCount(t.database.db, 'audit_log'),
      },
      real: real!,
    };
  }

  it('keeps the users, review-queue and audit-log totals equal to the rows', async () => {
    const before = await counts();
    expect(before.kept).toEqual(before.real);
    const a = await createClient(t.app, { level: 'identity', balance: 1_000_00n });
    const b = await createClient(t.app);
    await createTestUser(t.app, { role: 'finance' }); // the users list shows clients only
    const deposits = [await submitDeposit(t.app, a, 100), await submitDeposit(t.app, a, 101)];
    const withdrawals = [await submitWithdrawal(t.app, a, 10), await submitWithdrawal(t.app, a, 11)];
    let now = await counts();
    expect(now.kept).toEqual(now.real);
    expect(now.kept.pending_reviews).toBe(before.real.pending_reviews + 4);
    expect(now.kept.live_users).toBe(before.real.live_users + 2);

    const put = (url: string, body?: object) => inject('PUT', url, admin.headers, body);
    expect((await put(`/api/deposits/${deposits[0]}/approve`)).statusCode).toBe(200);
    expect((await put(`/api/deposits/${deposits[1]}/reject`, { reason: 'Not received' })).statusCode).toBe(
      200,
    );
    expect((await inject('DELETE', `/api/deposits/${deposits[1]}`, admin.headers)).statusCode).toBe(200);
    expect((await put(`/api/c-withdrawals/${withdrawals[0]}/approve`)).statusCode).toBe(200);
    expect(
      (await put(`/api/c-withdrawals/${withdrawals[1]}/reject`, { reason: 'Not ours' })).statusCode,
    ).toBe(200);
    expect((await inject('DELETE', `/api/c-withdrawals/${withdrawals[1]}`, admin.headers)).statusCode).toBe(
      200,
    );
    const erased = await inject('DELETE', `/api/user/admin/${b.id}`, admin.headers);
    expect(erased.statusCode, erased.body).toBe(200);
    now = await counts();
    expect(now.kept).toEqual(now.real);
    expect(now.kept.pending_reviews).toBe(before.real.pending_reviews);
    expect(now.kept.live_users).toBe(before.real.live_users + 1);
    // each review, delete and the erasure wrote an audit row
    expect(now.kept.audit_log).toBeGreaterThan(before.real.audit_log + 6);
  });

  it('pages live clients newest first: every page is the slice of the whole list', async () => {
    const liveClients = and(isNull(users.deletedAt), eq(users.role, 'client'));
    for (let i = 0; i < 20; i++) await createClient(t.app);
    const whole = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(liveClients)
      .orderBy(desc(users.createdAt), desc(users.id));
    expect(whole.length).toBeGreaterThan(20);
    const order = [
      [users.createdAt, 'desc'],
      [users.id, 'desc'],
    ] as const;
    for (const pageSize of [3, 10]) {
      const read: string[] = [];
      for (let page = 1; ; page++) {
        const { rows, total } = await pageOf(
          t.database.db,
          users,
          liveClients,
          order,
          { page, pageSize },
          'live_users',
        );
        expect(total).toBe(whole.length);
        if (!rows.length) break;
        read.push(...rows.map((r) => r.id));
      }
      expect(read).toEqual(whole.map((r) => r.id));
    }
  });

  it('pages the audit log newest first, filtered or not: every page is the slice of the whole log', async () => {
    const whole = await t.database.db
      .select({ id: auditLog.id, action: auditLog.action })
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    expect(whole.length).toBeGreaterThan(6);
    const action = whole[0]!.action;
    for (const filters of [{}, { action }]) {
      const expected = whole.filter((r) => !('action' in filters) || r.action === action).map((r) => r.id);
      const read: string[] = [];
      for (let page = 1; ; page++) {
        const { rows, total } = await t.app.ctx.services.audit.listAudit({ page, pageSize: 2, ...filters });
        expect(total).toBe(expected.length);
        if (!rows.length) break;
        read.push(...rows.map((r) => r.id));
      }
      expect(read).toEqual(expected);
    }
  });
});
