/**
 * The referral page states what a referral earns (GET /api/user/referrals/:id `reward`): the
 * percent of each approved deposit of a referred client that the referrer's plan is paid, the same
 * figure a deposit approval posts as the referral bonus (docs/product.md "Referrals").
 */
import { describe, expect, it } from 'vitest';
import { MONEY_DEFAULTS } from '../../config';
import { useTestContext } from '../../test/context';
import { createClient, submitDeposit } from '../../test/factories';
import { getClientFigures } from '../ledger/service';

const { t, admin, inject } = useTestContext({ fourEyesThreshold: 1_000_000_00n });

describe('GET /api/user/referrals/:id reward', () => {
  it('is the percent the referrer’s plan earns, and what an approved deposit then pays', async () => {
    const basic = await createClient(t.app);
    const reward = async (id: string, headers: Record<string, string>) =>
      (await inject('GET', `/api/user/referrals/${id}`, headers)).json().data.reward;
    expect(await reward(basic.id, basic.headers)).toEqual({
      percent: MONEY_DEFAULTS.referralRates.Basic,
      plan: 'Basic',
    });

    const referrer = await createClient(t.app, { plan: 'Silver' });
    const stated = await reward(referrer.id, referrer.headers);
    expect(stated).toEqual({ percent: MONEY_DEFAULTS.referralRates.Silver, plan: 'Silver' });
    const referred = await createClient(t.app, { referredBy: referrer.id });
    const id = await submitDeposit(t.app, referred, 200);
    expect((await inject('PUT', `/api/deposits/${id}/approve`, admin.headers)).statusCode).toBe(200);
    const paid = (await getClientFigures(t.database.db, referrer.id)).referralBonus;
    expect(Number(paid)).toBe(200_00 * (stated.percent / 100));
  });
});
