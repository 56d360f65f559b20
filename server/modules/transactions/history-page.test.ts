/**
 * The history read a page at a time (history-page.ts, migration history_pages), on both drivers:
 * every page, newest first, equals the matching slice of the whole history read in one ordered
 * query, with and without filters, from the newest end and from the oldest; the kept effects equal
 * the entries' lines summed as the history used to sum them; the kept counts equal the lines the
 * history shows, through deletes of deposits and withdrawals and voids; nothing else may write
 * them; and each source is read from its own index, in order.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { transactionHistory } from '../../db/schema';
import { useTestContext } from '../../test/context';
import {
  createClient,
  ledgerViolations,
  submitDeposit,
  submitWithdrawal,
  type TestUser,
} from '../../test/factories';
import { historyPage, historyPageQuery, type HistoryFilters, type HistoryRow } from './history-page';

const { t, admin, inject } = useTestContext();
const th = transactionHistory;

/** The whole history of `userId` matching `filters`, newest first, in one query. */
async function wholeHistory(userId: string, filters: HistoryFilters = {}): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: th.id })
    .from(th)
    .where(
      sql`${th.userId} = ${userId}
        ${filters.type ? sql`and ${th.type} = ${filters.type}` : sql``}
        ${filters.status ? sql`and ${th.status} = ${filters.status}` : sql``}
        ${filters.search ? sql`and (${th.details} ilike ${`%${filters.search}%`} or ${th.type} ilike ${`%${filters.search}%`} or ${th.method} ilike ${`%${filters.search}%`} or ${th.status} ilike ${`%${filters.search}%`})` : sql``}`,
    )
    .orderBy(sql`${th.date} desc, ${th.createdAt} desc, ${th.id} desc`);
  return rows.map((r) => r.id);
}

/** Every page of `pageSize` through `historyPage`, and one past the end. */
async function everyPage(userId: string, pageSize: number, filters: HistoryFilters = {}) {
  const pages: HistoryRow[][] = [];
  for (let page = 1; ; page++) {
    const answer = await historyPage(t.database.db, userId, { ...filters, page, pageSize });
    if (answer.rows.length === 0) return { pages, total: answer.total };
    pages.push(answer.rows);
  }
}

const admit = (userId: string, body: Record<string, unknown>) =>
  inject('POST', `/api/transaction/${userId}`, admin.headers, {
    amount: 10,
    transactionType: 'profit',
    details: 'Trading profit',
    ...body,
  });

let c: TestUser;

beforeAll(async () => {
  c = await createClient(t.app, { level: 'identity' });
  // a history from every source, with ties on the date: admin transactions back-dated to the same
  // day, deposits approved, rejected, pending and deleted, withdrawals pending, declined and deleted,
  // and voids
  for (let i = 0; i < 18; i++) {
    const type = (['profit', 'bonus', 'deposit', 'withdrawal'] as const)[i % 4];
    const date = `2026-0${1 + (i % 3)}-1${i % 2}T10:00:00.000Z`;
    expect(
      (await admit(c.id, { transactionType: type, amount: 5 + i, date, details: `Line ${i}` })).statusCode,
    ).toBe(201);
  }
  // decided as they come (a client may have only a few deposits waiting)
  const deposits: string[] = [];
  const decide = ['approve', 'approve', 'reject', 'reject', 'wait', 'wait'];
  for (const [i, decision] of decide.entries()) {
    const d = await submitDeposit(t.app, c, 100 + i);
    deposits.push(d);
    if (decision === 'approve') await inject('PUT', `/api/deposits/${d}/approve`, admin.headers);
    if (decision === 'reject')
      await inject('PUT', `/api/deposits/${d}/reject`, admin.headers, {
        reason: 'Not received on our wallet',
      });
  }
  expect((await inject('DELETE', `/api/deposits/${deposits[3]}`, admin.headers)).statusCode).toBe(200);
  const voided = await inject('DELETE', `/api/transaction/${deposits[1]}`, admin.headers, {
    reason: 'Chargeback',
  });
  expect(voided.statusCode).toBe(200);
  const withdrawals = [];
  for (let i = 0; i < 4; i++) withdrawals.push(await submitWithdrawal(t.app, c, 3 + i));
  for (const w of withdrawals.slice(0, 2))
    await inject('PUT', `/api/c-withdrawals/${w}/reject`, admin.headers, {
      reason: 'Address not whitelisted',
    });
  expect((await inject('DELETE', `/api/c-withdrawals/${withdrawals[0]}`, admin.headers)).statusCode).toBe(
    200,
  );
});

