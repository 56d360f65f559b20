/**
 * The /api route table: which module's plugins serve which URL prefix, the signed-in scopes, and
 * the staff scope with its one guard (permission and target checks). app.ts registers it under
 * /api; each room's routes live in its module (docs/architecture.md "Rooms").
 */
import { can, KEY_PERMISSIONS } from '@common/permissions';
import type { AppInstance } from './app-context';
import type { Guards } from './modules/auth/guard';
import { AppError } from './lib/errors';
import { guardScope, type Guard } from './lib/guarded-scope';
import { assertTargetDeclared, targetGuard } from './lib/targets';
import type { WithdrawalMethod } from './modules/withdrawals/service';
import { authRoutes } from './modules/auth/routes';
import { securityRoutes } from './modules/auth/security-routes';
import { passkeyRoutes } from './modules/auth/passkey-routes';
import { contactAdminRoutes, contactRoutes } from './modules/contacts/routes';
import { healthRoutes } from './modules/health/routes';
import { depositAdminRoutes, depositRoutes } from './modules/deposits/routes';
import { fileRoutes } from './modules/files/routes';
import { kycAdminRoutes, kycRoutes } from './modules/kyc/routes';
import { ledgerRoutes } from './modules/ledger/routes';
import {
  securityHoldAdminRoutes,
  securityHoldRoutes,
  thisWasntMeRoutes,
} from './modules/security-holds/routes';
import { notificationAdminRoutes, notificationRoutes } from './modules/notifications/routes';
import { transactionAdminRoutes, transactionRoutes } from './modules/transactions/routes';
import { reviewAdminRoutes } from './modules/reviews/routes';
import { userAdminRoutes, userRoutes } from './modules/users/routes';
import { withdrawalAdminRoutes, withdrawalCodeRoutes, withdrawalRoutes } from './modules/withdrawals/routes';
import { beneficiaryAdminRoutes, beneficiaryRoutes } from './modules/beneficiaries/routes';
import { limitAdminRoutes, limitRoutes } from './modules/limits/routes';
import { approvalAdminRoutes } from './modules/approvals/routes';
import { apiKeyAdminRoutes, clientApiKeyRoutes } from './modules/api-keys/routes';
import { webhookAdminRoutes } from './modules/webhooks/routes';
import { auditAdminRoutes } from './modules/audit/routes';
import { emailingAdminRoutes, mailOutboxAdminRoutes } from './modules/emailing/routes';
import { planAdminRoutes, planRoutes } from './modules/plans/routes';
import { addProfitAdminRoutes } from './modules/trading-activities/add-profit-routes';
import { tradingActivityAdminRoutes, tradingActivityRoutes } from './modules/trading-activities/routes';
import { profileRoutes } from './modules/profile/routes';
import { supportAdminRoutes, supportRoutes } from './modules/support/routes';
import { staffAdminRoutes, staffInvitationRoutes } from './modules/staff/routes';
import { staffSecurityRoutes } from './modules/staff/security-routes';
import { statementRoutes } from './modules/transparency/statement-routes';
import { reservesRoutes } from './modules/transparency/reserves-routes';
import { journalLogRoutes } from './modules/transparency/routes';
import { liabilitiesAdminRoutes, liabilitiesRoutes } from './modules/transparency/liabilities-routes';

/** A module's route plugin, registered under a prefix. */
type RoutePlugin = (app: AppInstance) => Promise<void>;

/** The withdrawal plugins serve one method each: crypto under /c-withdrawals, bank under /b-withdrawals. */
function withMethod(
  plugin: (app: AppInstance, opts: { method: WithdrawalMethod }) => Promise<void>,
  method: WithdrawalMethod,
): RoutePlugin {
  return (app) => plugin(app, { method });
}

/** Registers each prefix's plugins on `scope` under that prefix, prefixes and plugins in the order given. */
async function registerByPrefix(scope: AppInstance, byPrefix: Record<string, RoutePlugin[]>) {
  for (const [prefix, plugins] of Object.entries(byPrefix))
    for (const plugin of plugins) await scope.register(plugin, { prefix });
}

/**
 * A plugin whose every route is for a signed-in user, in its own encapsulated scope guarded once
 * (server/lib/guarded-scope.ts) by `guards.requireUser`: 401 signed out, 403 blocked, before the
 * body is parsed. Its routes name no guard, unless they need more than a session
 * (`guards.requireClient` on a money request). Registered in place, so the routes keep their order
 * in the route table and the OpenAPI document.
 */
function signedIn(plugin: RoutePlugin): RoutePlugin {
  return async (scope) => {
    guardScope(scope, scope.ctx.guards.requireUser);
    await plugin(scope);
  };
}

