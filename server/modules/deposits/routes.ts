/**
 * /api/deposits. Thin handlers: guard, validate (schemas from common/), call the deposits service,
 * present. POST accepts an Idempotency-Key.
 *
 * POST   /deposits              verified client  {amount, image (data URL), wallet, transactionHash?}
 * GET    /deposits/wallets      signed in        wallet addresses to pay to
 * GET    /deposits              signed in        own deposits; an admin: all or ?userId=; the newest 500,
 *                                                  or a cursor page with ?cursor&limit → {data, total, nextCursor}
 * GET    /deposits/export.csv   clients.read     ?userId → the client's deposits as CSV, newest first
 * PUT    /deposits/:id/approve  admin
 * PUT    /deposits/:id/reject   admin            {reason}
 * DELETE /deposits/:id          admin            pending or rejected only
 */
import { MONEY_MSG } from '@common/messages';
import {
  decisionReasonSchema,
  errorAnswerSchema,
  idParams,
  clientIdQuery,
  messageAnswerSchema,
  requestListQuery,
} from '@common/schemas/common';
import {
  createDepositSchema,
  depositAnswerSchema,
  depositListAnswerSchema,
  depositWalletsAnswerSchema,
  PROOF_MAX_BYTES,
} from '@common/schemas/deposits';
import type { AppInstance } from '../../app-context';
import { conflict } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import { auditActor } from '../../lib/audit';
import { keyedTransaction } from '../../lib/idempotency';
import { tooLargeAs } from '../../lib/error-handler';
import { currentUser } from '../auth/guard';
import { maxDataUrlLength } from '../files/images';
import { usd } from '../../lib/money';
import { heldAnswer, holdOrRun } from '../approvals/routes';
import { presentDeposit } from './presenter';
import { onClient } from '../../lib/targets';
import { declareCsvExport } from '../../lib/csv-route';
import { presentRequestList } from '../../lib/list-pages';
import { exportDepositsCsv } from './export';
import { FOUR_EYES_CODES, IDEMPOTENCY_CODES, REVIEW_CODES } from '../../lib/route-codes';

/** Room for a 5 MB image as a data URL plus the other fields; a bigger body gets 413 unread. */
const DEPOSIT_BODY_LIMIT = maxDataUrlLength(PROOF_MAX_BYTES) + 64 * 1024;

/**
 * The client's deposit routes: submit one with its proof (clients only: `requireClient`), the
 * wallets to pay to, the list; registered in a signed-in scope of app.ts (`signedIn`), whose one
 * onRequest hook is `requireUser`.
 */
export async function depositRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['deposits']);
  const { guards, services } = app.ctx;
  const svc = services.deposits;

  route.post('', {
    summary: 'Submits a deposit with its proof image for review (verified client; staff 403)',
    schema: {
      response: {
        201: depositAnswerSchema,
        413: errorAnswerSchema.describe('The proof image is over 5 MB'),
        422: errorAnswerSchema.describe(
          'Too many deposits are already waiting for review, or the amount passes a deposit cap of the client’s verification level',
        ),
        429: errorAnswerSchema.describe('Too many deposits in the last hour'),
      },
      body: createDepositSchema,
    },
    onRequest: guards.requireClient,
    config: {
      idempotent: true,
      errorCodes: [
        'file_too_large',
        'image_type',
        'image_unreadable',
        'too_many_requests',
        'too_many_deposits',
        'deposit_limit_exceeded',
        ...IDEMPOTENCY_CODES,
      ],
    },
    bodyLimit: DEPOSIT_BODY_LIMIT,
    // Fastify refuses an oversized body before parsing it; answer with the original text.
    errorHandler: tooLargeAs(MONEY_MSG.fileTooLarge),
    handler: async (req, reply) =>
      keyedTransaction(req, reply, async (uow) => {
        const deposit = await svc.submitDeposit(currentUser(req), req.body, uow);
        reply.code(201);
        return { message: MONEY_MSG.depositSubmitted, data: presentDeposit(deposit) };
      }),
  });

  route.get('/wallets', {
    summary: 'Answers the wallet addresses to pay a deposit to (signed in)',
    schema: { response: { 200: depositWalletsAnswerSchema } },
    config: { errorCodes: [] },
    handler: async () => ({ data: svc.wallets() }),
  });

  route.get('', {
    summary:
      "Lists the caller's deposits, newest first (the newest 500, or by cursor); an admin sees all, or one client's with ?userId",
    schema: { response: { 200: depositListAnswerSchema }, querystring: requestListQuery },
    config: { errorCodes: ['forbidden', 'invalid_cursor'] },
    handler: async (req) =>
      presentRequestList(await svc.listDeposits(currentUser(req), req.query), presentDeposit),
  });
}

