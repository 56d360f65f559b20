/**
 * The payout reference (docs/product.md "Withdrawals"): staff approving a withdrawal may enter the
 * payout's transaction hash or bank reference; the client reads it in their list, their notice
 * and its e-mail, also when a second staff member approves the held request (four-eyes).
 */
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/context';
import { useStaff } from '../../test/four-eyes';
import { createClient, cryptoWithdrawal, savedWithdrawalCode, type TestUser } from '../../test/factories';

const { t, admin, inject } = useTestContext({ fourEyesThreshold: 50_00n });
const staff = useStaff(t, { checker: 'finance' });
const HASH = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';

/** A pending crypto withdrawal of `amount` USD by `c`; answers its id. */
async function pendingCrypto(c: TestUser, amount: number): Promise<string> {
  const body = cryptoWithdrawal(amount, 'bitcoin');
  const token = await savedWithdrawalCode(t.app, c.id, body, 'crypto');
  const res = await inject('POST', '/api/c-withdrawals', c.headers, { ...body, token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

describe('PUT /api/c-withdrawals/:id/approve payoutReference', () => {
  it('is kept, shown to the client in the list, the notice and the e-mail', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 100_00n });
    const id = await pendingCrypto(c, 30);
    const res = await inject('PUT', `/api/c-withdrawals/${id}/approve`, admin.headers, {
      payoutReference: ` ${HASH} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved', payoutReference: HASH });
    const mine = (await inject('GET', '/api/c-withdrawals', c.headers)).json().data;
    expect(mine).toMatchObject([{ _id: id, payoutReference: HASH }]);
    expect((await t.smtp.waitForMail(c.email, { subject: 'Withdrawal approved' })).text).toContain(
      `Payout reference: ${HASH}`,
    );
  });

  it('is optional (null without one), at most 200 characters, and survives four-eyes', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 200_00n });
    const plain = await pendingCrypto(c, 10);
    const res = await inject('PUT', `/api/c-withdrawals/${plain}/approve`, admin.headers);
    expect(res.json().data).toMatchObject({ status: 'approved', payoutReference: null });

    const big = await pendingCrypto(c, 60);
    const long = await inject('PUT', `/api/c-withdrawals/${big}/approve`, admin.headers, {
      payoutReference: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    const held = await inject('PUT', `/api/c-withdrawals/${big}/approve`, admin.headers, {
      payoutReference: 'BANKREF-0042',
    });
    expect(held.statusCode, held.body).toBe(202);
    const decided = await inject(
      'POST',
      `/api/approvals/${held.json().data._id}/approve`,
      staff.checker.headers,
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const mine = (await inject('GET', '/api/c-withdrawals', c.headers)).json().data;
    expect(mine.find((w: { _id: string }) => w._id === big)).toMatchObject({
      status: 'approved',
      payoutReference: 'BANKREF-0042',
    });
  });
});
