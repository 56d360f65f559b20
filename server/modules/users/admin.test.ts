import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG, MSG, USER_ADMIN_MSG } from '@common/messages';
import {
  accounts,
  auditLog,
  deposits,
  journalEntries,
  notifications,
  plans,
  sessions,
  users,
  withdrawals,
} from '../../db/schema';
import { createSignedInUser, type Headers, TEST_PASSWORD, UNKNOWN_ID } from '../../test/app';
import { useBefore, useTestContext } from '../../test/context';
import { expectReasonDelivered, expectReasonRequired, mailWithSubject } from '../../test/decision-reasons';
import { expectAnswer, expectReplayed } from '../../test/expect';
import { client, getClientFigures, postEntry } from '../ledger/service';
import { createClient, imageDataUrl, ledgerViolations, type TestUser } from '../../test/factories';

const { t, admin, inject, db } = useTestContext();
const someClient = useBefore(() => createClient(t.app));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const auditRows = (targetUserId: string) =>
  db().select().from(auditLog).where(eq(auditLog.targetUserId, targetUserId)).orderBy(auditLog.createdAt);
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

const validEdit = (u: TestUser, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: u.email,
  phone: '+44 20 7946 0000',
  location: { address: '12 St James Square', state: 'London' },
  verificationStatus: 'awaiting',
  isBlocked: false,
  ...overrides,
});

/** PUT /api/user/admin/:id of `u` as the admin, with validEdit(u, overrides). */
const edit = (u: TestUser, overrides: Record<string, unknown> = {}) =>
  inject('PUT', `/api/user/admin/${u.id}`, admin.headers, validEdit(u, overrides));

describe('every admin route refuses visitors (401) and clients (403)', () => {
  // Bodies are valid: Fastify validates before the guard runs.
  const someClientStub = { email: 'someone@example.com' } as TestUser;
  const routes: Array<[Method, string, unknown?]> = [
    ['GET', '/api/user/admin/overview'],
    ['GET', '/api/user/admin/export.csv'],
    ['PUT', `/api/user/admin/${UNKNOWN_ID}`, validEdit(someClientStub)],
    ['PUT', `/api/user/admin/${UNKNOWN_ID}/verification`, { status: 'verified' }],
    ['POST', `/api/user/admin/${UNKNOWN_ID}/block`, { reason: 'Fraud check' }],
    ['POST', `/api/user/admin/${UNKNOWN_ID}/unblock`],
    ['DELETE', `/api/user/admin/${UNKNOWN_ID}`],
    ['PUT', `/api/user/admin/account/${UNKNOWN_ID}`, { currencySymbol: '$', accountPlan: 'Gold' }],
    [
      'POST',
      `/api/user/admin/account/${UNKNOWN_ID}/adjustments`,
      { direction: 'credit', amount: 1, reason: 'x' },
    ],
    ['GET', '/api/audit'],
    ['GET', '/api/audit/filters'],
  ];
  it.each(routes)('%s %s', async (method, url, body) => {
    expect((await inject(method, url, {}, body)).statusCode).toBe(401);
    expect((await inject(method, url, someClient.headers, body)).statusCode).toBe(403);
  });
});