/**
 * The staff-only routes, in one encapsulated scope guarded once (server/lib/guarded-scope.ts) by
 * `staffGuard`; the URLs keep their modules' prefixes. Routes that serve clients and staff alike
 * (GET /deposits: an admin sees all) stay in their modules' client plugins. Every staff route
 * declares its permission, and whom it may act on when its URL names something
 * (server/lib/targets.ts), or the app does not start; the person a request names is checked
 * against that kind before validation (`targetGuard`: 404 for a person of another kind).
 */
async function staffRoutes(staff: AppInstance) {
  guardScope(staff, staffGuard(staff.ctx.guards));
  staff.addHook('preValidation', targetGuard(staff.ctx.database.db));
  staff.addHook('onRoute', assertTargetDeclared);
  // prefix → the staff plugins registered under it, in this order
  const byPrefix: Record<string, RoutePlugin[]> = {
    '/deposits': [depositAdminRoutes],
    '/c-withdrawals': [withMethod(withdrawalAdminRoutes, 'crypto')],
    '/b-withdrawals': [withMethod(withdrawalAdminRoutes, 'bank')],
    '/beneficiaries': [beneficiaryAdminRoutes],
    '/limits': [limitAdminRoutes],
    '/security-holds': [securityHoldAdminRoutes],
    '/transaction': [transactionAdminRoutes],
    '/reviews': [reviewAdminRoutes],
    '/notifications': [notificationAdminRoutes],
    '/contacts': [contactAdminRoutes],
    '/user': [userAdminRoutes, kycAdminRoutes, planAdminRoutes, addProfitAdminRoutes, emailingAdminRoutes],
    '/trading-activity': [tradingActivityAdminRoutes],
    '/support': [supportAdminRoutes],
    '/audit': [auditAdminRoutes],
    '/staff': [staffAdminRoutes, staffSecurityRoutes],
    '/approvals': [approvalAdminRoutes],
    '/mail': [mailOutboxAdminRoutes],
    '/transparency': [liabilitiesAdminRoutes],
    '/api-keys': [apiKeyAdminRoutes],
    '/webhooks': [webhookAdminRoutes],
  };
  await registerByPrefix(staff, byPrefix);
}

/**
 * The one check every staff route passes (the staff scope's `onRequest` hook): a staff member
 * (`guards.requireStaff`: 401 signed out, 403 not staff, deactivated or without required
 * two-factor) whose role has the permission the route declares (common/permissions.ts), else 403;
 * a call made with an API key also needs the permission in the key's own list (403 `api_key_scope`).
 */
function staffGuard(guards: Guards): Guard {
  return async (req) => {
    await guards.requireStaff(req);
    const { permission } = req.routeOptions.config;
    if (!permission || !can(req.auth!.user.role, permission)) {
      throw new AppError('role_not_allowed');
    }
    // an API key: only what it was given, within what its member's role has today, and never what
    // no key may hold (a row edited by hand to add `approvals.decide` is still refused)
    const key = req.auth!.apiKey;
    if (key && !(key.permissions.includes(permission) && KEY_PERMISSIONS.includes(permission)))
      throw new AppError('api_key_scope');
  };
}

/** Registers every /api plugin on `api`: the client and public ones by prefix, then the staff scope. */
export async function apiRoutes(api: AppInstance): Promise<void> {
  // prefix → the plugins registered under it, in this order (the order of the OpenAPI document)
  await registerByPrefix(api, {
    '': [healthRoutes],
    '/auth': [authRoutes, signedIn(securityRoutes), passkeyRoutes, thisWasntMeRoutes],
    '/ledger': [signedIn(ledgerRoutes)],
    '/deposits': [signedIn(depositRoutes)],
    '/withdrawals': [withdrawalCodeRoutes],
    '/c-withdrawals': [withMethod(withdrawalRoutes, 'crypto')],
    '/b-withdrawals': [withMethod(withdrawalRoutes, 'bank')],
    '/beneficiaries': [beneficiaryRoutes],
    '/limits': [limitRoutes],
    '/security-holds': [signedIn(securityHoldRoutes)],
    '/transaction': [signedIn(transactionRoutes)],
    '/notifications': [signedIn(notificationRoutes)],
    '/files': [signedIn(fileRoutes)],
    '/contacts': [contactRoutes],
    '/user': [signedIn(userRoutes), signedIn(profileRoutes), kycRoutes, planRoutes],
    '/trading-activity': [signedIn(tradingActivityRoutes)],
    '/support': [signedIn(supportRoutes)],
    '/staff': [staffInvitationRoutes],
    '/transparency': [journalLogRoutes, liabilitiesRoutes, statementRoutes, reservesRoutes],
    '/api-keys': [signedIn(clientApiKeyRoutes)],
  });
  await api.register(staffRoutes);
}
