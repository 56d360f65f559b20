/**
 * A deposit approval (approval.ts; docs/performance.md "Money in two round trips") is one read and
 * one statement, counted on the driver itself (`onStatement`, server/db/client.ts): the route
 * reads the pending deposit once (four-eyes weighs its amount and client; the approval uses the
 * same read), then the statement goes inside the transaction four-eyes opens for the maker and
 * client's lock and the sum of what the maker moved on the client lately, one call
 * (modules/approvals/aggregate.ts `lockAndSumMoved`). And the one statement keeps the old transaction's promises under races: a deposit
 * approved twice at once is approved once (409 for the other), and two first big deposits of one
 * client approved at once earn the first-deposit bonus once. Runs on both drivers.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import { MONEY_DEFAULTS } from '../../config';
import type { Db } from '../../db/client';
import { counted } from '../../test/round-trips';
import { auditLog, deposits, mailOutbox, notifications } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { ensureAccounts, getClientFigures, house } from '../ledger/service';
import { createClient, ledgerViolations } from '../../test/factories';

// Without SMTP the mails are stored as `logged`: with SMTP the worker woken after commit claims
// them on a connection of its own, which the request does not wait for, but the count would see.
// four-eyes out of the way (approvals/aggregate.test.ts): deposits of $5,000 run at once here
const { t, admin, inject } = useTestContext({ smtpUrl: undefined, fourEyesThreshold: 1_000_000_00n });
const db = (): Db => t.database.db;

/** A pending deposit of `amount` cents for `userId`, as POST /api/deposits leaves it; answers its id. */
async function pending(userId: string, amount: bigint): Promise<string> {
  const [row] = await db()
    .insert(deposits)
    .values({ userId, amount, wallet: 'bitcoin', proofKey: `deposits/${userId}-${amount}.png` })
    .returning({ id: deposits.id });
  return row!.id;
}

const approve = (id: string) => inject('PUT', `/api/deposits/${id}/approve`, admin.headers);

/**
 * Approves deposit `first` through the service in a transaction held open 300 ms after it, long
 * enough for the route's approval of `second`, started meanwhile, to reach its statement and wait
 * on the first's locks; answers the route's answer to `second`.
 */
async function approveWhileFirstOpen(first: string, second: string): Promise<{ statusCode: number }> {
  let answer: Promise<{ statusCode: number }> | undefined;
  await db().transaction(async (tx) => {
    const uow = { tx, afterCommit: () => undefined, afterRollback: () => undefined };
    await t.app.ctx.services.deposits.approveDeposit({ id: admin.id, ip: '127.0.0.1' }, first, uow);
    answer = approve(second);
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  return answer!;
}

/** The approval's read (approval.ts `readQuery`): the deposit with its owner, referrer and accounts. */
const APPROVAL_READ = /^select "deposits"\."id", "deposits"\."user_id"/;

/**
 * The approval's read once, by the route before the transaction; then BEGIN, four-eyes' lock and
 * sum in one call (`four_eyes_moved`), the one statement, COMMIT; with `newAccounts`, the
 * accounts' insert and a second read before the statement.
 */
function expectApprovalStatements(statements: string[], newAccounts = false) {
  const begin = statements.findIndex((s) => /^begin/i.test(s));
  expect(
    statements.slice(0, begin).filter((s) => APPROVAL_READ.test(s)),
    statements.join('\n'),
  ).toHaveLength(1);
  const accounts = [
    expect.stringMatching(/^insert into "ledger_accounts"/),
    expect.stringMatching(APPROVAL_READ),
  ];
  expect(
    statements.slice(begin).map((s) => s.slice(0, 60)),
    statements.join('\n'),
  ).toEqual([
    expect.stringMatching(/^begin/i),
    expect.stringContaining('four_eyes_moved('),
    ...(newAccounts ? accounts : []),
    expect.stringMatching(/^with/),
    expect.stringMatching(/^commit/i),
  ]);
}

describe('PUT /api/deposits/:id/approve in round trips', () => {
  it('approves a first big deposit of a referred client (deposit, bonus, referral; new accounts): one read, one statement', async () => {
    const referrer = await createClient(t.app, { plan: 'Platinum' });
    const c = await createClient(t.app, { referredBy: referrer.id });
    const id = await pending(c.id, 5_000_00n);
    // a request before, so the admin's session is in the cache on PostgreSQL
    expect((await inject('GET', `/api/deposits?userId=${c.id}`, admin.headers)).statusCode).toBe(200);

    const { result: res, statements } = await counted(() => approve(id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MONEY_MSG.depositApproved, data: { status: 'approved' } });
    expectApprovalStatements(statements, true);

    const { bonus } = MONEY_DEFAULTS.depositBonus;
    expect(await getClientFigures(db(), c.id)).toMatchObject({
      balance: 5_000_00n + bonus,
      totalDeposit: 5_000_00n,
      totalBonus: bonus,
    });
    expect((await getClientFigures(db(), referrer.id)).referralBonus).toBe(500_00n);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, c.id));
    expect(notices.map((n) => n.title).sort()).toEqual(['Bonus credited', 'Deposit approved']);
    const toReferrer = await db().select().from(notifications).where(eq(notifications.userId, referrer.id));
    expect(toReferrer.map((n) => n.title)).toEqual(['Referral bonus credited']);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, c.email));
    expect(mails.map((m) => m.subject).sort()).toEqual(['Bonus credited', 'Deposit approved']);
    expect(mails[0]).toMatchObject({ status: 'logged' });
    expect(mails.find((m) => m.subject === 'Deposit approved')!.text).toContain('$5,000.00');
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'deposit.approve',
        actorId: admin.id,
        targetUserId: c.id,
        before: { status: 'pending', amount: 5000 },
        after: { status: 'approved', bonus: 500 },
      }),
    ]);
    const [row] = await db().select().from(deposits).where(eq(deposits.id, id));
    expect(row).toMatchObject({ status: 'approved', reviewedBy: admin.id });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('approves a later deposit (accounts known, no bonus): one read, one statement; refuses a second review before any transaction', async () => {
    const c = await createClient(t.app, { balance: 10_00n });
    const id = await pending(c.id, 123_45n);
    expect((await inject('GET', `/api/deposits?userId=${c.id}`, admin.headers)).statusCode).toBe(200);
    const first = await counted(() => approve(id));
    expect(first.result.statusCode).toBe(200);
    expectApprovalStatements(first.statements);
    const again = await counted(() => approve(id));
    expect(again.result.statusCode).toBe(409);
    expect(again.result.json().message).toBe('Deposit is already approved');
    // the route's read of the pending deposit refuses it: no transaction
    expect(again.statements.filter((s) => /^begin/i.test(s))).toEqual([]);
    expect((await getClientFigures(db(), c.id)).balance).toBe(133_45n);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'deposit.approve')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toEqual({ status: 'approved' });
  });
});