describe('PUT /api/user/admin/:id (edit user)', () => {
  it.each([
    ['firstName', { firstName: '' }],
    ['lastName', { lastName: '   ' }],
    ['email', { email: '' }],
    ['phone', { phone: '' }],
    ['address', { location: { address: '', state: 'London' } }],
    ['state', { location: { address: 'x', state: '' } }],
    ['location', { location: undefined }],
    ['verificationStatus', { verificationStatus: undefined }],
    ['isBlocked', { isBlocked: undefined }],
  ])('refuses an empty %s with "All fields are required"', async (_field, overrides) => {
    const c = await createClient(t.app);
    const res = await edit(c, overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_ADMIN_MSG.allFieldsRequired);
    expect(await auditRows(c.id)).toHaveLength(0);
  });

  it('refuses a malformed e-mail, an unknown status and a bad id', async () => {
    const c = await createClient(t.app);
    const bad = await edit(c, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.invalidEmail);
    expect((await edit(c, { verificationStatus: 'maybe' })).statusCode).toBe(400);
    expect((await inject('PUT', '/api/user/admin/nope', admin.headers, validEdit(c))).statusCode).toBe(400);
    expect(
      (await inject('PUT', `/api/user/admin/${UNKNOWN_ID}`, admin.headers, validEdit(c))).statusCode,
    ).toBe(404);
  });

  it('updates the user and records one audit row with only the changed fields', async () => {
    const c = await createClient(t.app);
    const before = await userRow(c.id);
    const res = await edit(c, { email: `  NEW.${c.email.toUpperCase()} `, verificationStatus: 'verified' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_ADMIN_MSG.userUpdated);
    expect(res.json().data).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `new.${c.email}`,
      location: { address: '12 St James Square', state: 'London' },
      verificationStatus: 'verified',
      isBlocked: false,
    });
    const row = await userRow(c.id);
    expect(row.name).toBe('Ada Lovelace');
    const rows = await auditRows(c.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.update',
      actorId: admin.id,
      targetId: c.id,
      ip: '127.0.0.1',
    });
    expect(rows[0]!.before).toEqual({
      firstName: before.firstName,
      lastName: before.lastName,
      email: before.email,
      phone: '',
      address: '',
      state: '',
      verificationStatus: 'awaiting',
    });
    expect(rows[0]!.after).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `new.${c.email}`,
      phone: '+44 20 7946 0000',
      address: '12 St James Square',
      state: 'London',
      verificationStatus: 'verified',
    });
  });

  it('refuses an e-mail another account uses (any case) with 409', async () => {
    const a = await createClient(t.app);
    const b = await createClient(t.app);
    const res = await edit(a, { email: b.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.emailTaken);
    expect((await userRow(a.id)).email).toBe(a.email);
    expect(await auditRows(a.id)).toHaveLength(0);
  });

  it('refuses to block without a reason (400 naming it) or reject documents through the edit; unblocking works', async () => {
    const c = await createClient(t.app);
    const res = await edit(c, { isBlocked: true });
    expect([res.statusCode, res.json().message]).toEqual([400, USER_ADMIN_MSG.blockReasonRequired]);
    const rejecting = await edit(c, { verificationStatus: 'rejected' });
    expect([rejecting.statusCode, rejecting.json().message]).toEqual([409, USER_ADMIN_MSG.rejectOnItsRoute]);
    expect(await userRow(c.id)).toMatchObject({ banned: false, verificationStatus: 'awaiting' });
    expect(await auditRows(c.id)).toHaveLength(0);
    expect((await inject('GET', '/api/user/me', c.headers)).statusCode).toBe(200);

    await inject('POST', `/api/user/admin/${c.id}/block`, admin.headers, { reason: 'Fraud check' });
    const unblocked = await edit(c, { isBlocked: false });
    expect(unblocked.statusCode).toBe(200);
    expect(await userRow(c.id)).toMatchObject({ banned: false, banReason: null });
  });
});

