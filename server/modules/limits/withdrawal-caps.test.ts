/**
 * Limits by verification level on withdrawals (docs/security.md "Limits by verification level",
 * "Identity gates withdrawals"): a client without an approved identity gets no withdrawal (nor its
 * code); a level's caps hold at the boundary, per rolling 24 hours and per rolling 30 days, counting
 * pending and approved requests (a declined one frees its amount); and two requests at once that
 * together pass a cap are one 201 and one 422, even when both statements took their snapshots
 * before either committed (PostgreSQL only: PGlite runs one statement at a time).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS_MSG } from '@common/schemas/limits';
import { queryRows } from '../../db/client';
import { ledgerAccounts, users, verificationLevels, withdrawals } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { getClientFigures } from '../ledger/service';
import {
  createClient,
  cryptoWithdrawal,
  ledgerViolations,
  savedWithdrawalCode,
  type TestUser,
  withdrawalCode,
} from '../../test/factories';

const { t, admin, inject, db } = useTestContext({ smtpUrl: undefined });

const crypto = (amount: number | string, token = '') => ({ ...cryptoWithdrawal(amount, 'bitcoin'), token });

/**
 * POST /api/c-withdrawals of `amount` USD as `c`, with a code issued for it, to an address saved
 * active in their address book.
 */
async function withdraw(c: TestUser, amount: number | string) {
  const token = await savedWithdrawalCode(t.app, c.id, crypto(amount));
  return inject('POST', '/api/c-withdrawals', c.headers, crypto(amount, token));
}

/** Moves every withdrawal request of `c` to `age` ago (a PostgreSQL interval, e.g. `25 hours`). */
const requestedAgo = (c: TestUser, age: string) =>
  db()
    .update(withdrawals)
    .set({ createdAt: sql`now() - ${age}::interval` })
    .where(eq(withdrawals.userId, c.id));

beforeAll(async () => {
  // small caps, in cents: level 1 (identity) $100 a day and $250 in 30 days, level 2 $1,000 / $5,000
  await db()
    .update(verificationLevels)
    .set({ withdrawalDay: 100_00n, withdrawalMonth: 250_00n })
    .where(eq(verificationLevels.level, 1));
  await db()
    .update(verificationLevels)
    .set({ withdrawalDay: 1_000_00n, withdrawalMonth: 5_000_00n })
    .where(eq(verificationLevels.level, 2));
});

describe('identity gates withdrawals', () => {
  it.each(['awaiting', 'pending', 'rejected', 'failed'])(
    'a client whose identity is %s gets 422 identity_not_verified, for the code and the request; nothing held',
    async (status) => {
      const c = await createClient(t.app, { balance: 500_00n });
      await db().update(users).set({ verificationStatus: status }).where(eq(users.id, c.id));
      const code = await inject('POST', '/api/withdrawals/code', c.headers, {
        method: 'crypto',
        ...crypto(10),
      });
      expect(code.statusCode, code.body).toBe(422);
      expect(code.json()).toMatchObject({
        code: 'identity_not_verified',
        message: LIMITS_MSG.identityRequired,
      });
      const res = await withdraw(c, 10);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'identity_not_verified',
        message: LIMITS_MSG.identityRequired,
      });
      expect(await getClientFigures(db(), c.id)).toMatchObject({ balance: 500_00n, held: 0n });
    },
  );

  it('the same client once approved withdraws (201)', async () => {
    const c = await createClient(t.app, { balance: 500_00n });
    expect((await withdraw(c, 10)).statusCode).toBe(422);
    await db().update(users).set({ verificationStatus: 'verified' }).where(eq(users.id, c.id));
    expect((await withdraw(c, 10)).statusCode).toBe(201);
  });
});

