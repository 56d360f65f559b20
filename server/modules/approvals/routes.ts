/**
 * /api/approvals: the four-eyes queue (docs/security.md "Four-eyes approval"), for staff with
 * `approvals.decide`. Registered inside the staff scope of app.ts.
 *
 * GET  /approvals              ?page&pageSize&status(pending|decided)&clientId → {data, total}
 * GET  /approvals/export.csv   ?status&clientId → every matching request as CSV, in the queue's order
 * POST /approvals/:id/approve  → {message, data}: the held action runs in the decision's transaction
 * POST /approvals/:id/reject   {reason} → {message, data}
 *
 * `holdOrRun` is what a money route calls to act (answering 202 when four-eyes holds the action).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APPROVAL_MSG } from '@common/messages';
import {
  approvalAnswerSchema,
  approvalsExportQuerySchema,
  approvalsPageSchema,
  approvalsQuerySchema,
  type ApprovalAnswer,
} from '@common/schemas/approvals';
import { decisionReasonSchema, idParams } from '@common/schemas/common';
import type { AppInstance } from '../../app-context';
import { presentPage } from '../../lib/paging';
import { auditActor } from '../../lib/audit';
import { declareRoutes } from '../../lib/declare-routes';
import { declareCsvExport } from '../../lib/csv-route';
import { conflict } from '../../lib/route-schemas';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { exportApprovalsCsv } from './export';
import { presentApproval } from './presenter';
import type { ApprovalsService, ApprovalView, MoneyAction } from './service';

/** The 202 answer of a held action (`message`: what the maker reads; the sent-for-approval text by default). */
export function heldReply(
  reply: FastifyReply,
  held: ApprovalView,
  message: string = APPROVAL_MSG.sentForApproval,
) {
  reply.code(202);
  return { message, data: presentApproval(held) };
}

/** How a money route answers when its action ran: the status (200 unless given) and the body made of the result. */
export interface RunAnswer<T, A> {
  run: (uow: UnitOfWork) => Promise<T>;
  /** The route's transaction (e.g. `keyedTransaction`'s); one new transaction when absent. */
  uow?: UnitOfWork;
  status?: 201;
  answer: (result: T) => A;
}

/**
 * Asks four-eyes before a money route acts (`ApprovalsService.guarded`, the one hold), and answers
 * for the route: when the action alone, or with what the same maker moved on the same client in the
 * last 24 hours, reaches the threshold it is held (a pending request) and the answer is 202 with the
 * request; otherwise `then.run` (the action) runs and the answer is `then.answer` of its result,
 * with `then.status` (200 unless given). The check and `run` go in `then.uow` or in one new
 * transaction. Throws 409 when the same row already waits for approval, and what `run` throws.
 */
export async function holdOrRun<T, A>(
  approvals: ApprovalsService,
  req: FastifyRequest,
  reply: FastifyReply,
  action: MoneyAction,
  then: RunAnswer<T, A>,
): Promise<ApprovalAnswer | A> {
  const out = await approvals.guarded(auditActor(req), action, then.uow, then.run);
  if (out.held) return heldReply(reply, out.held);
  if (then.status) reply.code(then.status);
  return then.answer(out.result);
}

/**
 * The answer of a staff operation four-eyes held (a pending request another owner decides): 202
 * with the request.
 */
export function heldForOwner(reply: FastifyReply, held: ApprovalView): ApprovalAnswer {
  return heldReply(reply, held, APPROVAL_MSG.waitingForOwner);
}

/** The 202 answer of a money route four-eyes can hold, for its schema. */
export const heldAnswer = { 202: approvalAnswerSchema.describe(APPROVAL_MSG.sentForApproval) };

/** What deciding a request answers of its own (service.ts `lockForDecision`, reviews/only-pending.ts). */
const DECISION_CODES = [
  'not_found',
  'already_reviewed',
  'own_approval_request',
  'approval_about_yourself',
  'role_not_allowed',
] as const;

/**
 * What an approved request's action may answer besides (runners.ts: the services of adjustments,
 * transactions, profits, trading activities, withdrawals, deposits, staff security and limits).
 */
const RUNNER_CODES = [
  'adjustment_busy',
  'adjustment_overdraw',
  'only_clients',
  'insufficient_balance',
  'not_voidable',
  'already_voided',
  'loss_exceeds_capital',
  'no_active_plan',
  'plan_ended',
  'profit_not_covered',
  'client_not_found',
  'beneficiary_not_active',
  'client_blocked',
  'identity_not_verified',
  'user_not_found',
  'deposit_limit_exceeded',
  'withdrawal_limit_exceeded',
  'own_review',
  'forbidden',
  'staff_member_not_found',
  'not_yourself',
  'last_owner',
  'already_blocked',
  'already_deactivated',
  'not_blocked',
  'unblock_deactivated',
  'two_factor_not_on',
  'bad_request',
] as const;

/** The four-eyes queue's routes: its pages, and a request's approval or rejection. */
export async function approvalAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['approvals']);
  const svc = app.ctx.services.approvals;
  const decided = conflict('Already approved or rejected, or the maker tried to approve their own request');

  route.get('', {
    summary:
      'Answers one page of the approval queue, by number or by cursor: pending oldest first, or decided newest first',
    schema: { response: { 200: approvalsPageSchema }, querystring: approvalsQuerySchema },
    config: { permission: 'approvals.decide', errorCodes: ['invalid_cursor'] },
    handler: async (req) => {
      return presentPage(await svc.list(req.query), presentApproval);
    },
  });

  declareCsvExport(app, route, {
    summary:
      'Exports the approval queue, with its filters, as CSV: pending oldest first, or decided newest first',
    rows: 'One row per approval request, with a header row; amounts in USD, times in UTC',
    permission: 'approvals.decide',
    filename: 'approvals.csv',
    querystring: approvalsExportQuerySchema,
    csv: exportApprovalsCsv,
  });

  // `target: 'none'`: a request is about a client (a money action) or a staff member (an owner's
  // security action); the service refuses its maker and the person it is about as checker
  route.post('/:id/approve', {
    summary: "Approves another staff member's request: the held action runs now",
    schema: { params: idParams, response: { 200: approvalAnswerSchema, 409: decided } },
    config: {
      permission: 'approvals.decide',
      target: 'none',
      errorCodes: [...DECISION_CODES, ...RUNNER_CODES],
    },
    handler: async (req) => ({
      message: APPROVAL_MSG.approved,
      data: presentApproval(await svc.approve(auditActor(req), req.params.id)),
    }),
  });

  route.post('/:id/reject', {
    summary: "Rejects another staff member's request with a reason: nothing runs",
    schema: {
      params: idParams,
      response: { 200: approvalAnswerSchema, 409: decided },
      body: decisionReasonSchema,
    },
    config: { permission: 'approvals.decide', target: 'none', errorCodes: [...DECISION_CODES] },
    handler: async (req) => ({
      message: APPROVAL_MSG.rejected,
      data: presentApproval(await svc.reject(auditActor(req), req.params.id, req.body.reason)),
    }),
  });
}
