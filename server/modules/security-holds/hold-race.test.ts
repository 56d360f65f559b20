/**
 * A hold that starts between a withdrawal request's read and its statement (withdrawals/request.ts:
 * one read, then one statement; docs/security.md "Holds after security changes"): the client's
 * password is changed after the read found no hold and before the statement is sent. The
 * statement itself refuses with the read's 422 `withdrawals_on_hold`; nothing is held. On both
 * drivers: the test delays the statement on the Drizzle session until the change has committed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, withdrawals } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { createSignedInUser } from '../../test/app';
import { useTestContext } from '../../test/context';
import { addDestinationOf, cryptoWithdrawal, fundClient, withdrawalCode } from '../../test/factories';
import { getClientFigures } from '../ledger/service';

const { t, inject, db } = useTestContext();

const CRYPTO = cryptoWithdrawal(25);

type Session = DbOrTx['_']['session'];
type Prepared = ReturnType<Session['prepareQuery']>;

/**
 * Runs `work` while every query sent on `conn` whose text contains `marker` first awaits `before`
 * (once: the first such query only). Answers `work`'s result and whether `before` ran.
 */
async function delayingFirst<T>(
  conn: DbOrTx,
  marker: string,
  before: () => Promise<void>,
  work: () => Promise<T>,
): Promise<{ result: T; ran: boolean }> {
  const session = conn._.session;
  const prepare = session.prepareQuery.bind(session);
  let ran = false;
  session.prepareQuery = ((...args: Parameters<Session['prepareQuery']>) => {
    const prepared: Prepared = prepare(...args);
    if (ran || !args[0].sql.includes(marker)) return prepared;
    ran = true;
    const execute = prepared.execute.bind(prepared);
    prepared.execute = (async (...rest: Parameters<Prepared['execute']>) => {
      await before();
      return execute(...rest);
    }) as Prepared['execute'];
    return prepared;
  }) as Session['prepareQuery'];
  try {
    return { result: await work(), ran };
  } finally {
    session.prepareQuery = prepare;
  }
}

describe('a hold that starts between the read and the statement', () => {
  it('a password change committed in between: 422 withdrawals_on_hold, nothing held', async () => {
    const c = await createSignedInUser(t.app);
    await db().update(users).set({ verificationStatus: 'verified' }).where(eq(users.id, c.id));
    await fundClient(db(), c.id, 1_000_00n);
    await addDestinationOf(db(), c.id, CRYPTO);
    const token = await withdrawalCode(t.app, c.id, CRYPTO);
    const changePassword = async () => {
      const res = await inject('POST', '/api/auth/change-password', c.headers, {
        oldPassword: c.password,
        newPassword: 'Brand-new-pass-2',
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // the statement is the one query of the request that inserts the withdrawal
    const { result: res, ran } = await delayingFirst(db(), 'insert into "withdrawals"', changePassword, () =>
      inject('POST', '/api/c-withdrawals', c.headers, { ...CRYPTO, token }),
    );
    expect(ran).toBe(true);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('withdrawals_on_hold');
    expect(res.json().message).toMatch(/^Withdrawals are paused until .* because /);
    expect(await db().select().from(withdrawals).where(eq(withdrawals.userId, c.id))).toEqual([]);
    expect(await getClientFigures(db(), c.id)).toMatchObject({ balance: 1_000_00n, held: 0n });
  });
});
