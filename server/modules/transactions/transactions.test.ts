import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import { type Headers, UNKNOWN_ID } from '../../test/app';
import { useTestContext } from '../../test/context';
import { expectReasonDelivered, expectReasonRequired, mailWithSubject } from '../../test/decision-reasons';
import { expectAnswer } from '../../test/expect';
import { getClientFigures } from '../ledger/service';
import {
  createClient,
  createTestUser,
  ledgerViolations,
  submitDeposit,
  submitWithdrawal,
  type TestUser as Client,
} from '../../test/factories';

const { t, admin, inject } = useTestContext();
const figures = (userId: string) => getClientFigures(t.database.db, userId);
const add = (userId: string, body: Record<string, unknown>, headers: Headers = admin.headers) =>
  inject('POST', `/api/transaction/${userId}`, headers, {
    amount: 10,
    transactionType: 'profit',
    details: 'Trading profit',
    ...body,
  });
const deposit = (c: Client, amount = 100) => submitDeposit(t.app, c, amount);
const withdraw = (c: Client, amount = 10) => submitWithdrawal(t.app, c, amount);

describe('POST /api/transaction/:userId (admin adds a transaction)', () => {
  it('is for admins only', async () => {
    const c = await createClient(t.app);
    expect((await add(c.id, {}, {})).statusCode).toBe(401);
    expect((await add(c.id, {}, c.headers)).statusCode).toBe(403);
  });

  it.each([
    [{ details: '' }, MONEY_MSG.detailsRequired],
    [{ details: undefined }, MONEY_MSG.detailsRequired],
    [{ amount: 0 }, MONEY_MSG.invalidAmount],
    [{ amount: 'abc' }, MONEY_MSG.invalidAmount],
    [{ status: 'pending' }, MONEY_MSG.adminTransactionStatus],
    [{ date: 'yesterday' }, MONEY_MSG.invalidDate],
    [{ date: '2999-01-01T00:00:00Z' }, MONEY_MSG.invalidDate],
    [{ transactionType: 'gift' }, undefined],
  ])('refuses %j with 400', async (body, message) => {
    const c = await createClient(t.app);
    expectAnswer(await add(c.id, body), 400, message);
  });

  it('answers 404 for an unknown user or a non-client', async () => {
    expect((await add(UNKNOWN_ID, {})).statusCode).toBe(404);
    expect((await add(admin.id, {})).statusCode).toBe(404);
  });

  it('posts each type to the ledger; the client sees it with the admin’s reason and date', async () => {
    const c = await createClient(t.app);
    const posted = await add(c.id, {
      transactionType: 'deposit',
      amount: 999,
      details: 'Wire received',
      date: '2026-01-15T10:00:00.000Z',
    });
    expectAnswer(posted, 201, MONEY_MSG.transactionAdded, {
      type: 'deposit',
      amount: 999,
      direction: 'credit',
      status: 'approved',
      details: 'Wire received',
      date: '2026-01-15T10:00:00.000Z',
    });
    // a second staff member posts the rest: the admin's $999 plus more would reach the four-eyes
    // threshold over the day (approvals/aggregate.test.ts)
    const other = (await createTestUser(t.app, { role: 'finance' })).headers;
    expect((await add(c.id, { transactionType: 'profit', amount: 50.25 }, other)).statusCode).toBe(201);
    expect((await add(c.id, { transactionType: 'bonus', amount: 20 }, other)).statusCode).toBe(201);
    const paid = await add(
      c.id,
      { transactionType: 'withdrawal', amount: 70.25, details: 'Paid by cheque' },
      other,
    );
    expect(paid.json().data).toMatchObject({ type: 'withdrawal', direction: 'debit', amount: 70.25 });
    expect(await figures(c.id)).toMatchObject({
      balance: 999_00n,
      totalDeposit: 999_00n,
      totalProfit: 50_25n,
      totalBonus: 20_00n,
    });
    const fresh = (await createTestUser(t.app, { role: 'finance' })).headers;
    const over = await add(c.id, { transactionType: 'withdrawal', amount: 999.01 }, fresh);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(MONEY_MSG.insufficientBalance);
  });

  it('replays a repeated Idempotency-Key once and refuses it with another payload', async () => {
    const c = await createClient(t.app);
    const headers = { ...admin.headers, 'idempotency-key': `add-${c.id}` };
    const first = await add(c.id, { amount: 5 }, headers);
    const again = await add(c.id, { amount: 5 }, headers);
    expect(again.json()).toEqual(first.json());
    expect((await figures(c.id)).balance).toBe(5_00n);
    expect((await add(c.id, { amount: 6 }, headers)).statusCode).toBe(409);
  });
});

