/**
 * /api/user: the signed-in user and the back office's client management. Thin handlers: guard,
 * validate (schemas from common/), call a service, present. Every admin mutation writes one audit
 * row (admin-service.ts, client-eraser.ts, server/modules/ledger/adjustments.ts). The KYC review
 * PUT /user/admin/:id/verification is registered under the same prefix from server/modules/kyc.
 *
 * GET    /user/me                              signed in  the user with ledger figures
 * GET    /user/admin                           admin      ?page&pageSize(10|20|30|40)&search&verification&from&to → {data, total}
 * GET    /user/admin/export.csv                admin      ?search&verification&from&to — the same list as CSV
 * GET    /user/admin/overview                  admin      clients, pending reviews, approved deposits/withdrawals
 * GET    /user/admin/email/:email              admin
 * GET    /user/admin/:id                       admin      with ledger figures
 * PUT    /user/admin/:id                       admin      {firstName, lastName, email, phone, location{address, state},
 *                                                          verificationStatus, isBlocked, reason (to block)}: a
 *                                                          block or unblock as by its own route
 * POST   /user/admin/:id/block, /:id/unblock   admin      block: {reason}, e-mailed; blocking ends the user's sessions
 * DELETE /user/admin/:id                       admin      erase personal data; refused while money remains
 * PUT    /user/admin/account/:id               admin      {currencySymbol, accountPlan}
 * POST   /user/admin/account/:id/adjustments   admin      {direction, amount (USD), reason} (Idempotency-Key)
 * GET    /user/admin/:id/sign-in-history       admin      ?page&pageSize, or ?cursor&limit → {data: SignInEvent[],
 *                                                          total, nextCursor?}
 * GET    /user/admin/:id/sessions              admin      {data: SessionInfo[]} (current is always false)
 * POST   /user/admin/:id/reset-two-factor      admin      {reason} — turns the client's 2FA off, ends
 *                                                          their sessions, audited, client e-mailed
 */
import { z } from 'zod';
import { SECURITY_MSG, USER_ADMIN_MSG } from '@common/messages';
import {
  resetTwoFactorSchema,
  sessionListAnswerSchema,
  signInHistoryAnswerSchema,
  signInHistoryQuerySchema,
  userMessageAnswerSchema,
} from '@common/schemas/auth';
import { decisionReasonSchema, idParams, messageAnswerSchema } from '@common/schemas/common';
import {
  adjustmentAnswerSchema,
  adjustmentSchema,
  adminOverviewAnswerSchema,
  updateAccountSchema,
  updateUserSchema,
  userAnswerSchema,
  userChangeAnswerSchema,
  usersPageSchema,
  usersExportQuerySchema,
  usersQuerySchema,
  userWithFiguresAnswerSchema,
} from '@common/schemas/users';
import type { AppInstance } from '../../app-context';
import { presentPage } from '../../lib/paging';
import { conflict, csvAnswer } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import { auditActor } from '../../lib/audit';
import { keyedTransaction } from '../../lib/idempotency';
import { centsToUsd, usd } from '../../lib/money';
import { heldAnswer, holdOrRun } from '../approvals/routes';
import { currentUser } from '../auth/guard';
import { presentUser } from '../../lib/user-presenter';
import { sendCsv } from '../../lib/csv';
import { onClient } from '../../lib/targets';

/**
 * The signed-in user's own record, registered in a signed-in scope of app.ts (`signedIn`), whose
 * one onRequest hook is `requireUser`.
 */
export async function userRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['users']);
  const { services } = app.ctx;

  route.get('/me', {
    summary: 'Answers the signed-in user with account figures and active plan',
    schema: { response: { 200: userWithFiguresAnswerSchema } },
    config: { errorCodes: [] },
    handler: async (req) => ({ data: await services.users.presentWithFigures(currentUser(req)) }),
  });
}

/**
 * The back office's client management (/user/admin…), registered inside the staff scope of app.ts,
 * whose one onRequest hook is the admin guard.
 */
