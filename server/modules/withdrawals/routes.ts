/**
 * Withdrawal routes (bank and crypto; confirmation codes: docs/product.md).
 * `withdrawalRoutes` is registered twice — /c-withdrawals (crypto) and /b-withdrawals (bank) — over
 * one service. POST accepts an Idempotency-Key.
 *
 * POST   /withdrawals/code            verified client  {method: crypto|bank, the withdrawal's fields but token}
 *                                                       202: queues the mail of a 6-digit code for that withdrawal only
 * POST   /{c,b}-withdrawals           verified client  crypto: {amount, address, token, wallet}
 *                                                       bank: {amount, bankName, accountName, iban | accountNumber + routing, swift, token}
 * GET    /{c,b}-withdrawals           signed in        own; an admin: all or ?userId=; the newest 500,
 *                                                       or a cursor page with ?cursor&limit → {data, total, nextCursor}
 * GET    /{c,b}-withdrawals/export.csv   clients.read  ?userId → the client's withdrawals as CSV, newest first
 * PUT    /{c,b}-withdrawals/:id/approve  admin         {payoutReference?}; 202 at or above the four-eyes threshold (/approvals)
 * PUT    /{c,b}-withdrawals/:id/reject   admin         {reason}
 * DELETE /{c,b}-withdrawals/:id          admin         declined ones only
 */
import { z } from 'zod';
import { MONEY_MSG } from '@common/messages';
import {
  decisionReasonSchema,
  errorAnswerSchema,
  clientIdQuery,
  messageAnswerSchema,
  requestListQuery,
} from '@common/schemas/common';
import {
  bankWithdrawalAnswerSchema,
  bankWithdrawalListAnswerSchema,
  bankWithdrawalSchema,
  cryptoWithdrawalAnswerSchema,
  cryptoWithdrawalListAnswerSchema,
  cryptoWithdrawalSchema,
  withdrawalApprovalSchema,
  withdrawalCodeRequestSchema,
} from '@common/schemas/withdrawals';
import type { AppInstance } from '../../app-context';
import { conflict, rowRoute, routeSchema } from '../../lib/route-schemas';
import { auditActor } from '../../lib/audit';
import { rateLimited } from '../../lib/rate-limit';
import { statementKey } from '../../lib/idempotency';
import { usd } from '../../lib/money';
import { heldAnswer, holdOrRun } from '../approvals/routes';
import { currentUser } from '../auth/guard';
import { presentWithdrawal } from './presenter';
import type { WithdrawalInput, WithdrawalMethod, WithdrawalRow, WithdrawalTarget } from './service';
import { onClient } from '../../lib/targets';
import { declareCsvExport } from '../../lib/csv-route';
import { declareRoutes } from '../../lib/declare-routes';
import { presentRequestList } from '../../lib/list-pages';
import { exportWithdrawalsCsv } from './export';
import type { ErrorCode } from '@common/errors';
import { FOUR_EYES_CODES, IDEMPOTENCY_CODES, REVIEW_CODES } from '../../lib/route-codes';

const tags = ['withdrawals'];

/**
 * A withdrawal answer of either method, as the routes' handlers are typed: `presentWithdrawal`
 * answers either shape, and each route serves one method (its runtime schema is that method's).
 */
type AnswerSchema = z.ZodType<{
  message: string;
  data:
    | z.output<typeof cryptoWithdrawalAnswerSchema>['data']
    | z.output<typeof bankWithdrawalAnswerSchema>['data'];
}>;

const METHODS = {
  crypto: {
    body: cryptoWithdrawalSchema,
    answer: cryptoWithdrawalAnswerSchema as AnswerSchema,
    list: cryptoWithdrawalListAnswerSchema,
    submitted: MONEY_MSG.cryptoWithdrawalSubmitted,
  },
  bank: {
    body: bankWithdrawalSchema,
    answer: bankWithdrawalAnswerSchema as AnswerSchema,
    list: bankWithdrawalListAnswerSchema,
    submitted: MONEY_MSG.bankWithdrawalSubmitted,
  },
} as const;