describe('a page of the history', () => {
  it('is the slice of the whole history, newest first, on every page of every size', async () => {
    const whole = await wholeHistory(c.id);
    expect(whole.length).toBeGreaterThan(25);
    for (const pageSize of [5, 10, 20, 30]) {
      const { pages, total } = await everyPage(c.id, pageSize);
      expect(total).toBe(whole.length);
      expect(pages.flat().map((r) => r.id)).toEqual(whole);
      expect(pages.slice(0, -1).every((p) => p.length === pageSize)).toBe(true);
    }
  });

  it('pages a filtered or searched history the same way, with its own total', async () => {
    for (const filters of [
      { type: 'deposit' },
      { status: 'rejected' },
      { search: 'line 1' },
      { type: 'profit', search: 'trading' },
      { search: 'nothing matches this' },
    ] as HistoryFilters[]) {
      const whole = await wholeHistory(c.id, filters);
      const { pages, total } = await everyPage(c.id, 10, filters);
      expect(total, JSON.stringify(filters)).toBe(whole.length);
      expect(pages.flat().map((r) => r.id)).toEqual(whole);
    }
  });

  it('keeps every entry’s effect and every client’s line count as the lines say', async () => {
    const effects = await queryRows<{ id: string; kept: string | null; summed: string }>(
      t.database.db,
      sql`select e.id, x.delta::text as kept, (select coalesce(sum(l.amount), 0)::text
            from journal_lines l join ledger_accounts a on a.id = l.account_id
           where l.entry_id = e.id and a.user_id = e.user_id
             and (a.kind = 'available' or (e.type = 'profit' and a.kind = 'invested'))) as summed
          from journal_entries e left join journal_entry_effects x on x.entry_id = e.id
         where e.user_id is not null and e.deposit_id is null and e.withdrawal_id is null`,
    );
    expect(effects.length).toBeGreaterThan(14);
    for (const e of effects) expect(e.kept ?? '0', e.id).toBe(e.summed);
    const counts = await queryRows<{ user_id: string; kept: string | null; lines: string }>(
      t.database.db,
      sql`select h.user_id, c.lines::text as kept, count(*)::text as lines
            from transaction_history h left join history_line_counts c on c.user_id = h.user_id
           group by h.user_id, c.lines`,
    );
    expect(counts.some((r) => r.user_id === c.id)).toBe(true);
    for (const r of counts) expect(r.kept, r.user_id).toBe(r.lines);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses any write to the effects and counts but the triggers’', async () => {
    const refused = async (statement: ReturnType<typeof sql>) =>
      expect(t.database.db.execute(statement)).rejects.toThrow();
    await refused(sql`update history_line_counts set lines = lines + 1 where user_id = ${c.id}`);
    await refused(sql`delete from history_line_counts where user_id = ${c.id}`);
    await refused(sql`update journal_entry_effects set delta = 0`);
    await refused(sql`insert into journal_entry_effects (entry_id, delta) values (gen_random_uuid(), 1)`);
    await refused(sql`truncate history_line_counts`);
  });

  it('reads each source from its own index, newest first and oldest first', async () => {
    for (const oldestFirst of [false, true]) {
      let plan = '';
      await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          const query = historyPageQuery(tx, c.id, {}, { offset: 0, limit: 10, fromEnd: oldestFirst });
          const rows = await queryRows<Record<string, string>>(tx, sql`explain ${query}`);
          plan = rows.map((r) => Object.values(r)[0]).join('\n');
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!plan) throw err;
        });
      for (const index of [
        'deposits_user_history_idx',
        'withdrawals_user_history_idx',
        'journal_entries_user_history_idx',
      ])
        expect(plan).toMatch(new RegExp(`Index Scan${oldestFirst ? '' : ' Backward'} using ${index}`));
    }
  });
});
