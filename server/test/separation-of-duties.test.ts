/**
 * Separation of duties (docs/security.md "Separation of duties"), tried as a dishonest staff
 * member would: the reviewer of a deposit, a withdrawal or identity documents is never their
 * owner (the service answers 409, and the database's CHECKs refuse the row even from raw SQL with
 * triggers off); a four-eyes request is never made or checked by the person it is about (CHECK);
 * staff cannot use the client money routes; and no staff member acts on another one, or on
 * themselves, through the client routes. The authorization matrix (authorization.test.ts) calls
 * every staff route on every kind of target; these are the attacks of the report, one by one.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, STAFF_MSG } from '@common/messages';
import { STAFF_ROLES, type StaffRole } from '@common/permissions';
import { users } from '../db/schema';
import { AppError } from '../lib/errors';
import { createClient, createTestUser, imageDataUrl, type TestUser } from './factories';
import { useBareTestContext } from './context';
import { depositOf, withdrawalOf } from './target-axis';

const t = useBareTestContext();
const actor = (who: TestUser) => ({ id: who.id, ip: '127.0.0.1' });
const staff = (role: StaffRole) => createTestUser(t.app, { role });

/** The SQLSTATE of the error `run` throws (drizzle wraps the driver's error in `cause`). */
async function sqlState(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (e) {
    for (let err = e as { code?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err)
      if (typeof err.code === 'string') return err.code;
    throw e;
  }
  return undefined;
}

/** Runs `statement` with triggers off (session_replication_role = replica), as an operator could. */
function rawWithTriggersOff(statement: ReturnType<typeof sql>) {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

async function expectOwnReview(run: () => Promise<unknown>) {
  await expect(run()).rejects.toSatisfy(
    (e: unknown) => e instanceof AppError && e.statusCode === 409 && e.message === STAFF_MSG.ownReview,
  );
}

describe('the reviewer is never the owner', () => {
  it('refuses a finance member approving or rejecting their own deposit, in the service', async () => {
    const finance = await staff('finance');
    const id = await depositOf(t.database.db, finance.id);
    const { deposits } = t.app.ctx.services;
    await expectOwnReview(() => deposits.approveDeposit(actor(finance), id));
    await expectOwnReview(() => deposits.rejectDeposit(actor(finance), id, 'Not paid'));
    // a client's deposit the same member may review
    const client = await createClient(t.app);
    const theirs = await depositOf(t.database.db, client.id);
    expect((await deposits.approveDeposit(actor(finance), theirs)).status).toBe('approved');
  });

  it('refuses a finance member paying or declining their own withdrawal, in the service', async () => {
    const finance = await staff('finance');
    const id = await withdrawalOf(t.database.db, finance.id);
    const { withdrawals } = t.app.ctx.services;
    await expectOwnReview(() => withdrawals.approveWithdrawal(actor(finance), 'crypto', id));
    await expectOwnReview(() => withdrawals.rejectWithdrawal(actor(finance), 'crypto', id, 'No'));
  });

  it('refuses a compliance member deciding on their own identity documents, in the service', async () => {
    const compliance = await staff('compliance');
    await t.database.db
      .update(users)
      .set({ verificationStatus: 'pending' })
      .where(eq(users.id, compliance.id));
    await expectOwnReview(() =>
      t.app.ctx.services.kyc.reviewVerification(actor(compliance), compliance.id, { status: 'verified' }),
    );
  });

  it('refuses a deposit or withdrawal reviewed by its owner in the database, triggers off', async () => {
    const finance = await staff('finance');
    const deposit = await depositOf(t.database.db, finance.id);
    const withdrawal = await withdrawalOf(t.database.db, finance.id);
    expect(
      await sqlState(() =>
        rawWithTriggersOff(
          sql`update deposits set status = 'approved', reviewed_by = user_id, reviewed_at = now() where id = ${deposit}`,
        ),
      ),
    ).toBe('23514');
    expect(
      await sqlState(() =>
        rawWithTriggersOff(
          sql`update withdrawals set status = 'approved', reviewed_by = user_id, reviewed_at = now() where id = ${withdrawal}`,
        ),
      ),
    ).toBe('23514');
    // another reviewer is accepted by the same statement
    const other = await staff('finance');
    expect(
      await sqlState(() =>
        rawWithTriggersOff(
          sql`update deposits set status = 'approved', reviewed_by = ${other.id}, reviewed_at = now() where id = ${deposit}`,
        ),
      ),
    ).toBeUndefined();
  });

  it('refuses a four-eyes request made or checked by the person it is about in the database', async () => {
    const [maker, checker] = [await staff('finance'), await staff('owner')];
    const client = await createClient(t.app);
    const insert = (makerId: string) =>
      sql`insert into approval_requests (action, client_id, amount, payload, reason, maker_id)
        values ('adjustment', ${client.id}, 100000, '{}'::jsonb, 'A large credit', ${makerId}) returning id`;
    expect(await sqlState(() => rawWithTriggersOff(insert(client.id)))).toBe('23514');
    const [row] = (
      (await t.database.db.execute(insert(maker.id))) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    const decide = (checkerId: string) =>
      sql`update approval_requests set status = 'rejected', checker_id = ${checkerId}, decided_at = now(),
        decision_reason = 'No' where id = ${row!.id}`;
    expect(await sqlState(() => rawWithTriggersOff(decide(client.id)))).toBe('23514');
    expect(await sqlState(() => rawWithTriggersOff(decide(checker.id)))).toBeUndefined();
  });
});

describe('staff and the client routes', () => {
  it('refuses every staff role on the client money routes, with the reason', async () => {
    const png = await imageDataUrl();
    for (const role of STAFF_ROLES) {
      const member = await staff(role);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        headers: member.headers,
        payload: { amount: 20_000, image: png, wallet: 'bitcoin' },
      });
      expect([res.statusCode, res.json().message]).toEqual([403, STAFF_MSG.clientsOnly]);
    }
  });

  it('answers 404 to compliance blocking, unblocking or resetting the 2FA of an owner', async () => {
    const [compliance, owner] = [await staff('compliance'), await staff('owner')];
    for (const [verb, payload] of [
      ['block', { reason: 'Suspicious' }],
      ['unblock', {}],
      ['reset-two-factor', { reason: 'Lost phone' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/admin/${owner.id}/${verb}`,
        headers: compliance.headers,
        payload,
      });
      expect([verb, res.statusCode, res.json().message]).toEqual([verb, 404, MSG.notFound]);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.banned).toBeFalsy();
  });

  it('answers 404 to compliance unblocking a deactivated staff member, who stays out', async () => {
    const [compliance, member] = [await staff('compliance'), await staff('support')];
    await t.database.db
      .update(users)
      .set({ deactivatedAt: new Date(), banned: true })
      .where(eq(users.id, member.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/admin/${member.id}/unblock`,
      headers: compliance.headers,
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.banned).toBe(true);
  });

  it("answers 404 to support reading an owner's sessions and sign-in history", async () => {
    const [support, owner] = [await staff('support'), await staff('owner')];
    for (const part of ['sessions', 'sign-in-history']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/user/admin/${owner.id}/${part}`,
        headers: support.headers,
      });
      expect([part, res.statusCode]).toEqual([part, 404]);
    }
  });

  it("answers 404 to compliance reading an owner's identity documents", async () => {
    const [compliance, owner] = [await staff('compliance'), await staff('owner')];
    const key = `kyc/${owner.id}/front.png`;
    await t.app.ctx.services.storage.put(key, Buffer.from((await imageDataUrl()).split(',')[1]!, 'base64'));
    await t.database.db.update(users).set({ documentFrontKey: key }).where(eq(users.id, owner.id));
    const read = (who: TestUser) =>
      t.app.inject({ method: 'GET', url: `/api/files/kyc/${owner.id}/front`, headers: who.headers });
    expect((await read(compliance)).statusCode).toBe(404);
    expect((await read(owner)).statusCode).toBe(200);
  });

  it('answers 404 to an owner erasing a support member through the client route', async () => {
    const [owner, support] = [await staff('owner'), await staff('support')];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/admin/${support.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, support.id));
    expect(row!.deletedAt).toBeNull();
  });

  it('answers 404 to two owners erasing each other at once, and erases neither', async () => {
    const [one, two] = [await staff('owner'), await staff('owner')];
    const erase = (who: TestUser, whom: TestUser) =>
      t.app.inject({ method: 'DELETE', url: `/api/user/admin/${whom.id}`, headers: who.headers });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => [erase(one, two), erase(two, one)]).flat(),
    );
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([404]));
    const rows = await t.database.db.select({ deletedAt: users.deletedAt }).from(users);
    expect(rows.filter((r) => r.deletedAt !== null)).toEqual([]);
  });
});

describe('the declarations', () => {
  it('every staff route naming a person in its body or query declares whom it may target', () => {
    const names = (schema: unknown) =>
      Object.keys((schema as { shape?: object } | undefined)?.shape ?? {}).filter((k) =>
        ['userId', 'email'].includes(k),
      );
    const undeclared = t.app.routeTable
      .filter((r) => r.permission && r.target === undefined)
      .filter((r) => [...names(r.schema?.body), ...names(r.schema?.querystring)].length > 0)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });
});