/**
 * What requesting a withdrawal answers (request.ts `request`): a code wrong, e-mailed for other
 * fields or already used, a passkey confirmation missing, too many wrong codes, a destination not
 * in the address book, a hold after a security change, no identity, the balance or a cap passed,
 * the statement outrun too often (503), and the Idempotency-Key's.
 */
const REQUEST_CODES = [
  'invalid_confirmation_code',
  'authentication_code_used',
  'passkey_confirmation_required',
  'account_locked',
  'beneficiary_not_active',
  'withdrawals_on_hold',
  'identity_not_verified',
  'insufficient_balance',
  'withdrawal_limit_exceeded',
  'service_unavailable',
  ...IDEMPOTENCY_CODES,
] as const satisfies readonly ErrorCode[];

const notPending = errorAnswerSchema.describe('The withdrawal is not pending (or its client is blocked)');

/** POST /withdrawals/code */
export async function withdrawalCodeRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  app.post(
    '/code',
    {
      schema: routeSchema(
        tags,
        'Queues the e-mail of a 6-digit code that confirms the withdrawal in the body, and only it (verified client; staff 403)',
        {
          202: messageAnswerSchema.describe(
            'The code is made and its mail queued: it goes out at once, or when the mail server is back',
          ),
          409: conflict('Two-factor authentication is on: the authenticator confirms'),
          422: errorAnswerSchema.describe(
            'The destination is not an active one of the address book (BENEFICIARY_REQUIRED), the client has no approved identity, withdrawals are paused after a security change (`withdrawals_on_hold`), or the available balance does not cover the amount (`insufficient_balance`): no code',
          ),
        },
        { body: withdrawalCodeRequestSchema },
      ),
      onRequest: guards.requireClient,
      config: {
        ...rateLimited(5, 10),
        errorCodes: [
          'use_authenticator',
          'identity_not_verified',
          'withdrawals_on_hold',
          'beneficiary_not_active',
          'insufficient_balance',
          'too_many_requests',
        ],
      },
    },
    async (req, reply) => {
      const body = req.body;
      const target: WithdrawalTarget =
        body.method === 'crypto' ? { method: 'crypto', input: body } : { method: 'bank', input: body };
      await services.withdrawals.requestCode(currentUser(req), target);
      reply.code(202);
      return { message: MONEY_MSG.codeSent };
    },
  );
}

export async function withdrawalRoutes(app: AppInstance, opts: { method: WithdrawalMethod }) {
  const { guards, services } = app.ctx;
  const svc = services.withdrawals;
  const { method } = opts;
  const { body, answer: answerSchema, list, submitted } = METHODS[method];

  // The per-IP limit bounds how many confirmation-code guesses can race past the 5-try counter.
  const config = rateLimited(20, 1);
  app.post(
    '',
    {
      schema: routeSchema(
        tags,
        `Requests a ${method} withdrawal confirmed by the e-mailed code, the authenticator's code or a passkey confirmation (\`confirmation: passkey\`); the amount is held (verified client; staff 403)`,
        {
          201: answerSchema,
          409: conflict("The authenticator's code was right but already used: the next one works"),
          422: errorAnswerSchema.describe(
            'Insufficient balance, no approved identity, over a withdrawal cap of the client’s verification level, or paused after a security change (`withdrawals_on_hold`, its end in the message)',
          ),
        },
        { body },
      ),
      onRequest: guards.requireClient,
      config: { ...config, idempotent: true, errorCodes: REQUEST_CODES },
    },
    async (req, reply) => {
      const request = { method, input: req.body } as WithdrawalInput;
      const answer = (row: WithdrawalRow) => ({ message: submitted, data: presentWithdrawal(row) });
      const key = statementKey(req, 201, answer);
      const row = await svc.requestWithdrawal(currentUser(req), request, key, req.auth?.sessionId);
      reply.code(201);
      return answer(row);
    },
  );

  app.get(
    '',
    {
      schema: routeSchema(
        tags,
        `Lists the caller's ${method} withdrawals, newest first (the newest 500, or by cursor); an admin sees all, or one client's with ?userId`,
        { 200: list },
        { querystring: requestListQuery },
      ),
      onRequest: guards.requireUser,
      config: { errorCodes: ['forbidden', 'invalid_cursor'] },
    },
    async (req) => {
      const rows = await svc.listWithdrawals(currentUser(req), method, req.query);
      // Every row is of this route's method: the list is all crypto or all bank withdrawals.
      return presentRequestList(rows, presentWithdrawal) as z.infer<typeof list>;
    },
  );
}

