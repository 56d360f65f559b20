/**
 * /api/staff/:id/…: an owner's security actions on another staff member (owner only:
 * `staff.manage`; docs/security.md "Four-eyes approval"), registered in the staff scope under /staff.
 * When the member is an owner the action is not run: it waits in /api/approvals for a second owner
 * (202 with the request). The lone owner uses the CLI instead (scripts/staff.ts).
 *
 * | method | path                          | who   | body       | answer                                           |
 * | POST   | /staff/:id/block              | owner | { reason } | { message, data } · 202 held (owner target) · 409 |
 * | POST   | /staff/:id/unblock            | owner | —          | { message, data } · 202 held (owner target) · 409 |
 * | POST   | /staff/:id/reset-two-factor   | owner | { reason } | { message, data } · 202 held (owner target) · 409 |
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APPROVAL_MSG, STAFF_MSG } from '@common/messages';
import { approvalAnswerSchema } from '@common/schemas/approvals';
import { decisionReasonSchema, idParams } from '@common/schemas/common';
import { staffMemberAnswerSchema } from '@common/schemas/staff';
import type { AppInstance } from '../../app-context';
import type { UserRow } from '../../db/rows';
import { auditActor } from '../../lib/audit';
import { conflict } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import type { UnitOfWork } from '../../lib/unit-of-work';
import { heldForOwner } from '../approvals/routes';
import type { StaffOp } from './security';

const tags = ['staff'];
// every route acts on a staff member (the `:id`), never on a client (server/lib/targets.ts)
const config = { permission: 'staff.manage' as const, target: { kind: 'staff', named: 'user' } as const };
const held = { 202: approvalAnswerSchema.describe(APPROVAL_MSG.waitingForOwner) };
/** What every route answers of its own: the member's lock (security.ts `lockTarget`), a hold already waiting. */
const LOCK_CODES = ['staff_member_not_found', 'not_yourself', 'already_waiting_for_approval'] as const;

/** The owner's security routes on a staff member. */
export async function staffSecurityRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { approvals, staffSecurity: sec, staff } = app.ctx.services;

  /** Runs `run`, or holds it as `op` for a second owner when the member is an owner. */
  async function guarded(
    req: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    op: StaffOp,
    reason: string,
    summary: string,
    message: string,
    run: (u: UnitOfWork) => Promise<UserRow>,
  ) {
    const { id } = req.params;
    const out = await approvals.guardedStaffOp(
      auditActor(req),
      { op, subjectId: id, reason, summary },
      (u) => sec.isOwner(u, id),
      run,
    );
    if (out.held) return heldForOwner(reply, out.held);
    return { message, data: await staff.member(out.result.id) };
  }

  route.post('/:id/block', {
    summary:
      'Blocks a staff member with a reason and ends their sessions; an owner waits for a second owner (owner)',
    schema: {
      params: idParams,
      response: {
        200: staffMemberAnswerSchema,
        ...held,
        409: conflict('The member is the caller, the last active owner, or already blocked'),
      },
      body: decisionReasonSchema,
    },
    config: {
      ...config,
      errorCodes: [...LOCK_CODES, 'last_owner', 'already_blocked', 'already_deactivated'],
    },
    handler: async (req, reply) => {
      const { reason } = req.body;
      return guarded(req, reply, 'staff_block', reason, 'Block of an owner', STAFF_MSG.blocked, (u) =>
        sec.block(auditActor(req), req.params.id, reason, u),
      );
    },
  });

  route.post('/:id/unblock', {
    summary: 'Unblocks a staff member; an owner waits for a second owner (owner)',
    schema: {
      params: idParams,
      response: {
        200: staffMemberAnswerSchema,
        ...held,
        409: conflict('The member is the caller, not blocked, or deactivated'),
      },
    },
    config: { ...config, errorCodes: [...LOCK_CODES, 'unblock_deactivated', 'not_blocked'] },
    handler: async (req, reply) =>
      guarded(req, reply, 'staff_unblock', 'Unblock', 'Unblock of an owner', STAFF_MSG.unblocked, (u) =>
        sec.unblock(auditActor(req), req.params.id, u),
      ),
  });

  route.post('/:id/reset-two-factor', {
    summary:
      "Turns a staff member's two-factor authentication off with a reason and ends their sessions; an owner waits for a second owner (owner)",
    schema: {
      params: idParams,
      response: {
        200: staffMemberAnswerSchema,
        ...held,
        409: conflict('The member is the caller, or has no two-factor authentication'),
      },
      body: decisionReasonSchema,
    },
    config: { ...config, errorCodes: [...LOCK_CODES, 'two_factor_not_on'] },
    handler: async (req, reply) => {
      const { reason } = req.body;
      return guarded(
        req,
        reply,
        'staff_reset_two_factor',
        reason,
        "Reset of an owner's two-factor authentication",
        STAFF_MSG.twoFactorReset,
        (u) => sec.resetTwoFactor(auditActor(req), req.params.id, reason, u),
      );
    },
  });
}
