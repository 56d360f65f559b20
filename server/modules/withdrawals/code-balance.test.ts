import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import { mailOutbox, oneTimeCodes } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { addDestinationOf, createClient, cryptoWithdrawal } from '../../test/factories';

const { t, admin, inject } = useTestContext();

describe('POST /api/withdrawals/code and the available balance', () => {
  it('answers the withdrawal’s 422 for an amount above the available balance: no code, mail or count', async () => {
    const c = await createClient(t.app, { level: 'identity' });
    const payload = cryptoWithdrawal(100, 'bitcoin');
    await addDestinationOf(t.database.db, c.id, payload, 'crypto');
    const ask = () => inject('POST', '/api/withdrawals/code', c.headers, { method: 'crypto', ...payload });
    // more tries than the hourly budget of code mails: none of them is counted
    for (let i = 0; i < 4; i++) {
      const res = await ask();
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'insufficient_balance',
        message: MONEY_MSG.insufficientBalance,
      });
    }
    const codes = await t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, c.id));
    expect(codes).toEqual([]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, c.email));
    expect(mails).toEqual([]);
    // once the balance covers it, the code goes out: the refusals used none of the budget
    const topUp = { direction: 'credit', amount: 100, reason: 'Top-up' };
    expect(
      (await inject('POST', `/api/user/admin/account/${c.id}/adjustments`, admin.headers, topUp)).statusCode,
    ).toBe(201);
    expect((await ask()).statusCode).toBe(202);
  });
});
