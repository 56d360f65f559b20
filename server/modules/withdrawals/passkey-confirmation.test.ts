/**
 * A withdrawal confirmed with a passkey instead of a code (docs/security.md "Passkeys"): the
 * client confirms their session with a passkey, then sends `confirmation: 'passkey'` and no code;
 * the request's one statement uses the confirmation up (request.ts), so it confirms one request,
 * within 5 minutes, of that session only. Tried as someone holding a stolen session would: no
 * confirmation, an old one, another session's, one used twice at once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import { PASSKEY_MSG } from '@common/schemas/passkeys';
import { rateLimitHits, sessionReverifications, withdrawals } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { createSignedInUser } from '../../test/app';
import {
  addDestinationOf,
  approveIdentity,
  cryptoWithdrawal,
  enrolTwoFactor,
  fundClient,
} from '../../test/factories';
import { passkeyCeremonies } from '../../test/passkey-ceremonies';
import { codeFailureKey } from '../auth/throttle';
import { getClientFigures } from '../ledger/service';

const { t, inject } = useTestContext();
const { addPasskey, confirmSession } = passkeyCeremonies(() => t.app);

/**
 * A signed-in client (a real sign-in: the passkey plugin reads its session) at the identity level
 * with $100 and a passkey, their test destination saved active.
 */
async function clientWithPasskey() {
  const c = await createSignedInUser(t.app);
  await approveIdentity(t.database.db, c.id);
  await fundClient(t.database.db, c.id, 100_00n);
  await addDestinationOf(t.database.db, c.id, cryptoWithdrawal(30));
  const { key } = await addPasskey(c.headers);
  return { c, key };
}

/** POST /api/c-withdrawals of $30 confirmed by passkey (no code) with `headers`. */
const byPasskey = (headers: Record<string, string>, over: Record<string, unknown> = {}) =>
  inject('POST', '/api/c-withdrawals', headers, {
    ...cryptoWithdrawal(30),
    confirmation: 'passkey',
    ...over,
  });

const held = async (c: { id: string }) => (await getClientFigures(t.database.db, c.id)).held;
/** The wrong-code attempts kept against `userId` (auth/throttle.ts: 10 in 24 hours lock withdrawals). */
const attemptsKept = async (userId: string) =>
  (
    await t.database.db
      .select({ hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, codeFailureKey('withdrawal', userId)))
  ).reduce((sum, h) => sum + h.hits, 0);

describe('a withdrawal confirmed with a passkey', () => {
  it('goes through once per confirmation: the confirmation is used up by the request', async () => {
    const { c, key } = await clientWithPasskey();
    await confirmSession(c.headers, key);
    const first = await byPasskey(c.headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(MONEY_MSG.cryptoWithdrawalSubmitted);
    expect(await held(c)).toBe(30_00n);
    const again = await byPasskey(c.headers);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({
      code: 'passkey_confirmation_required',
      message: PASSKEY_MSG.confirmFirst,
    });
    expect(await held(c)).toBe(30_00n);
  });

  it('is refused without a confirmation, with one over 5 minutes old, or with another session’s', async () => {
    const { c, key } = await clientWithPasskey();
    expect((await byPasskey(c.headers)).json().code).toBe('passkey_confirmation_required');
    // nothing was guessed: no attempt of the code budget is kept
    expect(await attemptsKept(c.id)).toBe(0);

    await confirmSession(c.headers, key);
    await t.database.db.update(sessionReverifications).set({ verifiedAt: new Date(Date.now() - 6 * 60_000) });
    expect((await byPasskey(c.headers)).json().code).toBe('passkey_confirmation_required');

    // a second session of the same client, confirmed: the first session cannot use it
    const signIn = await inject('POST', '/api/auth/signin', {}, { email: c.email, password: c.password });
    const other = { authorization: `Bearer ${signIn.json().token as string}` };
    await confirmSession(other, key);
    expect((await byPasskey(c.headers)).json().code).toBe('passkey_confirmation_required');
    expect(await held(c)).toBe(0n);
    expect((await byPasskey(other)).statusCode).toBe(201);
  });

  it('one confirmation, two requests at once: one 201, one 403', async () => {
    const { c, key } = await clientWithPasskey();
    await confirmSession(c.headers, key);
    const answers = await Promise.all([byPasskey(c.headers), byPasskey(c.headers, { amount: 31 })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403]);
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, c.id));
    expect(rows).toHaveLength(1);
  });

  it('stands in for the authenticator’s code of a client with two-factor authentication', async () => {
    const { c, key } = await clientWithPasskey();
    await enrolTwoFactor(t.app, c);
    expect((await byPasskey(c.headers)).json().code).toBe('passkey_confirmation_required');
    await confirmSession(c.headers, key);
    expect((await byPasskey(c.headers)).statusCode).toBe(201);
  });

  it('needs the code when it does not say passkey, and a confirmation the balance does not cover is kept', async () => {
    const { c, key } = await clientWithPasskey();
    const bare = await inject('POST', '/api/c-withdrawals', c.headers, cryptoWithdrawal(30));
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(MONEY_MSG.fillAllFields);
    await confirmSession(c.headers, key);
    const tooMuch = await byPasskey(c.headers, { amount: 500 });
    expect(tooMuch.statusCode).toBe(422);
    // refused for the balance: the confirmation is still there for the request that fits
    expect((await byPasskey(c.headers)).statusCode).toBe(201);
  });
});