describe('withdrawal caps by level', () => {
  const over = (cap: string, window: 'day' | 'month', raise: string | null) => ({
    code: 'withdrawal_limit_exceeded',
    message: LIMITS_MSG.overLimit('withdrawal', window, cap, raise),
  });

  it('the daily cap holds at the boundary: $100 passes, one cent more is 422 naming the cap and the way up', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n, level: 'identity' });
    expect((await withdraw(c, 60)).statusCode).toBe(201);
    expect((await withdraw(c, 40)).statusCode).toBe(201);
    const res = await withdraw(c, '0.01');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject(over('$100.00', 'day', 'verify your address'));
    expect(res.json().message).toBe(
      'Your daily withdrawal limit of $100.00 is reached; verify your address to raise it',
    );
    expect(await getClientFigures(db(), c.id)).toMatchObject({ balance: 900_00n, held: 100_00n });
  });

  it('a request over the cap alone is refused before anything is held; the address level raises the cap', async () => {
    const c = await createClient(t.app, { balance: 2_000_00n, level: 'identity' });
    expect((await withdraw(c, '100.01')).statusCode).toBe(422);
    await db().update(users).set({ addressVerifiedAt: new Date() }).where(eq(users.id, c.id));
    expect((await withdraw(c, '100.01')).statusCode).toBe(201);
    const top = await withdraw(c, 900);
    expect(top.json()).toMatchObject(over('$1,000.00', 'day', null));
    expect(top.json().message).toContain('contact support to raise it');
  });

  it('the 24-hour window rolls: a request 25 hours old counts for 30 days only; the 30-day cap then holds', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n, level: 'identity' });
    expect((await withdraw(c, 100)).statusCode).toBe(201);
    expect((await withdraw(c, 1)).statusCode).toBe(422);
    await requestedAgo(c, '25 hours');
    expect((await withdraw(c, 100)).statusCode).toBe(201);
    await requestedAgo(c, '29 days');
    // $200 in the last 30 days: $50 more fits the $250, $50.01 does not
    const month = await withdraw(c, '50.01');
    expect(month.json()).toMatchObject(over('$250.00', 'month', 'verify your address'));
    expect((await withdraw(c, 50)).statusCode).toBe(201);
    await requestedAgo(c, '31 days');
    expect((await withdraw(c, 100)).statusCode).toBe(201);
  });

  it('a declined withdrawal frees its amount; an approved one keeps counting', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n, level: 'identity' });
    const first = (await withdraw(c, 100)).json().data._id as string;
    expect((await withdraw(c, 50)).statusCode).toBe(422);
    const reject = await inject('PUT', `/api/c-withdrawals/${first}/reject`, admin.headers, {
      reason: 'Wrong address',
    });
    expect(reject.statusCode).toBe(200);
    const second = (await withdraw(c, 50)).json().data._id as string;
    expect((await inject('PUT', `/api/c-withdrawals/${second}/approve`, admin.headers)).statusCode).toBe(200);
    expect((await withdraw(c, '50.01')).statusCode).toBe(422);
    expect((await withdraw(c, 50)).statusCode).toBe(201);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two requests at once', () => {
  it('two requests that fit the balance but together pass the daily cap: one 201, one 422', async () => {
    const c = await createClient(t.app, { balance: 1_000_00n, level: 'identity' });
    // a declined request opens the held account (a request that creates it is another race, of
    // request.ts `isAccountRace`, which runs once more anyway) and frees its amount
    const opening = (await withdraw(c, 1)).json().data._id as string;
    await inject('PUT', `/api/c-withdrawals/${opening}/reject`, admin.headers, {
      reason: 'Opening the account',
    });
    const tokens = [
      await withdrawalCode(t.app, c.id, crypto(60)),
      await withdrawalCode(t.app, c.id, crypto(60)),
    ];
    let answers: Promise<Array<{ statusCode: number; body: string }>> | undefined;
    // a transaction holds the client's accounts while both requests start their statements, so
    // both take their snapshots before either commits; then it lets them go
    await db().transaction(async (tx) => {
      await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, c.id)).for('update');
      answers = Promise.all(
        tokens.map((token) => inject('POST', '/api/c-withdrawals', c.headers, crypto(60, token))),
      );
      for (let i = 0; i < 100; i++) {
        const [w] = await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'
            and query like '%insert into "withdrawals"%'`,
        );
        if (w?.n === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const statuses = (await answers!).map((r) => r.statusCode).sort();
    expect(statuses, JSON.stringify((await answers!).map((r) => r.body))).toEqual([201, 422]);
    expect(await getClientFigures(db(), c.id)).toMatchObject({ balance: 940_00n, held: 60_00n });
    expect(await ledgerViolations(db())).toEqual([]);
  });
});