describe('approvals racing', () => {
  it('a deposit approved twice at once is approved once; the other answer is 409 and inserts nothing', async () => {
    const c = await createClient(t.app);
    for (let i = 0; i < 5; i++) {
      const id = await pending(c.id, 100_00n);
      const answers = await Promise.all([approve(id), approve(id), approve(id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json().message).toBe('Deposit is already approved');
      }
      const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
      expect(audits).toHaveLength(1);
    }
    expect(await getClientFigures(db(), c.id)).toMatchObject({ balance: 500_00n, totalDeposit: 500_00n });
    expect(await db().select().from(notifications).where(eq(notifications.userId, c.id))).toHaveLength(5);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('two first big deposits of one client approved at once earn the first-deposit bonus once', async () => {
    const { minDeposit, bonus } = MONEY_DEFAULTS.depositBonus;
    for (let i = 0; i < 4; i++) {
      const c = await createClient(t.app);
      const ids = [await pending(c.id, minDeposit), await pending(c.id, minDeposit + 1n)];
      const answers = await Promise.all(ids.map(approve));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(await getClientFigures(db(), c.id)).toMatchObject({
        totalDeposit: 2n * minDeposit + 1n,
        totalBonus: bonus,
        balance: 2n * minDeposit + 1n + bonus,
      });
      const titles = (await db().select().from(notifications).where(eq(notifications.userId, c.id))).map(
        (n) => n.title,
      );
      expect(titles.filter((x) => x === 'Bonus credited')).toHaveLength(1);
      const withBonus = (await db().select().from(auditLog).where(eq(auditLog.targetUserId, c.id))).filter(
        (a) => (a.after as { bonus?: number } | null)?.bonus !== undefined,
      );
      expect(withBonus).toHaveLength(1);
    }
    expect(await ledgerViolations(db())).toEqual([]);
  });

  // Deterministic on PostgreSQL: an approval whose transaction stays open holds its deposit while a
  // second big deposit of the client is approved over HTTP; PGlite has one connection, so a second
  // request cannot run while a transaction is open there.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'an approval that waits for a racing one sees it and grants no second bonus',
    async () => {
      const { minDeposit, bonus } = MONEY_DEFAULTS.depositBonus;
      // funded, and the house accounts there, so both approvals find every account (none creates one)
      const c = await createClient(t.app, { balance: 1n });
      await db().transaction((tx) => ensureAccounts(tx, [house('cash'), house('income_expense')]));
      const [first, second] = [await pending(c.id, minDeposit), await pending(c.id, minDeposit)];
      expect((await approveWhileFirstOpen(first, second)).statusCode).toBe(200);
      expect(await getClientFigures(db(), c.id)).toMatchObject({
        totalDeposit: 2n * minDeposit + 1n,
        totalBonus: bonus,
      });
      expect(await ledgerViolations(db())).toEqual([]);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'an approval whose account another approval is creating meanwhile tries once more and succeeds',
    async () => {
      const c = await createClient(t.app);
      const [first, second] = [await pending(c.id, 10_00n), await pending(c.id, 20_00n)];
      // the first approval creates the client's account, not committed while the second runs
      expect((await approveWhileFirstOpen(first, second)).statusCode).toBe(200);
      expect((await getClientFigures(db(), c.id)).balance).toBe(30_00n);
      expect(await ledgerViolations(db())).toEqual([]);
    },
  );
});
