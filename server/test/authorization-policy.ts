/**
 * The authorization matrix's expectations (authorization.test.ts, whose doc says what each access
 * level expects): one line per /api route, the /api/auth lines from authorization-auth.ts.
 */
import type { Permission } from '@common/permissions';
import type { TestUser } from './factories';
import { AUTH_POLICY } from './authorization-auth';

export type Access = 'public' | 'user' | 'verified' | 'client' | 'staff' | 'owner' | 'ownerOnly';

/** Client A's objects, made through the API before the matrix runs. */
export interface Fixture {
  a: TestUser;
  depositId: string;
  notificationId: string;
  ticketId: string;
  activityId: string;
  beneficiaryId: string;
}

export interface Policy {
  access: Access;
  /** For staff and owner routes: the permission a staff member needs. */
  permission?: Permission;
  /** For owner routes: the URL naming A's object, and a valid body (so validation never answers first). */
  url?: (f: Fixture) => string;
  body?: unknown;
}

const p = (access: Access, url?: Policy['url'], body?: unknown): Policy => ({ access, url, body });
/** A staff route that needs `permission`. */
const staff = (permission: Permission): Policy => ({ access: 'staff', permission });
/** A route on client A's object (`url`), open to A and to staff with `permission`. */
const owned = (url: Policy['url'], permission: Permission = 'clients.read'): Policy => ({
  access: 'owner',
  url,
  permission,
});