describe('GET /api/transaction, /all, /export.csv, /admin', () => {
  it('need a session; /admin needs an admin and a userId', async () => {
    for (const url of ['/api/transaction', '/api/transaction/all', '/api/transaction/export.csv']) {
      expect((await inject('GET', url)).statusCode, url).toBe(401);
    }
    const c = await createClient(t.app);
    expect((await inject('GET', `/api/transaction/admin?userId=${c.id}`, c.headers)).statusCode).toBe(403);
    expect((await inject('GET', '/api/transaction/admin', admin.headers)).statusCode).toBe(400);
  });

  it('shows deposits and withdrawals with their status next to posted entries, newest first, own only', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 100_00n });
    const other = await createClient(t.app, { level: 'identity', balance: 100_00n });
    await deposit(other);
    const d = await deposit(c, 300);
    const w = await withdraw(c, 25);
    const res = await inject('GET', '/api/transaction', c.headers);
    const rows = res.json().data as Array<{
      _id: string;
      type: string;
      status: string;
      method: string;
      userId: string;
    }>;
    expect(rows.map((r) => [r.type, r.status])).toEqual([
      ['withdrawal', 'pending'],
      ['deposit', 'pending'],
      ['deposit', 'approved'],
    ]);
    expect(rows.every((r) => r.userId === c.id)).toBe(true);
    expect(rows[0]).toMatchObject({ _id: w, method: 'ethereum' });
    expect(rows[1]).toMatchObject({ _id: d, method: 'bitcoin' });
    await inject('PUT', `/api/deposits/${d}/approve`, admin.headers);
    await inject('PUT', `/api/c-withdrawals/${w}/reject`, admin.headers, {
      reason: 'Not received on our wallet',
    });
    const after = (await inject('GET', '/api/transaction', c.headers)).json().data as Array<{
      status: string;
    }>;
    expect(after.map((r) => r.status)).toEqual(['rejected', 'approved', 'approved']);
  });

  it('answers the latest 10 on /transaction and pages, filters and searches on /all', async () => {
    const c = await createClient(t.app);
    for (let i = 1; i <= 12; i++) {
      await add(c.id, {
        amount: i,
        transactionType: i % 2 ? 'profit' : 'bonus',
        details: `note ${i}`,
        date: new Date(Date.UTC(2026, 0, i)).toISOString(),
      });
    }
    const recent = (await inject('GET', '/api/transaction', c.headers)).json().data as Array<{
      amount: number;
    }>;
    expect(recent.map((r) => r.amount)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    const page2 = (await inject('GET', '/api/transaction/all?page=2&pageSize=10', c.headers)).json();
    expect(page2.total).toBe(12);
    expect(page2.data.map((r: { amount: number }) => r.amount)).toEqual([2, 1]);
    const bonuses = (await inject('GET', '/api/transaction/all?type=bonus&pageSize=20', c.headers)).json();
    expect(bonuses.total).toBe(6);
    const search = (await inject('GET', '/api/transaction/all?search=note%201', c.headers)).json();
    expect(search.data.map((r: { details: string }) => r.details).sort()).toEqual([
      'note 1',
      'note 10',
      'note 11',
      'note 12',
    ]);
    expect((await inject('GET', '/api/transaction/all?search=%25', c.headers)).json().total).toBe(0);
    expect((await inject('GET', '/api/transaction/all?status=pending', c.headers)).json().total).toBe(0);
    for (const q of ['pageSize=15', 'page=0', 'type=gift', 'status=done']) {
      expect((await inject('GET', `/api/transaction/all?${q}`, c.headers)).statusCode, q).toBe(400);
    }
    const byAdmin = (
      await inject('GET', `/api/transaction/admin?userId=${c.id}&pageSize=40`, admin.headers)
    ).json();
    expect(byAdmin.total).toBe(12);
  });

  it('exports the history as CSV with formula-looking cells defused', async () => {
    const c = await createClient(t.app);
    await add(c.id, { amount: 234.5, details: '=HYPERLINK("http://evil","x"), then more' });
    const res = await inject('GET', '/api/transaction/export.csv', c.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment');
    const [head, line] = res.body.trim().split('\r\n');
    expect(head).toBe(
      'Date (UTC),Type,Method,Amount (USD),Money moved (USD),Status,Details,Voided,Reference',
    );
    expect(line).toContain(
      ',Profit,Account,234.50,234.50,Successful,"\'=HYPERLINK(""http://evil"",""x""), then more",No,',
    );
  });

  it('streams every line of a long history, in the order of the history pages (no cap)', async () => {
    const c = await createClient(t.app);
    // 10,050 lines (rejected deposits of 1 cent to $100.50, so the review queue other tests read
    // stays as it was): past the 10,000 lines an export once stopped at, in 21 of its 500-row
    // batches, the last part-filled
    await t.database.db
      .execute(sql`insert into deposits (user_id, amount, wallet, proof_key, status, decision_reason)
      select ${c.id}, g, 'bitcoin', 'deposits/test.png', 'rejected', 'Export test' from generate_series(1, 10050) g`);
    const res = await inject('GET', '/api/transaction/export.csv', c.headers);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(10_050);
    const ids = lines.map((l) => l.split(',').at(-1));
    expect(new Set(ids).size).toBe(10_050);
    const first = (await inject('GET', '/api/transaction/all?pageSize=40', c.headers)).json();
    expect(first.total).toBe(10_050);
    expect(ids.slice(0, 40)).toEqual(first.data.map((r: { _id: string }) => r._id));
    const cents = lines.map((l) => Math.round(Number(l.split(',')[3]) * 100)).sort((a, b) => a - b);
    expect(cents).toEqual(Array.from({ length: 10_050 }, (_, i) => i + 1));
  });
});