/**
 * The staff's deposit routes (approve, reject, delete), registered inside the staff scope of
 * app.ts, whose one onRequest hook is the admin guard.
 */
export async function depositAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['deposits']);
  const { services } = app.ctx;
  const svc = services.deposits;

  // PUT /:id/approve and /:id/reject: the two outcomes of reviewing a pending deposit; only a
  // rejection takes a body, the reason the client reads (docs/product.md "Decision reasons")
  const reviewAnswers = { 200: depositAnswerSchema, 409: conflict('The deposit is not pending') };
  const config = { permission: 'deposits.review', target: onClient('deposit') } as const;
  const reviewed = { ...config, errorCodes: REVIEW_CODES };
  route.put('/:id/approve', {
    summary: 'Approves a pending deposit and credits the client (admin)',
    schema: { params: idParams, response: { ...reviewAnswers, ...heldAnswer } },
    config: { ...config, errorCodes: [...REVIEW_CODES, ...FOUR_EYES_CODES] },
    handler: async (req, reply) => {
      const { id } = req.params;
      // the approval's own read, made once: four-eyes weighs it, the approval uses it (approval.ts)
      const pending = await svc.readPending(id);
      const d = pending.deposit;
      const summary = `Approval of a ${d.wallet} deposit of ${usd(d.amount)}`;
      return holdOrRun(
        services.approvals,
        req,
        reply,
        {
          op: 'deposit_approval',
          clientId: d.userId,
          amount: d.amount,
          reason: summary,
          target: id,
          summary,
        },
        {
          run: (u) => svc.approveDeposit(auditActor(req), id, u, pending),
          answer: (t) => ({ message: MONEY_MSG.depositApproved, data: presentDeposit(t) }),
        },
      );
    },
  });
  route.put('/:id/reject', {
    summary: 'Rejects a pending deposit with a reason the client reads (admin)',
    schema: { params: idParams, response: reviewAnswers, body: decisionReasonSchema },
    config: reviewed,
    handler: async (req) => ({
      message: MONEY_MSG.depositRejected,
      data: presentDeposit(await svc.rejectDeposit(auditActor(req), req.params.id, req.body.reason)),
    }),
  });

  declareCsvExport(app, route, {
    summary: "Exports a client's deposits as CSV, newest first (admin)",
    rows: 'One row per deposit, with a header row; amounts in USD, times in UTC',
    permission: 'clients.read',
    target: onClient('queryUser'),
    filename: 'deposits.csv',
    querystring: clientIdQuery,
    csv: exportDepositsCsv,
  });

  route.delete('/:id', {
    summary: 'Deletes a pending or rejected deposit and its proof image (admin)',
    schema: {
      params: idParams,
      response: {
        200: messageAnswerSchema,
        409: conflict('An approved deposit stays: void it through the transactions'),
      },
    },
    config: { ...config, errorCodes: ['deposit_not_deletable'] },
    handler: async (req) => {
      await svc.deleteDeposit(auditActor(req), req.params.id);
      return { message: MONEY_MSG.depositDeleted };
    },
  });
}