export const POLICY: Record<string, Policy> = {
  'GET /api/docs': p('public'),
  'GET /api/docs/static/index.html': p('public'),
  'GET /api/docs/static/swagger-initializer.js': p('public'),
  'GET /api/docs/json': p('public'),
  'GET /api/docs/yaml': p('public'),
  'GET /api/docs/static/*': p('public'),
  'GET /api/health': p('public'),
  'GET /api/health/live': p('public'),
  'GET /api/health/ready': p('public'),

  // /api/auth: sign-in, account security and passkeys (authorization-auth.ts)
  ...AUTH_POLICY,

  'GET /api/ledger/account': p('user'),

  'POST /api/deposits': p('client'),
  'GET /api/deposits/wallets': p('user'),
  'GET /api/deposits': p('user'),
  'GET /api/deposits/export.csv': staff('clients.read'),
  'PUT /api/deposits/:id/approve': staff('deposits.review'),
  'PUT /api/deposits/:id/reject': staff('deposits.review'),
  'DELETE /api/deposits/:id': staff('deposits.review'),

  'POST /api/withdrawals/code': p('client'),
  'POST /api/c-withdrawals': p('client'),
  'GET /api/c-withdrawals': p('user'),
  'GET /api/c-withdrawals/export.csv': staff('clients.read'),
  'PUT /api/c-withdrawals/:id/approve': staff('withdrawals.review'),
  'PUT /api/c-withdrawals/:id/reject': staff('withdrawals.review'),
  'DELETE /api/c-withdrawals/:id': staff('withdrawals.review'),
  'POST /api/b-withdrawals': p('client'),
  'GET /api/b-withdrawals': p('user'),
  'GET /api/b-withdrawals/export.csv': staff('clients.read'),
  'PUT /api/b-withdrawals/:id/approve': staff('withdrawals.review'),
  'PUT /api/b-withdrawals/:id/reject': staff('withdrawals.review'),
  'DELETE /api/b-withdrawals/:id': staff('withdrawals.review'),

  // the withdrawal address book: a client's own (staff: 403); staff read it on the client's page
  'GET /api/beneficiaries': p('client'),
  'POST /api/beneficiaries': p('client'),
  'POST /api/beneficiaries/confirm': p('client'),
  'PATCH /api/beneficiaries/:id': p('ownerOnly', (f) => `/api/beneficiaries/${f.beneficiaryId}`, {
    label: 'Renamed',
  }),
  'POST /api/beneficiaries/:id/cancel': p('ownerOnly', (f) => `/api/beneficiaries/${f.beneficiaryId}/cancel`),
  'DELETE /api/beneficiaries/:id': p('ownerOnly', (f) => `/api/beneficiaries/${f.beneficiaryId}`),
  'GET /api/beneficiaries/admin/:id': staff('beneficiaries.read'),
  'GET /api/security-holds/current': p('user'),
  'GET /api/security-holds/admin/:id': staff('clients.read'),
  'GET /api/limits': p('client'),
  'GET /api/limits/levels': staff('limits.manage'),
  'PUT /api/limits/levels/:level': staff('limits.manage'),
  'PUT /api/limits/address/:id': staff('kyc.review'),
  'DELETE /api/limits/address/:id': staff('kyc.review'),
  'GET /api/api-keys': staff('apiKeys.manage'),
  'POST /api/api-keys': staff('apiKeys.manage'),
  'POST /api/api-keys/:id/revoke': staff('apiKeys.manage'),
  'GET /api/api-keys/mine': p('client'),
  'POST /api/api-keys/mine': p('client'),
  'POST /api/api-keys/mine/:id/revoke': p('client'),
  'GET /api/webhooks/endpoints': staff('webhooks.manage'),
  'POST /api/webhooks/endpoints': staff('webhooks.manage'),
  'PATCH /api/webhooks/endpoints/:id': staff('webhooks.manage'),
  'POST /api/webhooks/endpoints/:id/ping': staff('webhooks.manage'),
  'GET /api/webhooks/deliveries': staff('webhooks.manage'),
  'GET /api/webhooks/deliveries/export.csv': staff('webhooks.manage'),
  'POST /api/webhooks/deliveries/:id/redeliver': staff('webhooks.manage'),

  'GET /api/transaction': p('user'),
  'GET /api/transaction/all': p('user'),
  'GET /api/transaction/export.csv': p('user'),
  'GET /api/transaction/value-history': p('user'),
  // signed statements: the signed-in user's own (no user id in the URL); verifying a file is public
  'GET /api/transparency/statement': p('user'),
  'GET /api/transparency/statements': p('user'),
  'GET /api/transparency/evidence': p('client'),
  'POST /api/transparency/verify-statement': p('public'),
  'GET /api/transaction/admin': staff('clients.read'),
  'GET /api/transaction/admin/export.csv': staff('clients.read'),
  'POST /api/transaction/:id': staff('ledger.adjust'),
  'DELETE /api/transaction/:id': staff('transactions.void'),
  'GET /api/reviews/pending': staff('deposits.review'),
  'GET /api/reviews/export.csv': staff('deposits.review'),
  'GET /api/reviews/client/:id': staff('deposits.review'),

  'GET /api/notifications/user': p('user'),
  'PUT /api/notifications/user/read': p('user'),
  'GET /api/notifications': staff('clients.read'),
  'GET /api/notifications/export.csv': staff('clients.read'),
  'POST /api/notifications': staff('notifications.send'),
  'DELETE /api/notifications/:id': owned(
    (f) => `/api/notifications/${f.notificationId}`,
    'notifications.send',
  ),

  'GET /api/files/deposits/:id': owned((f) => `/api/files/deposits/${f.depositId}`),
  'GET /api/files/profile-pictures/:userId': owned((f) => `/api/files/profile-pictures/${f.a.id}`),
  'GET /api/files/kyc/:userId/:side': owned((f) => `/api/files/kyc/${f.a.id}/front`, 'kyc.review'),

  'POST /api/contacts': p('public'),
  'GET /api/contacts': staff('contacts.manage'),
  'GET /api/contacts/export.csv': staff('contacts.manage'),
  'DELETE /api/contacts/:id': staff('contacts.manage'),

  'GET /api/user/me': p('user'),
  'GET /api/user/admin': staff('clients.read'),
  'GET /api/user/admin/export.csv': staff('clients.read'),
  'GET /api/user/admin/overview': staff('clients.read'),
  'GET /api/user/admin/email/:email': staff('clients.read'),
  'GET /api/user/admin/:id': staff('clients.read'),
  'PUT /api/user/admin/:id': staff('clients.edit'),
  'PUT /api/user/admin/:id/verification': staff('kyc.review'),
  'POST /api/user/admin/:id/block': staff('clients.block'),
  'POST /api/user/admin/:id/unblock': staff('clients.block'),
  'GET /api/user/admin/:id/sign-in-history': staff('clients.read'),
  'GET /api/user/admin/:id/sessions': staff('clients.read'),
  'POST /api/user/admin/:id/reset-two-factor': staff('twoFactor.reset'),
  'DELETE /api/user/admin/:id': staff('clients.delete'),
  'PUT /api/user/admin/account/:id': staff('clients.edit'),
  'POST /api/user/admin/account/:id/adjustments': staff('ledger.adjust'),
  'PATCH /api/user/profile': p('user'),
  'POST /api/user/profile-picture': p('user'),
  'POST /api/user/verification': p('client'),
  'GET /api/user/referrals/:id': owned((f) => `/api/user/referrals/${f.a.id}`),
  // "Download my data": the signed-in client's own data only (no id in the URL); staff have none (403)
  'GET /api/user/export.zip': p('client'),
  'POST /api/user/active-plan': p('client'),
  'PUT /api/user/admin/active-plan/:id': staff('plans.manage'),
  'DELETE /api/user/admin/active-plan/:id': staff('plans.manage'),
  'POST /api/user/admin/add-profit/:id': staff('profits.post'),
  'POST /api/user/admin/email': staff('emailing.send'),

  'GET /api/trading-activity': p('user'),
  'GET /api/trading-activity/admin': staff('clients.read'),
  'GET /api/trading-activity/admin/export.csv': staff('clients.read'),
  'GET /api/trading-activity/:id': owned((f) => `/api/trading-activity/${f.activityId}`),
  'POST /api/trading-activity': staff('tradingActivity.edit'),
  'PUT /api/trading-activity/:id': staff('tradingActivity.edit'),
  'DELETE /api/trading-activity/:id': staff('tradingActivity.edit'),

  'POST /api/support': p('user'),
  'GET /api/support/user': p('user'),
  'POST /api/support/:id/replies': p('ownerOnly', (f) => `/api/support/${f.ticketId}/replies`, {
    message: 'One more detail',
  }),
  'GET /api/support': staff('support.manage'),
  'GET /api/support/export.csv': staff('support.manage'),
  'PUT /api/support/:id': staff('support.manage'),
  'DELETE /api/support/:id': staff('support.manage'),

  'GET /api/audit': staff('audit.read'),
  'GET /api/audit/filters': staff('audit.read'),
  'GET /api/audit/export.csv': staff('audit.read'),

  'GET /api/staff': staff('staff.manage'),
  'GET /api/staff/export.csv': staff('staff.manage'),
  'POST /api/staff': staff('staff.manage'),
  'PATCH /api/staff/:id': staff('staff.manage'),
  'POST /api/staff/:id/deactivate': staff('staff.manage'),
  'POST /api/staff/:id/reactivate': staff('staff.manage'),
  'POST /api/staff/:id/resend-invitation': staff('staff.manage'),
  'POST /api/staff/:id/block': staff('staff.manage'),
  'POST /api/staff/:id/unblock': staff('staff.manage'),
  'POST /api/staff/:id/reset-two-factor': staff('staff.manage'),
  'POST /api/staff/invitations/accept': p('public'),

  // off without METRICS_TOKEN (404 for everyone, as here); with it, a bearer token of its own
  'GET /api/metrics': p('public'),
  'GET /api/mail/outbox': staff('emailing.send'),
  'GET /api/mail/outbox/export.csv': staff('emailing.send'),
  'POST /api/mail/outbox/:id/retry': staff('emailing.send'),
  'GET /api/approvals': staff('approvals.decide'),
  'GET /api/approvals/export.csv': staff('approvals.decide'),
  'POST /api/approvals/:id/approve': staff('approvals.decide'),
  'POST /api/approvals/:id/reject': staff('approvals.decide'),
  'GET /api/transparency/liabilities': p('public'),
  'GET /api/transparency/liabilities/snapshots': p('public'),
  'GET /api/transparency/liabilities/proof': p('user'),
  'POST /api/transparency/liabilities': staff('ledger.adjust'),
  // the operator's declared reserves: a published setting, the same for everyone
  'GET /api/transparency/reserves': p('public'),
  'GET /api/transparency/tree-head': p('public'),
  // a deposit's id names its entry (404 until sealed: A and staff pass the guard, B gets the same 404)
  'GET /api/transparency/inclusion/:entryId': owned((f) => `/api/transparency/inclusion/${f.depositId}`),
  'GET /api/transparency/consistency': p('public'),
  // checkpoints and keys are published; a cosignature's credential is its signature by a configured witness
  'GET /api/transparency/checkpoint': p('public'),
  'GET /api/transparency/keys': p('public'),
  'POST /api/transparency/cosignatures': p('public'),
};