describe('DELETE /api/transaction/:id (void)', () => {
  it('is for admins only and answers 404 for an unknown id', async () => {
    const c = await createClient(t.app);
    const id = (await add(c.id, {})).json().data._id;
    expect((await inject('DELETE', `/api/transaction/${id}`)).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/transaction/${id}`, c.headers)).statusCode).toBe(403);
    expect(
      (await inject('DELETE', `/api/transaction/${UNKNOWN_ID}`, admin.headers, { reason: 'Entered twice' }))
        .statusCode,
    ).toBe(404);
  });

  it('voids an approved deposit with a reversal the client sees; the original stays, marked voided; once only', async () => {
    const c = await createClient(t.app);
    const d = await deposit(c, 80);
    await inject('PUT', `/api/deposits/${d}/approve`, admin.headers);
    const res = await inject('DELETE', `/api/transaction/${d}`, admin.headers, { reason: 'Chargeback' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MONEY_MSG.transactionVoided,
      data: { type: 'reversal', direction: 'debit', amount: 80, status: 'approved' },
    });
    expect(res.json().data.details).toMatch(/^Void of the deposit of \d{4}-\d{2}-\d{2}: Chargeback$/);
    expect(await figures(c.id)).toMatchObject({ balance: 0n, totalDeposit: 0n });
    const history = (await inject('GET', '/api/transaction', c.headers)).json().data;
    expect(history.map((r: { type: string; voided: boolean }) => [r.type, r.voided])).toEqual([
      ['reversal', false],
      ['deposit', true],
    ]);
    const twice = await inject('DELETE', `/api/transaction/${d}`, admin.headers, { reason: 'Entered twice' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MONEY_MSG.alreadyVoided);
    expect(
      (
        await inject('DELETE', `/api/transaction/${res.json().data._id}`, admin.headers, {
          reason: 'Entered twice',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('a void needs a reason of 3 to 500 characters; the client reads it in the history, notice and e-mail, and the audit row keeps it', async () => {
    const c = await createClient(t.app);
    const id = (await add(c.id, { amount: 25 })).json().data._id;
    await expectReasonRequired(inject, 'DELETE', `/api/transaction/${id}`, admin.headers, async () => {
      expect((await figures(c.id)).balance).toBe(25_00n);
      const [line] = (await inject('GET', '/api/transaction', c.headers)).json().data;
      expect(line).toMatchObject({ _id: id, voided: false });
    });
    const reason = 'Posted to the wrong client';
    const res = await inject('DELETE', `/api/transaction/${id}`, admin.headers, { reason });
    expect(res.statusCode).toBe(200);
    expect((await figures(c.id)).balance).toBe(0n);
    const [reversal] = (await inject('GET', '/api/transaction/all', c.headers)).json().data;
    expect(reversal.type).toBe('reversal');
    expect(reversal.details).toContain(reason);
    await expectReasonDelivered(t, inject, c, {
      reason,
      title: 'Transaction voided',
      action: 'transaction.void',
    });
  });

  it('voiding a deposit also voids the first-deposit bonus and the referral bonus its approval granted', async () => {
    const referrer = await createClient(t.app);
    const c = await createClient(t.app, { referredBy: referrer.id });
    const d = await deposit(c, 5_000);
    // $5,000 is above the four-eyes threshold: a second staff member approves the deposit, and the void
    const checker = await createTestUser(t.app, { role: 'finance' });
    const held = expectAnswer(await inject('PUT', `/api/deposits/${d}/approve`, admin.headers), 202).data as {
      _id: string;
    };
    expectAnswer(await inject('POST', `/api/approvals/${held._id}/approve`, checker.headers), 200);
    const granted = await figures(c.id);
    expect(granted.balance).toBe(5_500_00n);
    expect((await figures(referrer.id)).balance).toBe(150_00n);
    // an unrelated bonus added by an admin stays
    await add(c.id, { transactionType: 'bonus', amount: 7 });

    const res = await inject('DELETE', `/api/transaction/${d}`, admin.headers, { reason: 'Chargeback' });
    const request = expectAnswer(res, 202).data as { _id: string };
    expect((await figures(c.id)).balance).toBe(5_507_00n);
    expectAnswer(await inject('POST', `/api/approvals/${request._id}/approve`, checker.headers), 200);
    expect((await figures(c.id)).balance).toBe(7_00n);
    expect((await figures(referrer.id)).balance).toBe(0n);
    // the referrer's balance changed too: they are told why, in the app and by e-mail
    const notices = (await inject('GET', '/api/notifications/user', referrer.headers)).json().data as Array<{
      title: string;
      message: string;
    }>;
    expect(notices.find((n) => n.title === 'Referral bonus voided')?.message).toContain(
      'Reason: Chargeback.',
    );
    expect((await mailWithSubject(t, referrer.email, 'Referral bonus voided')).text).toContain('$150.00');
    const history = (await inject('GET', '/api/transaction/all', c.headers)).json().data as Array<{
      type: string;
      voided: boolean;
      amount: number;
    }>;
    expect(history.filter((r) => r.type === 'bonus').map((r) => [r.amount, r.voided])).toEqual(
      expect.arrayContaining([
        [500, true],
        [7, false],
      ]),
    );
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('voids once when two admins race to void the same line', async () => {
    const c = await createClient(t.app);
    const id = (await add(c.id, { amount: 25 })).json().data._id;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        inject('DELETE', `/api/transaction/${id}`, admin.headers, { reason: 'Entered twice' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await figures(c.id)).balance).toBe(0n);
  });

  it('refuses pending deposits and withdrawal requests (409) and a void the balance no longer covers (422)', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 50_00n });
    const d = await deposit(c);
    expect(
      (await inject('DELETE', `/api/transaction/${d}`, admin.headers, { reason: 'Entered twice' }))
        .statusCode,
    ).toBe(409);
    const w = await withdraw(c, 10);
    const refused = await inject('DELETE', `/api/transaction/${w}`, admin.headers, {
      reason: 'Entered twice',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MONEY_MSG.notVoidable);
    const gift = (await add(c.id, { transactionType: 'bonus', amount: 30 })).json().data._id;
    await withdraw(c, 70);
    const overdraw = await inject('DELETE', `/api/transaction/${gift}`, admin.headers, {
      reason: 'Entered twice',
    });
    expect(overdraw.statusCode).toBe(422);
    expect(overdraw.json().message).toBe(MONEY_MSG.insufficientBalance);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});

describe('GET /api/reviews/pending', () => {
  it('is for admins only', async () => {
    const c = await createClient(t.app);
    expect((await inject('GET', '/api/reviews/pending')).statusCode).toBe(401);
    expect((await inject('GET', '/api/reviews/pending', c.headers)).statusCode).toBe(403);
  });

  it('lists every pending deposit and withdrawal, oldest first, with the client', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 100_00n });
    const d = await deposit(c, 10);
    const w = await withdraw(c, 20);
    const b = await submitWithdrawal(t.app, c, 5, 'bank');
    const approved = await deposit(c, 1);
    await inject('PUT', `/api/deposits/${approved}/approve`, admin.headers);
    const queue = await inject('GET', '/api/reviews/pending?pageSize=40', admin.headers);
    const rows = queue.json().data as Array<{
      _id: string;
      kind: string;
      createdAt: string;
      user: { email: string };
    }>;
    const mine = rows.filter((r) => [d, w, b].includes(r._id));
    expect(mine.map((r) => r.kind)).toEqual(['deposit', 'crypto-withdrawal', 'bank-withdrawal']);
    expect(mine[0]!.user.email).toBe(c.email);
    expect(rows.some((r) => r._id === approved)).toBe(false);
    const times = rows.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort());
  });
});

describe('GET /api/notifications/user', () => {
  it('needs a session and answers only the user’s own notices', async () => {
    expect((await inject('GET', '/api/notifications/user')).statusCode).toBe(401);
    const a = await createClient(t.app);
    const b = await createClient(t.app);
    const d = await deposit(a);
    await inject('PUT', `/api/deposits/${d}/reject`, admin.headers, { reason: 'Not received on our wallet' });
    expect((await inject('GET', '/api/notifications/user', a.headers)).json().data).toMatchObject([
      { title: 'Deposit rejected', userId: a.id, readAt: null },
    ]);
    expect((await inject('GET', '/api/notifications/user', b.headers)).json().data).toEqual([]);
  });
});

describe('OpenAPI document', () => {
  it('lists the money routes, without trailing slashes', async () => {
    const paths = Object.keys((await inject('GET', '/api/docs/json')).json().paths);
    expect(paths.filter((p) => p.endsWith('/'))).toEqual([]);
    for (const p of [
      '/api/deposits',
      '/api/deposits/{id}/approve',
      '/api/withdrawals/code',
      '/api/c-withdrawals',
      '/api/b-withdrawals/{id}/reject',
      '/api/transaction/all',
      '/api/transaction/{id}',
      '/api/reviews/pending',
      '/api/ledger/account',
      '/api/notifications/user',
      '/api/files/deposits/{id}',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