export async function userAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['users']);
  const { services } = app.ctx;
  const svc = services.users;

  route.get('/admin', {
    summary:
      'Pages through the users, searched by name or e-mail, in the order `sort` names, by page number or by cursor (admin)',
    schema: { response: { 200: usersPageSchema }, querystring: usersQuerySchema },
    config: { permission: 'clients.read', errorCodes: ['invalid_cursor'] },
    handler: async (req) => presentPage(await services.users.listUsers(req.query), presentUser),
  });

  route.get('/admin/export.csv', {
    summary: 'Exports the users, searched by name or e-mail, as CSV (admin)',
    schema: {
      response: {
        200: csvAnswer('One row per user, with a header row'),
      },
      querystring: usersExportQuerySchema,
    },
    config: { permission: 'clients.read', errorCodes: [] },
    handler: async (req, reply) => sendCsv(reply, 'users.csv', await svc.exportUsersCsv(req.query)),
  });

  route.get('/admin/overview', {
    summary: "Answers the back office's dashboard figures (admin)",
    schema: { response: { 200: adminOverviewAnswerSchema } },
    config: { permission: 'clients.read', errorCodes: [] },
    handler: async () => ({ data: await svc.overview() }),
  });

  route.get('/admin/email/:email', {
    summary: 'Finds a user by e-mail address (admin)',
    schema: {
      response: { 200: userAnswerSchema },
      params: z.object({ email: z.string().trim().min(1).max(254) }),
    },
    config: { permission: 'clients.read', target: onClient('userEmail'), errorCodes: ['user_not_found'] },
    handler: async (req) => ({ data: presentUser(await services.users.findUserByEmail(req.params.email)) }),
  });

  route.get('/admin/:id', {
    summary: 'Answers one user with account figures and active plan (admin)',
    schema: { params: idParams, response: { 200: userWithFiguresAnswerSchema } },
    config: { permission: 'clients.read', target: onClient(), errorCodes: ['user_not_found'] },
    handler: async (req) => ({
      data: await services.users.presentWithFigures(await services.users.findUser(req.params.id), {
        staff: true,
      }),
    }),
  });

  route.put('/admin/:id', {
    summary:
      "Edits a user's details, verification status and block; blocking needs a reason, e-mailed to the user, and ends their sessions (admin)",
    schema: {
      params: idParams,
      response: {
        200: userChangeAnswerSchema,
        409: conflict(
          'The e-mail address is taken, the edit would reject documents (its own route asks a reason), or an admin would block themselves',
        ),
      },
      body: updateUserSchema,
    },
    config: {
      permission: 'clients.edit',
      target: onClient(),
      errorCodes: ['block_reason_required', 'email_taken', 'reject_on_its_route', 'cannot_block_self'],
    },
    handler: async (req) => ({
      message: USER_ADMIN_MSG.userUpdated,
      data: presentUser(await svc.updateUser(auditActor(req), req.params.id, req.body)),
    }),
  });

  // POST /admin/:id/block {reason} and /admin/:id/unblock: only blocking takes a body, the reason
  // the client is e-mailed (docs/product.md "Decision reasons")
  route.post('/admin/:id/block', {
    summary: "Blocks a user with a reason, e-mails it to them and ends the user's sessions (admin)",
    schema: {
      params: idParams,
      response: { 200: userChangeAnswerSchema, 409: conflict('An admin cannot block themselves') },
      body: decisionReasonSchema,
    },
    config: { permission: 'clients.block', target: onClient(), errorCodes: ['cannot_block_self'] },
    handler: async (req) => ({
      message: USER_ADMIN_MSG.userBlocked,
      data: presentUser(await svc.setBlocked(auditActor(req), req.params.id, true, req.body.reason)),
    }),
  });
  route.post('/admin/:id/unblock', {
    summary: 'Unblocks a user (admin)',
    schema: { params: idParams, response: { 200: userChangeAnswerSchema } },
    config: { permission: 'clients.block', target: onClient(), errorCodes: [] },
    handler: async (req) => ({
      message: USER_ADMIN_MSG.userUnblocked,
      data: presentUser(await svc.setBlocked(auditActor(req), req.params.id, false)),
    }),
  });

  route.get('/admin/:id/sign-in-history', {
    summary: "Pages through a user's sign-in attempts, newest first, by page number or by cursor (admin)",
    schema: {
      response: { 200: signInHistoryAnswerSchema },
      params: idParams,
      querystring: signInHistoryQuerySchema,
    },
    config: { permission: 'clients.read', target: onClient(), errorCodes: ['invalid_cursor'] },
    handler: async (req) => services.sessions.history(req.params.id, req.query),
  });

  route.get('/admin/:id/sessions', {
    summary: "Lists a user's active sessions (admin)",
    schema: { params: idParams, response: { 200: sessionListAnswerSchema } },
    config: { permission: 'clients.read', target: onClient(), errorCodes: [] },
    handler: async (req) => ({ data: await services.sessions.list(req.params.id, null) }),
  });

  route.post('/admin/:id/reset-two-factor', {
    summary: "Turns a client's two-factor authentication off with a reason and ends their sessions (admin)",
    schema: {
      params: idParams,
      response: {
        200: userMessageAnswerSchema,
        409: conflict('Two-factor authentication is not on'),
      },
      body: resetTwoFactorSchema,
    },
    config: { permission: 'twoFactor.reset', target: onClient(), errorCodes: ['two_factor_not_on'] },
    handler: async (req) => ({
      message: SECURITY_MSG.reset,
      user: presentUser(await services.auth.resetTwoFactor(auditActor(req), req.params.id, req.body.reason)),
    }),
  });

  route.delete('/admin/:id', {
    summary: "Erases a client's personal data; refused while money or a plan remains (admin)",
    schema: {
      params: idParams,
      response: {
        200: messageAnswerSchema,
        409: conflict(
          'Refused: oneself, a balance not zero, an active plan or a pending deposit or withdrawal',
        ),
      },
    },
    config: {
      permission: 'clients.delete',
      target: onClient(),
      errorCodes: [
        'cannot_delete_self',
        'delete_refused_balance',
        'delete_refused_plan',
        'delete_refused_pending_deposit',
      ],
    },
    handler: async (req) => {
      await services.clientEraser.eraseClient(auditActor(req), req.params.id);
      return { message: USER_ADMIN_MSG.userDeleted };
    },
  });

  route.put('/admin/account/:id', {
    summary: "Sets a client's account plan label and currency symbol (admin)",
    schema: { params: idParams, response: { 200: userChangeAnswerSchema }, body: updateAccountSchema },
    config: { permission: 'clients.edit', target: onClient(), errorCodes: [] },
    handler: async (req) => ({
      message: USER_ADMIN_MSG.accountUpdated,
      data: presentUser(await svc.updateAccount(auditActor(req), req.params.id, req.body)),
    }),
  });

  route.post('/admin/account/:id/adjustments', {
    summary: "Credits or debits a client's available balance with a reason (admin)",
    schema: {
      params: idParams,
      response: {
        201: adjustmentAnswerSchema,
        ...heldAnswer,
        409: conflict(
          'The debit is more than the available balance, or the Idempotency-Key was used for another request',
        ),
      },
      body: adjustmentSchema,
    },
    config: {
      idempotent: true,
      permission: 'ledger.adjust',
      target: onClient(),
      // four-eyes (approvals/service.ts `guarded`), then ledger/adjustments.ts
      errorCodes: ['already_waiting_for_approval', 'only_clients', 'adjustment_overdraw', 'adjustment_busy'],
    },
    handler: async (req, reply) =>
      keyedTransaction(req, reply, async (uow) => {
        const { direction, amount, reason } = req.body;
        return holdOrRun(
          services.approvals,
          req,
          reply,
          {
            op: 'adjustment',
            clientId: req.params.id,
            amount,
            reason,
            input: req.body,
            summary: `${direction === 'credit' ? 'Credit' : 'Debit'} adjustment of ${usd(amount)}`,
            refuseImpossible: ({ tx }) => services.adjustments.refuseOverdraw(tx, req.params.id, req.body),
          },
          {
            run: (u) => services.adjustments.postAdjustment(auditActor(req), req.params.id, req.body, u),
            uow,
            status: 201,
            answer: ({ entry, available }) => ({
              message: USER_ADMIN_MSG.adjustmentPosted,
              data: {
                _id: entry.id,
                direction,
                amount: centsToUsd(amount),
                reason: entry.memo,
                available: centsToUsd(available),
              },
            }),
          },
        );
      }),
  });
}
