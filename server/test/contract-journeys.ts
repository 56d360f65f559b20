/**
 * The journeys of the contract replay (server/test/contract-replay.test.ts): one per domain, each
 * walking the successful path of its operations through `app.inject` with the usual test helpers.
 * Every answer is recorded and checked against the OpenAPI document by the replay; a journey only
 * asserts the statuses it needs to go on.
 */
import { generate } from 'otplib';
import { expect } from 'vitest';
import {
  createTestUser,
  createClient,
  imageDataUrl,
  submitDeposit,
  submitWithdrawal,
} from '../modules/ledger/testing';
import type { TestUser } from '../modules/ledger/testing';
import { mailOutbox } from '../db/schema';
import { createSignedInUser, uniqueEmail, type TestContext, type TestMethod } from './app';
import type { SmtpReceiver } from './smtp-receiver';

/** A journey: a name and the steps it runs on the shared context, as the given admin. */
export interface Journey {
  name: string;
  run(c: { t: TestContext; admin: TestUser }): Promise<void>;
}

type Headers = Record<string, string>;
/** `ask(t)(method, url, headers, payload?, status?)`: injects, and expects `status` when given. */
const ask =
  (t: TestContext) =>
  async (method: TestMethod, url: string, headers: Headers = {}, payload?: unknown, status?: number) => {
    const res = await t.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    });
    if (status !== undefined) expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res;
  };
const totp = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The 6-digit code of the first mail to `email` after the first `skip` ones that has one (security notices have none). */
async function codeAfter(smtp: SmtpReceiver, email: string, skip: number): Promise<string> {
  for (let i = skip; ; i++) {
    const code = /\b(\d{6})\b/.exec((await smtp.waitForMail(email, { skip: i })).text)?.[1];
    if (code) return code;
  }
}
/** Starts two-factor set-up for `u` (expects 200); answers the authenticator secret and the backup codes it shows. */
async function startTwoFactor(call: ReturnType<typeof ask>, u: { headers: Headers; password: string }) {
  const setup = await call('POST', '/api/auth/two-factor/setup', u.headers, { password: u.password }, 200);
  return {
    secret: new URL(setup.json().totpURI).searchParams.get('secret')!,
    backupCodes: setup.json().backupCodes as string[],
  };
}
const today = () => new Date().toISOString().slice(0, 10);

/** The metrics token of the replay's app (GET /api/metrics is off without one). */
export const METRICS_TOKEN = 'contract-replay-metrics-token';