describe('PUT /api/user/admin/:id/verification (KYC review)', () => {
  const pendingClient = async () => {
    const c = await createClient(t.app);
    await db().update(users).set({ verificationStatus: 'pending' }).where(eq(users.id, c.id));
    return c;
  };

  it('refuses a bad status with 400 and a non-pending one with 409', async () => {
    const c = await createClient(t.app);
    expect(
      (await inject('PUT', `/api/user/admin/${c.id}/verification`, admin.headers, { status: 'pending' }))
        .statusCode,
    ).toBe(400);
    const res = await inject('PUT', `/api/user/admin/${c.id}/verification`, admin.headers, {
      status: 'verified',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USER_ADMIN_MSG.verificationNotPending('awaiting'));
    expect(
      (
        await inject('PUT', `/api/user/admin/${UNKNOWN_ID}/verification`, admin.headers, {
          status: 'verified',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a rejection needs a reason of 3 to 500 characters; the client reads it on their profile, in the notice and e-mail, and the audit row keeps it', async () => {
    const c = await pendingClient();
    const url = `/api/user/admin/${c.id}/verification`;
    await expectReasonRequired(
      inject,
      'PUT',
      url,
      admin.headers,
      async () => {
        expect(await userRow(c.id)).toMatchObject({
          verificationStatus: 'pending',
          verificationReason: null,
        });
        expect(await auditRows(c.id)).toHaveLength(0);
      },
      { status: 'rejected' },
    );
    const reason = 'The document has expired';
    const res = await inject('PUT', url, admin.headers, { status: 'rejected', reason });
    expect(res.json().data).toMatchObject({ verificationStatus: 'rejected', verificationReason: reason });
    const mine = (await inject('GET', '/api/user/me', c.headers)).json().data;
    expect(mine).toMatchObject({ verificationStatus: 'rejected', verificationReason: reason });
    // the client reads the day of the decision, not who made it; the back office reads both
    expect(Date.now() - Date.parse(mine.verification.decidedAt)).toBeLessThan(60_000);
    expect(mine.verificationDecidedBy).toBeNull();
    const seen = (await inject('GET', `/api/user/admin/${c.id}`, admin.headers)).json().data;
    expect(seen.verification.decidedAt).toBe(mine.verification.decidedAt);
    expect(seen.verificationDecidedBy).toEqual({
      firstName: admin.row.firstName,
      lastName: admin.row.lastName,
      email: admin.email,
    });
    await expectReasonDelivered(t, inject, c, {
      reason,
      title: USER_ADMIN_MSG.rejectedTitle,
      action: 'user.verification',
    });
  });

  it.each([
    ['verified', USER_ADMIN_MSG.verifiedTitle, USER_ADMIN_MSG.verificationVerified],
    ['rejected', USER_ADMIN_MSG.rejectedTitle, USER_ADMIN_MSG.verificationRejected],
  ])(
    'sets %s, notifies and e-mails the client, writes one audit row, then refuses a second review',
    async (status, title, message) => {
      const c = await pendingClient();
      const res = await inject('PUT', `/api/user/admin/${c.id}/verification`, admin.headers, {
        status,
        reason: 'The photo is blurred',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message, data: { verificationStatus: status } });
      const notes = await db().select().from(notifications).where(eq(notifications.userId, c.id));
      expect(notes.map((n) => n.title)).toEqual([title]);
      expect((await t.smtp.waitForMail(c.email)).subject).toBe(title);
      const rows = await auditRows(c.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'user.verification',
        before: { verificationStatus: 'pending' },
        after:
          status === 'rejected'
            ? { verificationStatus: status, reason: 'The photo is blurred' }
            : { verificationStatus: status },
      });
      expect(
        (
          await inject('PUT', `/api/user/admin/${c.id}/verification`, admin.headers, {
            status,
            reason: 'Second look',
          })
        ).statusCode,
      ).toBe(409);
    },
  );
});

describe('POST /api/user/admin/:id/block and /unblock', () => {
  it('a block needs a reason of 3 to 500 characters; the client is e-mailed it and the audit row keeps it', async () => {
    const c = await createClient(t.app);
    await expectReasonRequired(inject, 'POST', `/api/user/admin/${c.id}/block`, admin.headers, async () => {
      expect(await userRow(c.id)).toMatchObject({ banned: false });
      expect(await auditRows(c.id)).toHaveLength(0);
    });
    const reason = 'Documents used on another account';
    const res = await inject('POST', `/api/user/admin/${c.id}/block`, admin.headers, { reason });
    expect(res.statusCode).toBe(200);
    expect(await userRow(c.id)).toMatchObject({ banned: true, banReason: reason });
    const mail = await mailWithSubject(t, c.email, 'Your account has been blocked');
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect((await auditRows(c.id)).at(-1)).toMatchObject({ action: 'user.block', after: { reason } });
  });

  it('blocks: the open session stops at once, signing in is refused (403); unblocking lets them back', async () => {
    const c = await createSignedInUser(t.app);
    expect((await inject('GET', '/api/user/me', c.headers)).statusCode).toBe(200);
    const blocked = await inject('POST', `/api/user/admin/${c.id}/block`, admin.headers, {
      reason: 'Suspected account takeover',
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ message: USER_ADMIN_MSG.userBlocked, data: { isBlocked: true } });
    expect((await userRow(c.id)).banned).toBe(true);
    // The session is revoked: the token no longer names a session.
    expect((await inject('GET', '/api/user/me', c.headers)).statusCode).toBe(401);
    const signin = await inject('POST', '/api/auth/signin', {}, { email: c.email, password: TEST_PASSWORD });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().message).toBe(MSG.accountBlocked);

    const unblocked = await inject('POST', `/api/user/admin/${c.id}/unblock`, admin.headers);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().data.isBlocked).toBe(false);
    const again = await inject('POST', '/api/auth/signin', {}, { email: c.email, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(
      (await inject('GET', '/api/user/me', { authorization: `Bearer ${again.json().token}` })).statusCode,
    ).toBe(200);

    const rows = await auditRows(c.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['user.block', { isBlocked: false }, { isBlocked: true, reason: 'Suspected account takeover' }],
      ['user.unblock', { isBlocked: true }, { isBlocked: false }],
    ]);
  });

  it('a blocked user whose session somehow survives gets 403 from every guarded route', async () => {
    const c = await createClient(t.app);
    await inject('POST', `/api/user/admin/${c.id}/block`, admin.headers, {
      reason: 'Suspected account takeover',
    });
    // A session created after the block (e.g. by another process racing it) is still refused.
    await db()
      .insert(sessions)
      .values({ token: `${c.token}-late`, userId: c.id, expiresAt: new Date(Date.now() + 60_000) });
    const res = await inject('GET', '/api/user/me', { authorization: `Bearer ${c.token}-late` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.accountBlocked);
  });

  it('an admin cannot block themselves (a staff member is no client: 404); an unknown user answers 404', async () => {
    const res = await inject('POST', `/api/user/admin/${admin.id}/block`, admin.headers, {
      reason: 'Suspected account takeover',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.notFound);
    expect((await inject('GET', '/api/user/me', admin.headers)).statusCode).toBe(200);
    expect(
      (
        await inject('POST', `/api/user/admin/${UNKNOWN_ID}/block`, admin.headers, {
          reason: 'Suspected account takeover',
        })
      ).statusCode,
    ).toBe(404);
    expect(await auditRows(admin.id)).toHaveLength(0);
  });
});

describe('PUT /api/user/admin/account/:id (currency symbol and plan)', () => {
  it.each([
    [{ currencySymbol: '' }, USER_ADMIN_MSG.allFieldsRequired],
    [{ accountPlan: undefined }, USER_ADMIN_MSG.allFieldsRequired],
    [{ accountPlan: 'Diamond' }, USER_ADMIN_MSG.allFieldsRequired],
  ])('refuses %j with 400', async (body, message) => {
    const c = await createClient(t.app);
    const res = await inject('PUT', `/api/user/admin/account/${c.id}`, admin.headers, {
      currencySymbol: '€',
      accountPlan: 'Gold',
      ...body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('sets the labels (no balances) with one audit row', async () => {
    const c = await createClient(t.app, { balance: 100_00n });
    const res = await inject('PUT', `/api/user/admin/account/${c.id}`, admin.headers, {
      currencySymbol: '€',
      accountPlan: 'Gold',
      balance: 1_000_000, // ignored: balances come from the ledger
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.account).toEqual({ accountPlan: 'Gold', currencySymbol: '€' });
    expect((await getClientFigures(db(), c.id)).balance).toBe(100_00n);
    const rows = await auditRows(c.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        'account.update',
        { currencySymbol: '$', accountPlan: 'Basic' },
        { currencySymbol: '€', accountPlan: 'Gold' },
      ],
    ]);
  });
});

describe('POST /api/user/admin/account/:id/adjustments', () => {
  const adjust = (id: string, body: Record<string, unknown>, headers: Headers = admin.headers) =>
    inject('POST', `/api/user/admin/account/${id}/adjustments`, headers, {
      direction: 'credit',
      amount: 10,
      reason: 'Goodwill',
      ...body,
    });

  it.each([
    [{ reason: '' }, USER_ADMIN_MSG.adjustmentReasonRequired],
    [{ reason: undefined }, USER_ADMIN_MSG.adjustmentReasonRequired],
    [{ amount: 0 }, MONEY_MSG.invalidAmount],
    [{ amount: -5 }, MONEY_MSG.invalidAmount],
    [{ amount: '1.234' }, MONEY_MSG.amountDecimals],
    [{ amount: undefined }, MONEY_MSG.invalidAmount],
    [{ direction: 'sideways' }, 'direction must be credit or debit'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await adjust(someClient.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('credits and debits the available balance; the client sees each with its reason; the ledger balances', async () => {
    const c = await createClient(t.app, { balance: 50_00n });
    const credit = await adjust(c.id, { amount: '120.50', reason: 'Compensation for a delayed withdrawal' });
    expectAnswer(credit, 201, USER_ADMIN_MSG.adjustmentPosted, {
      direction: 'credit',
      amount: 120.5,
      reason: 'Compensation for a delayed withdrawal',
      available: 170.5,
    });
    const debit = await adjust(c.id, {
      direction: 'debit',
      amount: 70.5,
      reason: 'Duplicate credit corrected',
    });
    expect(debit.statusCode).toBe(201);
    expect(debit.json().data.available).toBe(100);
    expect(await getClientFigures(db(), c.id)).toMatchObject({ balance: 100_00n, totalDeposit: 50_00n });

    const history = (await inject('GET', '/api/transaction/all?type=adjustment', c.headers)).json();
    expect(history.total).toBe(2);
    expect(
      history.data.map((l: { details: string; direction: string; amount: number; status: string }) => [
        l.details,
        l.direction,
        l.amount,
        l.status,
      ]),
    ).toEqual([
      ['Duplicate credit corrected', 'debit', 70.5, 'approved'],
      ['Compensation for a delayed withdrawal', 'credit', 120.5, 'approved'],
    ]);
    const [entry] = await db()
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, credit.json().data._id));
    expect(entry).toMatchObject({
      type: 'adjustment',
      actorId: admin.id,
      memo: 'Compensation for a delayed withdrawal',
    });

    const rows = await auditRows(c.id);
    expect(rows.map((r) => [r.action, r.targetId, r.before, r.after])).toEqual([
      [
        'account.adjustment',
        credit.json().data._id,
        { available: 50 },
        {
          available: 170.5,
          direction: 'credit',
          amount: 120.5,
          reason: 'Compensation for a delayed withdrawal',
        },
      ],
      [
        'account.adjustment',
        debit.json().data._id,
        { available: 170.5 },
        { available: 100, direction: 'debit', amount: 70.5, reason: 'Duplicate credit corrected' },
      ],
    ]);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('never takes available below zero (409), but may take it to exactly zero', async () => {
    const c = await createClient(t.app, { balance: 25_00n });
    const over = await adjust(c.id, { direction: 'debit', amount: 25.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(USER_ADMIN_MSG.adjustmentOverdraw('25.00'));
    const empty = await createClient(t.app);
    expect((await adjust(empty.id, { direction: 'debit', amount: 0.01 })).statusCode).toBe(409);
    expect((await adjust(c.id, { direction: 'debit', amount: 25 })).statusCode).toBe(201);
    expect((await getClientFigures(db(), c.id)).balance).toBe(0n);
    expect(await auditRows(c.id)).toHaveLength(1);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('replays a repeated Idempotency-Key without posting twice', async () => {
    const c = await createClient(t.app);
    const headers = { ...admin.headers, 'idempotency-key': `adj-${c.id}` };
    await expectReplayed(() => adjust(c.id, { amount: 5 }, headers));
    expect((await getClientFigures(db(), c.id)).balance).toBe(5_00n);
    expect(await auditRows(c.id)).toHaveLength(1);
    expect((await adjust(c.id, { amount: 6 }, headers)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown user and for an admin (no client account)', async () => {
    expect((await adjust(UNKNOWN_ID, {})).statusCode).toBe(404);
    const res = await adjust(admin.id, {});
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.notFound);
  });
});

describe('DELETE /api/user/admin/:id', () => {
  const del = (id: string, headers: Headers = admin.headers) =>
    inject('DELETE', `/api/user/admin/${id}`, headers);

  it('is refused (409) while any balance is not zero, a deposit is pending or a plan is active', async () => {
    const rich = await createClient(t.app, { balance: 1_00n });
    const refused = await del(rich.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(USER_ADMIN_MSG.deleteRefusedBalance('available $1.00'));

    const invested = await createClient(t.app, { balance: 3_00n });
    await db().transaction((tx) =>
      postEntry(tx, {
        type: 'plan_open',
        userId: invested.id,
        lines: [
          { account: client(invested.id, 'available'), amount: -3_00n },
          { account: client(invested.id, 'invested'), amount: 3_00n },
        ],
      }),
    );
    expect((await del(invested.id)).json().message).toBe(
      USER_ADMIN_MSG.deleteRefusedBalance('invested $3.00'),
    );

    const withPlan = await createClient(t.app);
    const start = new Date();
    await db()
      .insert(plans)
      .values({
        userId: withPlan.id,
        plan: 'investment',
        amount: 1_00n,
        durationDays: 7,
        startDate: start,
        endDate: new Date(start.getTime() + 7 * 86_400_000),
      });
    const planRefused = await del(withPlan.id);
    expect(planRefused.statusCode).toBe(409);
    expect(planRefused.json().message).toBe(USER_ADMIN_MSG.deleteRefusedPlan);

    const paying = await createClient(t.app);
    await db()
      .insert(deposits)
      .values({ userId: paying.id, amount: 10_00n, wallet: 'bitcoin', proofKey: 'deposits/x.png' });
    expect((await del(paying.id)).json().message).toBe(USER_ADMIN_MSG.deleteRefusedPendingDeposit);

    for (const u of [rich, invested, withPlan, paying]) {
      expect((await userRow(u.id)).deletedAt).toBeNull();
      expect(await auditRows(u.id)).toHaveLength(0);
    }
  });

  it('an admin cannot delete themselves (a staff member is no client: 404)', async () => {
    const res = await del(admin.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.notFound);
  });

  it('erases personal data and sign-in, keeps the ledger, hides the user, removes their files', async () => {
    const c = await createSignedInUser(t.app, {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 0199',
    });
    const { storage } = t.app.ctx.services;
    const png = Buffer.from((await imageDataUrl()).split(',')[1]!, 'base64');
    const keys = {
      profilePictureKey: `profiles/${c.id}.png`,
      documentFrontKey: `kyc/${c.id}-front.png`,
      documentBackKey: `kyc/${c.id}-back.png`,
    };
    for (const key of Object.values(keys)) await storage.put(key, png);
    await db()
      .update(users)
      .set({
        ...keys,
        documentType: 'passport',
        address: '1 Navy Way',
        state: 'VA',
        verificationStatus: 'pending',
      })
      .where(eq(users.id, c.id));
    // Money came and went: the history must survive the deletion.
    await adjust(c.id, 'credit');
    await adjust(c.id, 'debit');

    const res = await del(c.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_ADMIN_MSG.userDeleted);

    const row = await userRow(c.id);
    expect(row).toMatchObject({
      firstName: 'Deleted',
      lastName: 'Deleted',
      name: 'Deleted',
      email: `deleted-${c.id}@deleted.invalid`,
      phone: '',
      country: '',
      address: '',
      state: '',
      gender: null,
      profilePictureKey: null,
      documentFrontKey: null,
      documentBackKey: null,
      documentType: null,
      banned: true,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    for (const key of Object.values(keys)) expect(await storage.get(key)).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, c.id))).toHaveLength(0);
    expect(await db().select().from(accounts).where(eq(accounts.userId, c.id))).toHaveLength(0);
    expect((await inject('GET', '/api/user/me', c.headers)).statusCode).toBe(401);
    expect(
      (await inject('POST', '/api/auth/signin', {}, { email: c.email, password: TEST_PASSWORD })).statusCode,
    ).not.toBe(200);

    const entries = await db().select().from(journalEntries).where(eq(journalEntries.userId, c.id));
    expect(entries).toHaveLength(2);
    expect(await ledgerViolations(db())).toEqual([]);

    expect((await inject('GET', `/api/user/admin/${c.id}`, admin.headers)).statusCode).toBe(404);
    expect(
      (await inject('GET', `/api/user/admin/email/${encodeURIComponent(row.email)}`, admin.headers))
        .statusCode,
    ).toBe(404);
    const list = (await inject('GET', '/api/user/admin?pageSize=40&search=deleted', admin.headers)).json();
    expect(list.data.map((u: { _id: string }) => u._id)).not.toContain(c.id);
    expect((await del(c.id)).statusCode).toBe(404);
    expect(
      (
        await inject('POST', `/api/user/admin/${c.id}/block`, admin.headers, {
          reason: 'Suspected account takeover',
        })
      ).statusCode,
    ).toBe(404);

    const rows = await auditRows(c.id);
    expect(rows.filter((r) => r.action === 'user.delete')).toHaveLength(1);
    // The erased e-mail can be used by a new sign-up.
    const again = await inject(
      'POST',
      '/api/auth/signup',
      {},
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: c.email,
        phone: '+1 555 0199',
        password: TEST_PASSWORD,
        gender: 'female',
        country: 'United States',
        acceptTerms: true,
      },
    );
    expect(again.statusCode, again.body).toBeLessThan(300);

    async function adjust(id: string, direction: 'credit' | 'debit') {
      const r = await inject('POST', `/api/user/admin/account/${id}/adjustments`, admin.headers, {
        direction,
        amount: 40,
        reason: 'Test',
      });
      expect(r.statusCode).toBe(201);
    }
  });
});

describe('GET /api/user/admin/overview', () => {
  it('counts clients, pending reviews and KYC, and approved deposits and withdrawals per window', async () => {
    const read = async () => (await inject('GET', '/api/user/admin/overview', admin.headers)).json().data;
    const base = await read();
    const c = await createClient(t.app);
    const day = 86_400_000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    await db()
      .insert(deposits)
      .values([
        {
          userId: c.id,
          amount: 100_00n,
          wallet: 'bitcoin',
          proofKey: 'deposits/a.png',
          status: 'approved',
          reviewedAt: ago(3_600_000),
        },
        {
          userId: c.id,
          amount: 200_00n,
          wallet: 'bitcoin',
          proofKey: 'deposits/b.png',
          status: 'approved',
          reviewedAt: ago(3 * day),
        },
        {
          userId: c.id,
          amount: 400_00n,
          wallet: 'ethereum',
          proofKey: 'deposits/c.png',
          status: 'approved',
          reviewedAt: ago(20 * day),
        },
        {
          userId: c.id,
          amount: 800_00n,
          wallet: 'ethereum',
          proofKey: 'deposits/d.png',
          status: 'approved',
          reviewedAt: ago(40 * day),
        },
        { userId: c.id, amount: 1_00n, wallet: 'ethereum', proofKey: 'deposits/e.png' },
      ]);
    await db()
      .insert(withdrawals)
      .values({
        userId: c.id,
        method: 'crypto',
        wallet: 'usdt',
        address: 'TXYZ',
        amount: 50_00n,
        status: 'approved',
        reviewedAt: ago(2 * day),
      });
    await db().update(users).set({ verificationStatus: 'pending' }).where(eq(users.id, c.id));
    const now = await read();
    expect(now.clients).toBe(base.clients + 1);
    expect(now.pendingReviews).toBe(base.pendingReviews + 1);
    expect(now.pendingVerifications).toBe(base.pendingVerifications + 1);
    const delta = (w: '1' | '7' | '30') => ({
      count: now.deposits[w].count - base.deposits[w].count,
      total: Math.round((now.deposits[w].total - base.deposits[w].total) * 100) / 100,
    });
    expect(delta('1')).toEqual({ count: 1, total: 100 });
    expect(delta('7')).toEqual({ count: 2, total: 300 });
    expect(delta('30')).toEqual({ count: 3, total: 700 });
    expect(now.withdrawals['1']).toEqual(base.withdrawals['1']);
    expect(now.withdrawals['7'].count).toBe(base.withdrawals['7'].count + 1);
    expect(now.withdrawals['30'].total).toBeCloseTo(base.withdrawals['30'].total + 50, 2);
  });
});

describe('GET /api/user/admin/export.csv', () => {
  it('exports the searched list with quoting and a formula guard', async () => {
    const tag = `csv${Date.now().toString(36)}`;
    const evil = await createClient(t.app);
    await db()
      .update(users)
      .set({
        firstName: '=HYPERLINK("http://x.test","click")',
        lastName: `${tag}, "Jr"`,
        phone: '+1 555 0199',
      })
      .where(eq(users.id, evil.id));
    const other = await createClient(t.app);
    const res = await inject('GET', `/api/user/admin/export.csv?search=${tag}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('users.csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'No,First name,Last name,E-mail,Phone,Country,Role,Verification,Blocked,Account plan,Date joined,ID',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x.test"",""click"")","${tag}, ""Jr"""`);
    expect(lines[1]).toContain(evil.id);
    // the phone shows as typed in a spreadsheet, with no apostrophe (server/lib/csv.ts)
    expect(lines[1]).toContain(`"=""+1 555 0199"""`);
    expect(res.body).not.toContain(other.id);
  });
});

describe('the audit log is append-only in the database', () => {
  it('refuses UPDATE and DELETE of audit rows whatever sends them', async () => {
    const c = await createClient(t.app);
    await inject('POST', `/api/user/admin/${c.id}/block`, admin.headers, {
      reason: 'Suspected account takeover',
    });
    await expect(
      db().update(auditLog).set({ action: 'x' }).where(eq(auditLog.targetUserId, c.id)),
    ).rejects.toThrow();
    await expect(
      db()
        .delete(auditLog)
        .where(and(eq(auditLog.targetUserId, c.id))),
    ).rejects.toThrow();
    expect(await auditRows(c.id)).toHaveLength(1);
  });
});
