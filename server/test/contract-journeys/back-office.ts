/**
 * Contract journeys of the back office: notifications, support, contacts and e-mailing; users
 * admin and audit; staff; four-eyes approvals.
 */
import { createClient, createTestUser, enrolTwoFactor, submitWithdrawal } from '../factories';
import { createSignedInUser, uniqueEmail, type TestMethod } from '../app';
import { ask, startTwoFactor, totp, type Journey } from './journey';

/** In the order the replay runs them. */
export const backOfficeJourneys: Journey[] = [
  {
    name: 'notifications, support, contacts and e-mailing',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app);
      const note = { userId: c.id, title: 'Hello', message: 'Welcome aboard' };
      await call('POST', '/api/notifications', admin.headers, note, 201);
      await call('GET', `/api/notifications?userId=${c.id}`, admin.headers, undefined, 200);
      await call('GET', `/api/notifications?userId=${c.id}&limit=1`, admin.headers, undefined, 200);
      await call('GET', `/api/notifications/export.csv?userId=${c.id}`, admin.headers, undefined, 200);
      await call('GET', '/api/notifications/user?limit=1', c.headers, undefined, 200);
      await call('GET', '/api/notifications/user?cursor=bm90LWEtcm93', c.headers, undefined, 400);
      const mine = await call('GET', '/api/notifications/user', c.headers, undefined, 200);
      await call('PUT', '/api/notifications/user/read', c.headers, undefined, 200);
      const noteId = mine.json().data[0]._id as string;
      await call('DELETE', `/api/notifications/${noteId}`, c.headers, undefined, 200);

      const ticket = await call('POST', '/api/support', c.headers, { message: 'My deposit is late' }, 201);
      const ticketId = ticket.json().data._id as string;
      await call('GET', '/api/support/user', c.headers, undefined, 200);
      await call('GET', '/api/support/user?limit=1', c.headers, undefined, 200);
      await call('GET', '/api/support?status=open', admin.headers, undefined, 200);
      await call('GET', '/api/support?status=open&limit=1', admin.headers, undefined, 200);
      await call('GET', '/api/support/export.csv?status=open', admin.headers, undefined, 200);
      await call('POST', `/api/support/${ticketId}/replies`, c.headers, { message: 'Any news?' }, 201);
      await call('PUT', `/api/support/${ticketId}`, admin.headers, { reply: 'Done', status: 'closed' }, 200);
      await call('DELETE', `/api/support/${ticketId}`, admin.headers, undefined, 200);

      const msg = { name: 'Visitor', email: uniqueEmail('visitor'), message: 'Do you trade gold?' };
      await call('POST', '/api/contacts', {}, msg, 201);
      const contacts = await call('GET', '/api/contacts', admin.headers, undefined, 200);
      await call('GET', '/api/contacts?limit=1', admin.headers, undefined, 200);
      await call('GET', '/api/contacts/export.csv', admin.headers, undefined, 200);
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
      await call('GET', '/api/user/admin?from=2026-01-01&to=2026-12-31', admin.headers, undefined, 200);
      await call('GET', '/api/user/admin?from=2026-02-30', admin.headers, undefined, 400);
      await call('GET', '/api/user/admin/export.csv', admin.headers, undefined, 200);
      await call('GET', '/api/user/admin/export.csv?from=2026-01-01', admin.headers, undefined, 200);
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
      await call('GET', `/api/user/admin/${u.id}/sign-in-history?limit=5`, admin.headers, undefined, 200);
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
      await call('GET', '/api/audit?from=2026-01-01&to=2026-12-31', admin.headers, undefined, 200);
      await call('GET', '/api/audit/export.csv?action=user.block', admin.headers, undefined, 200);
      const first = await call('GET', '/api/audit?limit=2', admin.headers, undefined, 200);
      const cursor = encodeURIComponent(first.json().nextCursor as string);
      await call('GET', `/api/audit?limit=2&cursor=${cursor}`, admin.headers, undefined, 200);
      await call('GET', '/api/audit?limit=2&cursor=bm90LWEtcm93', admin.headers, undefined, 400);
      await call('GET', '/api/audit?from=2026-03-02&to=2026-03-01', admin.headers, undefined, 400);
      await call('GET', '/api/audit/filters', admin.headers, undefined, 200);
    },
  },
  {
    name: 'staff: invite, a fresh link, set the password, role, deactivate, reactivate, block, reset two-factor',
    async run({ t, admin }) {
      const call = ask(t);
      const email = uniqueEmail('staff');
      const invite = { email, firstName: 'Sam', lastName: 'Staff', role: 'support' };
      const created = await call('POST', '/api/staff', admin.headers, invite, 201);
      await call('POST', '/api/staff', admin.headers, invite, 409);
      const id = created.json().data._id as string;
      await call('POST', `/api/staff/${id}/resend-invitation`, admin.headers, undefined, 200);
      // the second mail's link: the first one stopped working
      const token = new URL(
        /https?:\/\/\S+token=[\w-]+/.exec((await t.smtp.waitForMail(email, { skip: 1 })).text)![0],
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
      await call('GET', '/api/staff?limit=1', admin.headers, undefined, 200);
      await call('GET', '/api/staff/export.csv', admin.headers, undefined, 200);
      await call('POST', `/api/staff/${id}/resend-invitation`, admin.headers, undefined, 409);
      await call('PATCH', `/api/staff/${id}`, admin.headers, { role: 'finance' }, 200);
      await call('PATCH', `/api/staff/${admin.id}`, admin.headers, { role: 'finance' }, 409);
      await call('POST', `/api/staff/${id}/deactivate`, admin.headers, undefined, 200);
      await call('POST', `/api/staff/${id}/deactivate`, admin.headers, undefined, 409);
      await call('POST', `/api/staff/${id}/reactivate`, admin.headers, undefined, 200);
      await call('POST', `/api/staff/${id}/reactivate`, admin.headers, undefined, 409);
      // the owner's block, unblock and two-factor reset of a member (not an owner: no second owner)
      const reason = { reason: 'Lost phone; identity checked' };
      await call('POST', `/api/staff/${id}/block`, admin.headers, reason, 200);
      await call('POST', `/api/staff/${id}/unblock`, admin.headers, undefined, 200);
      await call('POST', `/api/staff/${id}/reset-two-factor`, admin.headers, reason, 409);
      await enrolTwoFactor(t.app, { id, email });
      await call('POST', `/api/staff/${id}/reset-two-factor`, admin.headers, reason, 200);
      await call('POST', `/api/staff/${admin.id}/block`, admin.headers, reason, 409);
    },
  },
  {
    name: 'four-eyes: held money actions (202), the queue, approve, reject',
    async run({ t, admin }) {
      const call = ask(t);
      const maker = await createTestUser(t.app, { role: 'finance' });
      const c = await createClient(t.app, { level: 'identity', balance: 10_000_00n });
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
      await call('GET', '/api/approvals/export.csv?status=decided', admin.headers, undefined, 200);
    },
  },
];
