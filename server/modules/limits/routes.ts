/**
 * Limits by verification level (docs/security.md "Limits by verification level"):
 *
 * | method | path                          | who                      | body                                  | answer                       |
 * | GET    | /api/limits                   | client                   | —                                     | { data: limits }             |
 * | GET    | /api/limits/levels            | staff `limits.manage`    | —                                     | { data: [level] }            |
 * | PUT    | /api/limits/levels/:level     | staff `limits.manage`    | { four caps in USD, reason }          | { message, data } · 202 held |
 * | PUT    | /api/limits/address/:id       | staff `kyc.review`       | { reason }                            | { message }                  |
 * | DELETE | /api/limits/address/:id       | staff `kyc.review`       | { reason }                            | { message }                  |
 *
 * The client's answer says what is left today and in 30 days, the level, the next one and what
 * raises it. The owner's edit is audited with its reason; a raise of one cap by the four-eyes
 * threshold or more, measured from the cap's lowest value of the last 24 hours (caps-weight.ts), is
 * not applied but held (202 with the approval request) until a second owner approves it, while a
 * change that raises nothing (stricter caps) applies at once (docs/security.md "Four-eyes approval"). Approving a proof of address (level 2), and revoking a mistaken approval (back
 * to level 1 at once), are audited and notified to the client with their reason.
 */
import { approvalAnswerSchema } from '@common/schemas/approvals';
import { decisionReasonSchema, idParams, messageAnswerSchema } from '@common/schemas/common';
import {
  clientLimitsAnswerSchema,
  LEVEL_TITLES,
  levelAnswerSchema,
  levelCapsSchema,
  levelParams,
  levelsAnswerSchema,
  LIMITS_MSG,
  VERIFICATION_LEVELS,
} from '@common/schemas/limits';
import type { AppInstance } from '../../app-context';
import { auditActor } from '../../lib/audit';
import { declareRoutes } from '../../lib/declare-routes';
import { centsToUsd } from '../../lib/money';
import { conflict } from '../../lib/route-schemas';
import { heldReply } from '../approvals/routes';
import { currentUser } from '../auth/guard';
import type { LevelRow } from './service';

const tags = ['limits'];

/** A level's row as the back office reads it (USD). */
const presentLevel = (r: LevelRow) => {
  const level = VERIFICATION_LEVELS[r.level]!;
  return {
    level,
    title: LEVEL_TITLES[level],
    depositDay: centsToUsd(r.depositDay),
    depositMonth: centsToUsd(r.depositMonth),
    withdrawalDay: centsToUsd(r.withdrawalDay),
    withdrawalMonth: centsToUsd(r.withdrawalMonth),
    updatedAt: r.updatedAt.toISOString(),
  };
};

/** What approving or revoking a client's address answers of its own (service.ts `addressSetter`). */
const ADDRESS_CODES = [
  'client_not_found',
  'address_needs_identity',
  'address_already_verified',
  'address_not_verified',
] as const;

/** GET /limits */
export async function limitRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { guards, services } = app.ctx;
  route.get('', {
    summary:
      "The caller's verification level, the next one and what raises it, and what is left of each deposit and withdrawal cap (client; staff 403)",
    schema: { response: { 200: clientLimitsAnswerSchema } },
    onRequest: guards.requireClient,
    config: { errorCodes: ['user_not_found'] },
    handler: async (req) => ({ data: await services.limits.clientLimits(currentUser(req).id) }),
  });
}

/** GET /limits/levels, PUT /limits/levels/:level, PUT and DELETE /limits/address/:id (staff scope) */
export async function limitAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { limits: svc, approvals } = app.ctx.services;
  route.get('/levels', {
    summary: 'The caps of each verification level, lowest first (staff with limits.manage)',
    schema: { response: { 200: levelsAnswerSchema } },
    config: { permission: 'limits.manage', errorCodes: [] },
    handler: async () => ({ data: (await svc.listLevels()).map(presentLevel) }),
  });

  route.put('/levels/:level', {
    summary:
      "Sets a level's deposit and withdrawal caps (USD) with a reason, audited; a raise of one cap at or above the four-eyes threshold waits for a second owner (staff with limits.manage)",
    schema: {
      params: levelParams,
      body: levelCapsSchema,
      response: {
        200: levelAnswerSchema,
        202: approvalAnswerSchema.describe(LIMITS_MSG.levelHeld),
        409: conflict('A raise of this level already waits for approval'),
      },
    },
    // weighLevelChange / updateLevel (service.ts) and a raise already waiting (approvals guardedSetting)
    config: {
      permission: 'limits.manage',
      target: 'none',
      errorCodes: ['bad_request', 'not_found', 'already_waiting_for_approval'],
    },
    handler: async (req, reply) => {
      const { level } = req.params;
      const actor = auditActor(req);
      const out = await approvals.guardedSetting(
        actor,
        { op: 'limits_update', target: level, reason: req.body.reason, input: req.body },
        (u) => svc.weighLevelChange(u, level, req.body),
        (u) => svc.updateLevel(actor, level, req.body, u),
      );
      if (out.held) return heldReply(reply, out.held, LIMITS_MSG.levelHeld);
      return { message: LIMITS_MSG.levelSaved, data: presentLevel(out.result) };
    },
  });

  route.put('/address/:id', {
    summary:
      "Approves a client's proof of address with a reason: level 2, audited and notified to the client (staff with kyc.review)",
    schema: {
      params: idParams,
      body: decisionReasonSchema,
      response: {
        200: messageAnswerSchema,
        409: conflict('The identity is not approved yet, or the proof of address already is'),
      },
    },
    config: {
      permission: 'kyc.review',
      target: { kind: 'client', named: 'user' },
      errorCodes: ADDRESS_CODES,
    },
    handler: async (req) => {
      await svc.approveAddress(auditActor(req), req.params.id, req.body.reason);
      return { message: LIMITS_MSG.addressApproved };
    },
  });

  route.delete('/address/:id', {
    summary:
      "Revokes a client's approved proof of address with a reason: back to level 1 at once, audited and notified to the client (staff with kyc.review)",
    schema: {
      params: idParams,
      body: decisionReasonSchema,
      response: { 200: messageAnswerSchema, 409: conflict('The proof of address is not approved') },
    },
    config: {
      permission: 'kyc.review',
      target: { kind: 'client', named: 'user' },
      errorCodes: ADDRESS_CODES,
    },
    handler: async (req) => {
      await svc.revokeAddress(auditActor(req), req.params.id, req.body.reason);
      return { message: LIMITS_MSG.addressRevoked };
    },
  });
}
