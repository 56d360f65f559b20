/**
 * docs/integrations.md "Webhooks": each event type is written by the change it names, in that
 * change's transaction, and only when the change commits; every payload carries ids and figures,
 * never an e-mail address, a code or a secret. Delivery itself: webhooks.test.ts.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@common/schemas/webhooks';
import { signupBody } from '../../test/app';
import { useBefore, useTestContext } from '../../test/context';
import {
  confirmSessionByPasskey,
  createClient,
  createTestUser,
  enrolTwoFactor,
  imageDataUrl,
  submitDeposit,
  submitWithdrawal,
} from '../../test/factories';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { recordIntegrityCheck } from '../transparency/integrity';

const { t, admin, inject, db } = useTestContext();
useBefore(async () => ({ secret: await enrolTwoFactor(t.app, admin) }));

/** `inject` that fails the test unless the answer is `status`; answers the parsed body. */
async function expectStatus(status: number, ...args: Parameters<typeof inject>) {
  const res = await inject(...args);
  expect(res.statusCode, `${args[0]} ${args[1]}: ${res.body}`).toBe(status);
  return res.json() as { data?: { _id?: string } };
}

describe('events', () => {
  it('each change writes its own type, once, only when it commits, with ids and figures only', async () => {
    const receiver = await startWebhookReceiver();
    await confirmSessionByPasskey(db(), admin);
    const created = await expectStatus(201, 'POST', '/api/webhooks/endpoints', admin.headers, {
      url: receiver.url,
      eventTypes: WEBHOOK_EVENT_TYPES,
    });
    const { secret } = (created as unknown as { data: { secret: string } }).data;

    // client.registered
    const signup = signupBody();
    await expectStatus(201, 'POST', '/api/auth/signup', {}, signup);
    // deposit.requested ×2, deposit.approved, deposit.rejected; a second approval changes nothing
    const c = await createClient(t.app, { balance: 500_00n, level: 'identity' });
    const paid = await submitDeposit(t.app, c, 250);
    await expectStatus(200, 'PUT', `/api/deposits/${paid}/approve`, admin.headers, {});
    await expectStatus(409, 'PUT', `/api/deposits/${paid}/approve`, admin.headers, {});
    const refused = await submitDeposit(t.app, c, 80);
    await expectStatus(200, 'PUT', `/api/deposits/${refused}/reject`, admin.headers, {
      reason: 'No such transfer',
    });
    // kyc.submitted ×2, kyc.approved, kyc.rejected
    const documents = { documentType: 'passport', address: '1 Main Street', state: 'Texas' };
    for (const [status, reason] of [
      ['verified', undefined],
      ['rejected', 'The photo is blurred'],
    ] as const) {
      const k = await createTestUser(t.app);
      const body = { ...documents, documentFront: await imageDataUrl() };
      await expectStatus(200, 'POST', '/api/user/verification', k.headers, body);
      await expectStatus(200, 'PUT', `/api/user/admin/${k.id}/verification`, admin.headers, {
        status,
        reason,
      });
    }
    // withdrawal.requested ×2, withdrawal.approved, withdrawal.declined; one over the balance writes none
    const out = await submitWithdrawal(t.app, c, 30);
    await expectStatus(200, 'PUT', `/api/c-withdrawals/${out}/approve`, admin.headers, {});
    const back = await submitWithdrawal(t.app, c, 20);
    await expectStatus(200, 'PUT', `/api/c-withdrawals/${back}/reject`, admin.headers, {
      reason: 'Wrong network',
    });
    await expect(submitWithdrawal(t.app, c, 90_000)).rejects.toThrow(/422/);
    // plan.result_posted
    await expectStatus(201, 'POST', '/api/user/active-plan', c.headers, {
      amount: 300,
      duration: 14,
      plan: 'investment',
    });
    const today = new Date().toISOString().slice(0, 10);
    await expectStatus(201, 'POST', `/api/user/admin/add-profit/${c.id}`, admin.headers, {
      profit: 12,
      date: today,
      reason: 'Gold long closed',
    });
    // approval.requested, approval.decided (a large adjustment waits for a second owner)
    const held = await expectStatus(
      202,
      'POST',
      `/api/user/admin/account/${c.id}/adjustments`,
      admin.headers,
      {
        direction: 'credit',
        amount: 5000,
        reason: 'Wire received',
      },
    );
    const checker = await createTestUser(t.app, { role: 'owner' });
    await expectStatus(200, 'POST', `/api/approvals/${held.data!._id}/approve`, checker.headers, {});
    // client.blocked
    await expectStatus(200, 'POST', `/api/user/admin/${c.id}/block`, admin.headers, {
      reason: 'Fraud check',
    });
    // ledger.integrity_alarm (a failed check, as the scheduled check records it)
    await recordIntegrityCheck(db(), {
      ok: false,
      firstDivergence: 'entry 42 does not balance',
      durationMs: 3,
    });

    const expected: Record<string, number> = {
      'client.registered': 1,
      'deposit.requested': 2,
      'deposit.approved': 1,
      'deposit.rejected': 1,
      'kyc.submitted': 2,
      'kyc.approved': 1,
      'kyc.rejected': 1,
      'withdrawal.requested': 2,
      'withdrawal.approved': 1,
      'withdrawal.declined': 1,
      'plan.result_posted': 1,
      'approval.requested': 1,
      'approval.decided': 1,
      'client.blocked': 1,
      'ledger.integrity_alarm': 1,
    };
    expect(Object.keys(expected).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const total = Object.values(expected).reduce((a, b) => a + b, 0);
    const got = await receiver.waitFor(total, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    const verifier = new Webhook(secret);
    const payloads = got.map(
      (g) => verifier.verify(g.body, g.headers) as { type: string; data: Record<string, unknown> },
    );
    const counts: Record<string, number> = {};
    for (const p of payloads) counts[p.type] = (counts[p.type] ?? 0) + 1;
    expect(counts).toEqual(expected);

    const of = (type: string) => payloads.filter((p) => p.type === type).map((p) => p.data);
    expect(of('deposit.rejected')).toEqual([
      {
        depositId: refused,
        clientId: c.id,
        amountUsd: '80.00',
        method: 'bitcoin',
        reason: 'No such transfer',
      },
    ]);
    expect(of('withdrawal.declined')[0]).toMatchObject({
      withdrawalId: back,
      amountUsd: '20.00',
      reason: 'Wrong network',
    });
    expect(of('plan.result_posted')[0]).toMatchObject({
      clientId: c.id,
      resultUsd: '12.00',
      postedUsd: '12.00',
    });
    expect(of('approval.decided')[0]).toMatchObject({
      decision: 'approved',
      amountUsd: '5000.00',
      checkerId: checker.id,
    });
    expect(of('kyc.rejected')[0]).toMatchObject({ reason: 'The photo is blurred' });
    expect(of('ledger.integrity_alarm')[0]).toMatchObject({ firstDivergence: 'entry 42 does not balance' });
    const everything = got.map((g) => g.body).join('\n');
    for (const leak of [c.email, signup.email, signup.password, c.token, secret.slice(6)])
      expect(everything).not.toContain(leak);
    await receiver.close();
  });
});