/**
 * The staff's withdrawal routes (approve, decline, delete), registered twice like withdrawalRoutes;
 * registered inside the staff scope of app.ts, whose one onRequest hook is the admin guard.
 */
export async function withdrawalAdminRoutes(app: AppInstance, opts: { method: WithdrawalMethod }) {
  const { services } = app.ctx;
  const svc = services.withdrawals;
  const { method } = opts;
  const { answer: answerSchema } = METHODS[method];
  const review = { permission: 'withdrawals.review', target: onClient('withdrawal') } as const;

  declareCsvExport(app, declareRoutes(app, tags), {
    summary: `Exports a client's ${method} withdrawals as CSV, newest first (admin)`,
    rows: `One row per ${method} withdrawal, with a header row; amounts in USD, times in UTC`,
    permission: 'clients.read',
    target: onClient('queryUser'),
    filename: `${method}-withdrawals.csv`,
    querystring: clientIdQuery,
    csv: exportWithdrawalsCsv(method),
  });

  // PUT /:id/approve and /:id/reject: the two outcomes of reviewing a pending withdrawal; only a
  // decline takes a body, the reason the client reads (docs/product.md "Decision reasons")
  app.put(
    '/:id/approve',
    {
      schema: rowRoute(
        tags,
        `Approves a pending ${method} withdrawal, with the payout reference the client reads: the held amount is paid out (admin)`,
        { 200: answerSchema, ...heldAnswer, 409: notPending },
        { body: withdrawalApprovalSchema },
      ),
      config: { ...review, errorCodes: [...REVIEW_CODES, 'client_blocked', ...FOUR_EYES_CODES] },
    },
    async (req, reply) => {
      const { id } = req.params;
      const payoutReference = req.body.payoutReference ?? null;
      const w = await svc.findPending(method, id);
      const summary = `Approval of a ${method} withdrawal of ${usd(w.amount)}`;
      return holdOrRun(
        services.approvals,
        req,
        reply,
        {
          op: 'withdrawal_approval',
          clientId: w.userId,
          amount: w.amount,
          reason: summary,
          target: id,
          method,
          summary,
          input: { payoutReference },
        },
        {
          run: (u) => svc.approveWithdrawal(auditActor(req), method, id, u, payoutReference),
          answer: (t) => ({ message: MONEY_MSG.withdrawalApproved, data: presentWithdrawal(t) }),
        },
      );
    },
  );
  app.put(
    '/:id/reject',
    {
      schema: rowRoute(
        tags,
        `Declines a pending ${method} withdrawal with a reason the client reads: the held amount is released (admin)`,
        { 200: answerSchema, 409: conflict('The withdrawal is not pending') },
        { body: decisionReasonSchema },
      ),
      config: { ...review, errorCodes: REVIEW_CODES },
    },
    async (req) => ({
      message: MONEY_MSG.withdrawalDeclined,
      data: presentWithdrawal(
        await svc.rejectWithdrawal(auditActor(req), method, req.params.id, req.body.reason),
      ),
    }),
  );

  app.delete(
    '/:id',
    {
      schema: rowRoute(tags, `Deletes a declined ${method} withdrawal (admin)`, {
        200: messageAnswerSchema,
        409: conflict('Only a declined withdrawal can be deleted'),
      }),
      config: { ...review, errorCodes: ['withdrawal_not_deletable'] },
    },
    async (req) => {
      await svc.deleteWithdrawal(auditActor(req), method, req.params.id);
      return { message: MONEY_MSG.withdrawalDeleted };
    },
  );
}
