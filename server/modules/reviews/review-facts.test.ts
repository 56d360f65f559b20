/**
 * What a reviewer reads before deciding (destination-facts.ts): each queue row carries the client's
 * identity (status and level) and, for a withdrawal, its masked destination and whether it is new
 * for the client; GET /api/reviews/client/:id answers the same for one client's pages, with each
 * destination in full. Both in one read, whatever the number of rows.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ClientReviewFacts } from '@common/schemas/review-facts';
import type { PendingReview } from '@common/schemas/transactions';
import { beneficiaries, users } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { createClient, submitDeposit, submitWithdrawal, withdrawCrypto } from '../../test/factories';
import { counted } from '../../test/round-trips';

const { t, admin, inject } = useTestContext();

type Client = Awaited<ReturnType<typeof createClient>>;

/** The queue's rows (one page of 40, every request of this file). */
const queue = async (): Promise<PendingReview[]> => {
  const res = await inject('GET', '/api/reviews/pending?pageSize=40', admin.headers);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const rowOf = async (id: string) => (await queue()).find((r) => r._id === id);

/** Approves the withdrawal `id` of `kind` as the admin. */
const approve = async (kind: 'c' | 'b', id: string) =>
  expect((await inject('PUT', `/api/${kind}-withdrawals/${id}/approve`, admin.headers)).statusCode).toBe(200);

/** Moves `c`'s address-book confirmations `days` into the past. */
const confirmedAgo = (c: Client, days: number) =>
  t.database.db
    .update(beneficiaries)
    .set({ confirmedAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(beneficiaries.userId, c.id));

const verifiedClient = () => createClient(t.app, { level: 'identity', balance: 10_000_00n });

describe('the review queue: identity and destination of each row', () => {
  it("says a rejected client's withdrawal is rejected (level e-mail), and a verified one's verified", async () => {
    const ok = await verifiedClient();
    const refused = await verifiedClient();
    const mine = await submitWithdrawal(t.app, ok, 10);
    const theirs = await submitWithdrawal(t.app, refused, 10);
    const deposit = await submitDeposit(t.app, refused, 50);
    // the documents were rejected after the request was made
    await t.database.db.update(users).set({ verificationStatus: 'rejected' }).where(eq(users.id, refused.id));

    expect(await rowOf(mine)).toMatchObject({ identity: { status: 'verified', level: 'identity' } });
    expect(await rowOf(theirs)).toMatchObject({ identity: { status: 'rejected', level: 'email' } });
    expect(await rowOf(deposit)).toMatchObject({
      identity: { status: 'rejected', level: 'email' },
      destination: null,
      newDestination: null,
    });
    await t.database.db.update(users).set({ verificationStatus: 'failed' }).where(eq(users.id, refused.id));
    expect((await rowOf(theirs))?.identity.status).toBe('failed');
  });

  it('masks the destination as the code e-mail does: the last 4 characters', async () => {
    const c = await verifiedClient();
    const crypto = await submitWithdrawal(t.app, c, 10, 'crypto');
    const bank = await submitWithdrawal(t.app, c, 10, 'bank');
    expect((await rowOf(crypto))?.destination).toBe('Ethereum (ETH) address ending in 9EE7');
    expect((await rowOf(bank))?.destination).toBe('account ending in 1234 at Bank');
  });

  it.each(['crypto', 'bank'] as const)(
    'a first %s withdrawal to a destination is new; once one was approved, the next is not',
    async (method) => {
      const c = await verifiedClient();
      const kind = method === 'crypto' ? 'c' : 'b';
      const first = await submitWithdrawal(t.app, c, 10, method);
      await confirmedAgo(c, 30);
      expect((await rowOf(first))?.newDestination).toBe(true);
      // a pending (or declined) one to the same destination does not make it known
      const second = await submitWithdrawal(t.app, c, 11, method);
      expect((await rowOf(second))?.newDestination).toBe(true);

      await approve(kind, first);
      expect((await rowOf(second))?.newDestination).toBe(false);
      const third = await submitWithdrawal(t.app, c, 12, method);
      expect((await rowOf(third))?.newDestination).toBe(false);
      // another client's approved withdrawal to the same destination does not count for this one
      const other = await verifiedClient();
      const theirs = await submitWithdrawal(t.app, other, 10, method);
      await confirmedAgo(other, 30);
      expect((await rowOf(theirs))?.newDestination).toBe(true);
    },
  );

  it('counts a destination confirmed in the address book less than 7 days ago as new', async () => {
    const c = await verifiedClient();
    const first = await submitWithdrawal(t.app, c, 10);
    await approve('c', first);
    const second = await submitWithdrawal(t.app, c, 10);
    await confirmedAgo(c, 6);
    expect((await rowOf(second))?.newDestination).toBe(true);
    await confirmedAgo(c, 8);
    expect((await rowOf(second))?.newDestination).toBe(false);
    // another wallet and address of the same client is new
    const bitcoin = await withdrawCrypto(t.app, c, 10, { wallet: 'bitcoin' });
    expect(bitcoin.statusCode).toBe(201);
    await confirmedAgo(c, 8);
    expect(await rowOf(bitcoin.json().data._id)).toMatchObject({
      destination: 'Bitcoin (BTC) address ending in 5mdq',
      newDestination: true,
    });
  });

  it('reads a page in the same statements whatever its rows (no read per row)', async () => {
    const ask = () => inject('GET', '/api/reviews/pending?pageSize=40', admin.headers);
    await ask();
    const before = await counted(ask);
    const c = await verifiedClient();
    for (let i = 0; i < 3; i++) await submitWithdrawal(t.app, c, 10 + i, i % 2 ? 'bank' : 'crypto');
    await submitDeposit(t.app, c, 20);
    const after = await counted(ask);
    expect(after.result.json().data.length).toBeGreaterThan(before.result.json().data.length);
    expect(after.statements.length, after.statements.join('\n')).toBe(before.statements.length);
  });
});

describe('GET /api/reviews/client/:id', () => {
  const facts = async (id: string, headers: Record<string, string> = admin.headers) =>
    inject('GET', `/api/reviews/client/${id}`, headers);

  it("answers the client's identity and each withdrawal's full destination, new or not, in one read", async () => {
    const c = await verifiedClient();
    const first = await submitWithdrawal(t.app, c, 10);
    await approve('c', first);
    const second = await submitWithdrawal(t.app, c, 11);
    const bank = await submitWithdrawal(t.app, c, 12, 'bank');
    await confirmedAgo(c, 30);
    await t.database.db.update(users).set({ verificationStatus: 'rejected' }).where(eq(users.id, c.id));

    await facts(c.id);
    const { result, statements } = await counted(() => facts(c.id));
    expect(result.statusCode).toBe(200);
    const data = result.json().data as ClientReviewFacts;
    expect(data.identity).toEqual({ status: 'rejected', level: 'email' });
    expect(data.withdrawals).toEqual([
      {
        _id: bank,
        destination: 'account 1234 (routing 021000021, SWIFT DEUTDEFF) at Bank',
        newDestination: true,
      },
      {
        _id: second,
        destination: 'Ethereum (ETH) 0x52908400098527886E0F7030069857D2E4169EE7',
        newDestination: false,
      },
      {
        _id: first,
        destination: 'Ethereum (ETH) 0x52908400098527886E0F7030069857D2E4169EE7',
        newDestination: true,
      },
    ]);
    // as many statements as for a client without withdrawals: no read per withdrawal
    const bare = await createClient(t.app);
    await facts(bare.id);
    const none = await counted(() => facts(bare.id));
    expect(statements.length, statements.join('\n')).toBe(none.statements.length);
  });

  it('answers a client without withdrawals, and 404 for an unknown id', async () => {
    const c = await createClient(t.app);
    const res = await facts(c.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ identity: { status: 'awaiting', level: 'email' }, withdrawals: [] });
    expect((await facts('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await facts('nope')).statusCode).toBe(400);
  });

  it('is for reviewers only', async () => {
    const c = await createClient(t.app);
    expect((await facts(c.id, {})).statusCode).toBe(401);
    expect((await facts(c.id, c.headers)).statusCode).toBe(403);
  });
});
