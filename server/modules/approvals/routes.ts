/**
 * /api/approvals: the four-eyes queue (docs/security.md "Four-eyes approval"), for staff with
 * `approvals.decide`. Registered inside the staff scope of app.ts.
 *
 * GET  /approvals              ?page&pageSize&status(pending|decided) → {data, total}
 * POST /approvals/:id/approve  → {message, data}: the held action runs in the decision's transaction
 * POST /approvals/:id/reject   {reason} → {message, data}
 *
 * `holdIfLarge` is what a money route calls before it acts (answering 202 when it holds).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APPROVAL_MSG } from '@common/messages';
import {
  approvalAnswerSchema,
  approvalsPageSchema,
  approvalsQuerySchema,
  type ApprovalAnswer,
} from '@common/schemas/approvals';
import { decisionReasonSchema } from '@common/schemas/common';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { statementKey } from '../../lib/idempotency';
import { conflict, rowRoute, routeSchema } from '../../lib/route-schemas';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { presentApproval } from './presenter';
import type { ApprovalsService, ApprovalView, MoneyAction } from './service';

const tags = ['approvals'];

/**
 * Asks four-eyes before a money route acts: at or above the threshold the action is held (a
 * pending request in `uow`, the route's transaction), the reply's status becomes 202 and the answer
 * is the request; below it, null and the route acts as usual. Throws 409 when the same row already
 * waits for approval.
 */
export async function holdIfLarge(
  approvals: ApprovalsService,
  req: FastifyRequest,
  reply: FastifyReply,
  action: MoneyAction,
  uow?: UnitOfWork,
): Promise<ApprovalAnswer | null> {
  const held = await approvals.hold(auditActor(req), action, uow);
  if (!held) return null;
  reply.code(202);
  return { message: APPROVAL_MSG.sentForApproval, data: presentApproval(held) };
}

/**
 * `holdIfLarge` for a route with `idempotent: 'statement'`: the hold and the Idempotency-Key go in
 * one transaction of their own (ApprovalsService.holdKeyed); below the threshold nothing is read and
 * the route acts in its own statement.
 */
export async function holdIfLargeKeyed(
  approvals: ApprovalsService,
  req: FastifyRequest,
  reply: FastifyReply,
  action: MoneyAction,
): Promise<ApprovalAnswer | null> {
  const render = (held: ApprovalView) => ({ message: APPROVAL_MSG.sentForApproval, data: presentApproval(held) });
  const held = await approvals.holdKeyed(auditActor(req), action, statementKey(req, 202, render));
  if (!held) return null;
  reply.code(202);
  return render(held);
}

/** The 202 answer of a money route four-eyes can hold, for its schema. */
export const heldAnswer = { 202: approvalAnswerSchema.describe(APPROVAL_MSG.sentForApproval) };

export async function approvalAdminRoutes(app: AppInstance) {
  const svc = app.ctx.services.approvals;
  const decided = conflict('Already approved or rejected, or the maker tried to approve their own request');

  app.get(
    '',
    {
      schema: routeSchema(
        tags,
        'Answers one page of the approval queue: pending oldest first, or decided newest first',
        { 200: approvalsPageSchema },
        { querystring: approvalsQuerySchema },
      ),
      config: { permission: 'approvals.decide' },
    },
    async (req) => {
      const { rows, total } = await svc.list(req.query);
      return { data: rows.map(presentApproval), total };
    },
  );

  app.post(
    '/:id/approve',
    {
      schema: rowRoute(tags, "Approves another staff member's request: the held action runs now", {
        200: approvalAnswerSchema,
        409: decided,
      }),
      config: { permission: 'approvals.decide' },
    },
    async (req) => ({
      message: APPROVAL_MSG.approved,
      data: presentApproval(await svc.approve(auditActor(req), req.params.id)),
    }),
  );

  app.post(
    '/:id/reject',
    {
      schema: rowRoute(
        tags,
        "Rejects another staff member's request with a reason: nothing runs",
        { 200: approvalAnswerSchema, 409: decided },
        { body: decisionReasonSchema },
      ),
      config: { permission: 'approvals.decide' },
    },
    async (req) => ({
      message: APPROVAL_MSG.rejected,
      data: presentApproval(await svc.reject(auditActor(req), req.params.id, req.body.reason)),
    }),
  );
}