/** The journeys, in the order the replay runs them. */
export const journeys: Journey[] = [
  {
    name: 'health and metrics',
    async run({ t }) {
      await ask(t)('GET', '/api/health', {}, undefined, 200);
      await ask(t)('GET', '/api/metrics', {}, undefined, 401);
      await ask(t)('GET', '/api/metrics', bearer(METRICS_TOKEN), undefined, 200);
    },
  },
  {
    name: 'auth: sign-up, e-mail code, sign-in, passwords, sign-out',
    async run({ t }) {
      const call = ask(t);
      const email = uniqueEmail('contract');
      const password = 'Secret-pass-1';
      const signup = { firstName: 'Jane', lastName: 'Doe', email, phone: '+44 20 7946 0000', password };
      await call(
        'POST',
        '/api/auth/signup',
        {},
        { ...signup, gender: 'female', country: 'United Kingdom' },
        201,
      );
      await call('POST', '/api/auth/signup', {}, { email }, 400);
      await t.smtp.waitForMail(email);
      await call('POST', '/api/auth/signin', {}, { email, password: 'Wrong-pass-1' });
      const signin = await call('POST', '/api/auth/signin', {}, { email, password }, 200);
      const h = bearer(signin.json().token);
      await call('GET', '/api/auth/user', h, undefined, 200);
      await call('POST', '/api/auth/resend-otp', h, undefined, 200);
      await call('POST', '/api/auth/verify-email', h, { otp: '000000' });
      const code = await codeAfter(t.smtp, email, 1);
      await call('POST', '/api/auth/verify-email', h, { otp: code }, 200);
      await call('POST', '/api/auth/resend-otp', h, undefined, 409);
      const newPassword = 'Secret-pass-2';
      await call('POST', '/api/auth/change-password', h, { oldPassword: password, newPassword }, 200);
      const before = t.smtp.mails.filter((m) => m.to === email.toLowerCase()).length;
      await call('POST', '/api/auth/forgot-password', {}, { email }, 200);
      const reset = await codeAfter(t.smtp, email, before);
      const again = { otp: reset, email, newPassword: 'Secret-pass-3', confirmPassword: 'Secret-pass-3' };
      await call('POST', '/api/auth/reset-password', {}, { ...again, confirmPassword: 'Other-pass-3' });
      await call('POST', '/api/auth/reset-password', {}, again, 200);
      const fresh = await call('POST', '/api/auth/signin', {}, { email, password: 'Secret-pass-3' }, 200);
      await call('POST', '/api/auth/signout', bearer(fresh.json().token), undefined, 200);
    },
  },
  {
    name: 'auth: two-factor, sessions, sign-in history',
    async run({ t }) {
      const call = ask(t);
      const u = await createSignedInUser(t.app);
      const { secret, backupCodes } = await startTwoFactor(call, u);
      await call('POST', '/api/auth/two-factor/enable', u.headers, { code: '000000' });
      await call('POST', '/api/auth/two-factor/enable', u.headers, { code: await totp(secret) }, 200);
      const first = await call('POST', '/api/auth/signin', {}, { email: u.email, password: u.password }, 200);
      await call(
        'POST',
        '/api/auth/two-factor/verify',
        {},
        { challenge: first.json().challenge, code: '000000' },
      );
      const ok = await call(
        'POST',
        '/api/auth/two-factor/verify',
        {},
        { challenge: first.json().challenge, code: await totp(secret, 30) },
        200,
      );
      const sessions = await call('GET', '/api/auth/sessions', u.headers, undefined, 200);
      const other = (sessions.json().data as { id: string; current: boolean }[]).find((s) => !s.current);
      expect(other, sessions.body).toBeDefined();
      await call('DELETE', `/api/auth/sessions/${other!.id}`, u.headers, undefined, 200);
      expect(ok.statusCode).toBe(200);
      await call('POST', '/api/auth/sessions/revoke-others', u.headers, undefined, 200);
      await call('GET', '/api/auth/sign-in-history?page=1&pageSize=10', u.headers, undefined, 200);
      const backup = backupCodes[0]!;
      await call(
        'POST',
        '/api/auth/two-factor/disable',
        u.headers,
        { password: u.password, code: backup },
        200,
      );
    },
  },
  {
    name: 'profile and KYC: me, profile, picture, verification, referrals, files',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app);
      const png = await imageDataUrl('png');
      await call('GET', '/api/user/me', c.headers, undefined, 200);
      const profile = {
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '+1 555 0100',
        gender: 'female',
        country: 'Canada',
      };
      await call('PATCH', '/api/user/profile', c.headers, profile, 200);
      await call('POST', '/api/user/profile-picture', c.headers, { image: png }, 200);
      await call('GET', `/api/files/profile-pictures/${c.id}`, c.headers, undefined, 200);
      const kyc = { documentType: 'passport', address: '1 Main Street', state: 'Texas', documentFront: png };
      await call('POST', '/api/user/verification', c.headers, kyc, 200);
      await call('GET', `/api/files/kyc/${c.id}/front`, admin.headers, undefined, 200);
      await call('PUT', `/api/user/admin/${c.id}/verification`, admin.headers, { status: 'verified' }, 200);
      await call('GET', `/api/user/referrals/${c.id}`, c.headers, undefined, 200);
    },
  },
  {
    name: 'deposits, reviews and ledger',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app);
      await call('GET', '/api/deposits/wallets', c.headers, undefined, 200);
      const ids = [
        await submitDeposit(t.app, c, 150),
        await submitDeposit(t.app, c, 20),
        await submitDeposit(t.app, c),
      ];
      await call('GET', '/api/deposits', c.headers, undefined, 200);
      await call('GET', `/api/deposits?userId=${c.id}`, admin.headers, undefined, 200);
      await call('GET', `/api/files/deposits/${ids[0]}`, c.headers, undefined, 200);
      await call('GET', '/api/reviews/pending?page=1&pageSize=10', admin.headers, undefined, 200);
      await call('PUT', `/api/deposits/${ids[0]}/approve`, admin.headers, undefined, 200);
      await call('PUT', `/api/deposits/${ids[0]}/approve`, admin.headers, undefined, 409);
      await call('PUT', `/api/deposits/${ids[1]}/reject`, admin.headers, undefined, 400);
      await call('PUT', `/api/deposits/${ids[1]}/reject`, admin.headers, { reason: 'Not received' }, 200);
      await call('DELETE', `/api/deposits/${ids[2]}`, admin.headers, undefined, 200);
      await call('GET', '/api/ledger/account', c.headers, undefined, 200);
    },
  },
  {
    name: 'withdrawals: code, crypto and bank, approve, reject, delete',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app, { balance: 100_000n });
      await call('POST', '/api/withdrawals/code', c.headers, undefined, 202);
      const bad = {
        amount: 10,
        token: '000000',
        wallet: 'ethereum',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
      };
      await call('POST', '/api/c-withdrawals', c.headers, bad);
      for (const kind of ['c', 'b'] as const) {
        const method = kind === 'c' ? 'crypto' : 'bank';
        const ids = [
          await submitWithdrawal(t.app, c, 10, method),
          await submitWithdrawal(t.app, c, 11, method),
        ];
        await call('GET', `/api/${kind}-withdrawals`, c.headers, undefined, 200);
        await call('GET', `/api/${kind}-withdrawals?userId=${c.id}`, admin.headers, undefined, 200);
        await call('PUT', `/api/${kind}-withdrawals/${ids[0]}/approve`, admin.headers, undefined, 200);
        await call(
          'PUT',
          `/api/${kind}-withdrawals/${ids[1]}/reject`,
          admin.headers,
          { reason: 'Not ours' },
          200,
        );
        await call('DELETE', `/api/${kind}-withdrawals/${ids[1]}`, admin.headers, undefined, 200);
      }
    },
  },
  {
    name: 'transactions: lists, CSV export, admin add and reverse',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app, { balance: 10_000n });
      const body = { amount: 10, transactionType: 'profit', details: 'Trading profit' };
      const added = await call('POST', `/api/transaction/${c.id}`, admin.headers, body, 201);
      await call('GET', '/api/transaction', c.headers, undefined, 200);
      await call('GET', '/api/transaction/all?page=1&pageSize=10&type=profit', c.headers, undefined, 200);
      await call('GET', '/api/transaction/export.csv', c.headers, undefined, 200);
      await call('GET', `/api/transaction/admin?userId=${c.id}`, admin.headers, undefined, 200);
      const id = added.json().data._id as string;
      await call('DELETE', `/api/transaction/${id}`, admin.headers, { reason: 'entered twice' }, 200);
      await call('DELETE', `/api/transaction/${id}`, admin.headers, {}, 400);
      await call('DELETE', `/api/transaction/${id}`, admin.headers, { reason: 'entered twice' }, 409);
    },
  },
  {
    name: 'plans and trading activity',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app, { balance: 500_000n });
      const plan = { amount: 500, duration: 7, plan: 'copy_trading' };
      await call('POST', '/api/user/active-plan', c.headers, plan, 201);
      await call('POST', '/api/user/active-plan', c.headers, plan, 409);
      await call(
        'POST',
        `/api/user/admin/add-profit/${c.id}`,
        admin.headers,
        { profit: 10, date: today(), reason: 'Closed EUR/USD long' },
        201,
      );
      await call('DELETE', `/api/user/admin/active-plan/${c.id}`, admin.headers, undefined, 200);
      await call('PUT', `/api/user/admin/active-plan/${c.id}`, admin.headers, { ...plan, amount: 600 }, 200);
      const trade = { userId: c.id, tradeAmount: 250, profit: 12.5, plan: 'copy_trading', statuss: 'active' };
      const created = await call('POST', '/api/trading-activity', admin.headers, trade, 201);
      const id = created.json().data._id as string;
      await call('GET', '/api/trading-activity?page=1&pageSize=10', c.headers, undefined, 200);
      await call('GET', `/api/trading-activity/admin?userId=${c.id}`, admin.headers, undefined, 200);
      await call('GET', `/api/trading-activity/${id}`, c.headers, undefined, 200);
      await call(
        'PUT',
        `/api/trading-activity/${id}`,
        admin.headers,
        { ...trade, statuss: 'completed' },
        200,
      );
      await call('DELETE', `/api/trading-activity/${id}`, admin.headers, undefined, 200);
    },
  },
  {
    name: 'notifications, support, contacts and e-mailing',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app);
      const note = { userId: c.id, title: 'Hello', message: 'Welcome aboard' };
      await call('POST', '/api/notifications', admin.headers, note, 201);
      await call('GET', `/api/notifications?userId=${c.id}`, admin.headers, undefined, 200);
      const mine = await call('GET', '/api/notifications/user', c.headers, undefined, 200);
      await call('PUT', '/api/notifications/user/read', c.headers, undefined, 200);
      const noteId = mine.json().data[0]._id as string;
      await call('DELETE', `/api/notifications/${noteId}`, c.headers, undefined, 200);

      const ticket = await call('POST', '/api/support', c.headers, { message: 'My deposit is late' }, 201);
      const ticketId = ticket.json().data._id as string;
      await call('GET', '/api/support/user', c.headers, undefined, 200);
      await call('GET', '/api/support?status=open', admin.headers, undefined, 200);
      await call('POST', `/api/support/${ticketId}/replies`, c.headers, { message: 'Any news?' }, 201);
      await call('PUT', `/api/support/${ticketId}`, admin.headers, { reply: 'Done', status: 'closed' }, 200);
      await call('DELETE', `/api/support/${ticketId}`, admin.headers, undefined, 200);

      const msg = { name: 'Visitor', email: uniqueEmail('visitor'), message: 'Do you trade gold?' };
      await call('POST', '/api/contacts', {}, msg, 201);
      const contacts = await call('GET', '/api/contacts', admin.headers, undefined, 200);
      const contactId = contacts.json().data[0]._id as string;
      await call('DELETE', `/api/contacts/${contactId}`, admin.headers, undefined, 200);

      const mail = { userId: c.id, subject: 'Your account', message: 'All is well.' };
      await call('POST', '/api/user/admin/email', admin.headers, mail, 200);
    },
  },
  {
    name: 'users admin and audit',
    async run({ t, admin }) {
      const call = ask(t);
      const u = await createSignedInUser(t.app);
      const c = await createTestUser(t.app);
      await call('GET', '/api/user/admin?page=1&pageSize=10', admin.headers, undefined, 200);
      await call('GET', '/api/user/admin/export.csv', admin.headers, undefined, 200);
      await call('GET', '/api/user/admin/overview', admin.headers, undefined, 200);
      await call(
        'GET',
        `/api/user/admin/email/${encodeURIComponent(u.email)}`,
        admin.headers,
        undefined,
        200,
      );
      const row = await call('GET', `/api/user/admin/${u.id}`, admin.headers, undefined, 200);
      const d = row.json().data;
      const edit = {
        firstName: 'Edited',
        lastName: d.lastName ?? 'User',
        email: u.email,
        phone: '+1 555 0101',
        location: { address: '2 Main Street', state: 'Ohio' },
        verificationStatus: 'awaiting',
        isBlocked: false,
      };
      await call('PUT', `/api/user/admin/${u.id}`, admin.headers, edit, 200);
      await call(
        'PUT',
        `/api/user/admin/account/${u.id}`,
        admin.headers,
        { currencySymbol: '$', accountPlan: 'Gold' },
        200,
      );
      const credit = { direction: 'credit', amount: 25, reason: 'goodwill' };
      await call('POST', `/api/user/admin/account/${u.id}/adjustments`, admin.headers, credit, 201);
      await call('GET', `/api/user/admin/${u.id}/sign-in-history`, admin.headers, undefined, 200);
      await call('GET', `/api/user/admin/${u.id}/sessions`, admin.headers, undefined, 200);
      const { secret } = await startTwoFactor(call, u);
      await call('POST', '/api/auth/two-factor/enable', u.headers, { code: await totp(secret) }, 200);
      await call(
        'POST',
        `/api/user/admin/${u.id}/reset-two-factor`,
        admin.headers,
        { reason: 'Lost phone' },
        200,
      );
      await call('POST', `/api/user/admin/${u.id}/block`, admin.headers, {}, 400);
      await call('POST', `/api/user/admin/${u.id}/block`, admin.headers, { reason: 'Fraud check' }, 200);
      await call('POST', `/api/user/admin/${u.id}/unblock`, admin.headers, undefined, 200);
      await call('DELETE', `/api/user/admin/${c.id}`, admin.headers, undefined, 200);
      await call('GET', '/api/audit?page=1&pageSize=10', admin.headers, undefined, 200);
      await call('GET', '/api/audit/filters', admin.headers, undefined, 200);
    },
  },
  {
    name: 'staff: invite, set the password, role, deactivate, reactivate',
    async run({ t, admin }) {
      const call = ask(t);
      const email = uniqueEmail('staff');
      const invite = { email, firstName: 'Sam', lastName: 'Staff', role: 'support' };
      const created = await call('POST', '/api/staff', admin.headers, invite, 201);
      await call('POST', '/api/staff', admin.headers, invite, 409);
      const id = created.json().data._id as string;
      const token = new URL(
        /https?:\/\/\S+token=[\w-]+/.exec((await t.smtp.waitForMail(email)).text)![0],
      ).searchParams.get('token')!;
      const password = 'Secret-pass-1';
      await call(
        'POST',
        '/api/staff/invitations/accept',
        {},
        { token, password, confirmPassword: password },
        200,
      );
      await call(
        'POST',
        '/api/staff/invitations/accept',
        {},
        { token, password, confirmPassword: password },
        400,
      );
      await call('GET', '/api/staff', admin.headers, undefined, 200);
      await call('PATCH', `/api/staff/${id}`, admin.headers, { role: 'finance' }, 200);
      await call('PATCH', `/api/staff/${admin.id}`, admin.headers, { role: 'finance' }, 409);
      await call('POST', `/api/staff/${id}/deactivate`, admin.headers, undefined, 200);
      await call('POST', `/api/staff/${id}/deactivate`, admin.headers, undefined, 409);
      await call('POST', `/api/staff/${id}/reactivate`, admin.headers, undefined, 200);
      await call('POST', `/api/staff/${id}/reactivate`, admin.headers, undefined, 409);
    },
  },
  {
    name: 'four-eyes: held money actions (202), the queue, approve, reject',
    async run({ t, admin }) {
      const call = ask(t);
      const maker = await createTestUser(t.app, { role: 'finance' });
      const c = await createClient(t.app, { balance: 10_000_00n });
      const large = t.app.ctx.config.fourEyesThreshold / 100n + 1n;
      const held = async (method: TestMethod, url: string, payload?: unknown) =>
        (await call(method, url, maker.headers, payload, 202)).json().data._id as string;
      const credit = { direction: 'credit', amount: Number(large), reason: 'Settlement' };
      const first = await held('POST', `/api/user/admin/account/${c.id}/adjustments`, credit);
      const line = { amount: Number(large), transactionType: 'bonus', details: 'Loyalty' };
      const second = await held('POST', `/api/transaction/${c.id}`, line);
      const lines = (await call('GET', '/api/transaction', c.headers)).json().data as Array<{ _id: string }>;
      await held('DELETE', `/api/transaction/${lines[0]!._id}`, { reason: 'Posted twice' });
      const activity = { userId: c.id, tradeAmount: 100, profit: 1, plan: 'investment', statuss: 'active' };
      const a = (await call('POST', '/api/trading-activity', maker.headers, activity, 201)).json().data._id;
      const raised = await held('PUT', `/api/trading-activity/${a}`, { ...activity, profit: Number(large) });
      await call('POST', `/api/approvals/${raised}/approve`, admin.headers, undefined, 200);
      await held('DELETE', `/api/trading-activity/${a}`);
      const w = await submitWithdrawal(t.app, c, Number(large));
      await held('PUT', `/api/c-withdrawals/${w}/approve`);
      await call(
        'POST',
        '/api/user/active-plan',
        c.headers,
        { amount: 500, duration: 7, plan: 'investment' },
        201,
      );
      const profit = { profit: Number(large), date: new Date().toISOString().slice(0, 10), reason: 'Result' };
      await held('POST', `/api/user/admin/add-profit/${c.id}`, profit);
      await call('GET', '/api/approvals?page=1&pageSize=10', admin.headers, undefined, 200);
      await call('POST', `/api/approvals/${first}/approve`, maker.headers, undefined, 409);
      await call('POST', `/api/approvals/${first}/approve`, admin.headers, undefined, 200);
      await call('POST', `/api/approvals/${second}/reject`, admin.headers, { reason: 'No record' }, 200);
      await call('GET', '/api/approvals?status=decided', admin.headers, undefined, 200);
    },
  },
  {
    name: 'mail outbox: failed mails, queue again',
    async run({ t, admin }) {
      const call = ask(t);
      const [mail] = await t.database.db
        .insert(mailOutbox)
        .values({
          to: 'someone@example.com',
          subject: 'S',
          text: 'T',
          status: 'failed',
          attempts: 8,
          lastError: 'refused',
        })
        .returning();
      await call('GET', '/api/mail/outbox?status=failed&page=1&pageSize=10', admin.headers, undefined, 200);
      await call('POST', `/api/mail/outbox/${mail!.id}/retry`, admin.headers, undefined, 200);
      await call('POST', `/api/mail/outbox/${mail!.id}/retry`, admin.headers, undefined, 409);
    },
  },
];
