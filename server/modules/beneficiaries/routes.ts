/**
 * /api/beneficiaries, the withdrawal address book (docs/security.md "Withdrawal address book"):
 *
 * GET    /beneficiaries             client   own destinations (not deleted), newest first
 * POST   /beneficiaries             client   {kind: crypto, label, network, address} or {kind: bank,
 *                                            label, iban | accountNumber + routing, swift, bankName,
 *                                            accountName} → 201, the confirmation link e-mailed
 *                                            (rate-limited per user)
 * POST   /beneficiaries/confirm     client   {token} (the link's) → waiting until BENEFICIARY_DELAY_HOURS pass
 * PATCH  /beneficiaries/:id         client   {label} → renamed (own, live)
 * POST   /beneficiaries/:id/cancel  client   cancels one not usable yet (409 after)
 * DELETE /beneficiaries/:id         client   deletes one (own)
 * GET    /beneficiaries/admin/:id   staff    `beneficiaries.read`: every destination of client :id
 */
import {
  BENEFICIARY_MSG,
  addBeneficiarySchema,
  beneficiaryAnswerSchema,
  beneficiaryListAnswerSchema,
  confirmBeneficiarySchema,
  renameBeneficiarySchema,
} from '@common/schemas/beneficiaries';
import { messageAnswerSchema } from '@common/schemas/common';
import type { AppInstance } from '../../app-context';
import { perUserRateLimited, rateLimited } from '../../lib/rate-limit';
import { conflict, rowRoute, routeSchema } from '../../lib/route-schemas';
import { currentUser } from '../auth/guard';
import { presentBeneficiary } from './presenter';

const tags = ['beneficiaries'];

export async function beneficiaryRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  const svc = services.beneficiaries;
  const onRequest = guards.requireClient;

  app.get(
    '',
    {
      schema: routeSchema(tags, "Lists the signed-in client's withdrawal destinations", {
        200: beneficiaryListAnswerSchema,
      }),
      onRequest,
      config: { errorCodes: [] },
    },
    async (req) => ({ data: (await svc.listForUser(currentUser(req).id)).map((r) => presentBeneficiary(r)) }),
  );

  app.post(
    '',
    {
      schema: routeSchema(
        tags,
        'Adds a withdrawal destination and e-mails its single-use confirmation link',
        { 201: beneficiaryAnswerSchema, 409: conflict(BENEFICIARY_MSG.exists) },
        { body: addBeneficiarySchema },
      ),
      onRequest,
      // at most 10 new destinations (so 10 confirmation e-mails) per user in 60 minutes
      config: { ...perUserRateLimited('beneficiaries', 10, 60), errorCodes: ['beneficiary_exists'] },
    },
    async (req, reply) => {
      const row = await svc.add(currentUser(req), req.body);
      return reply.code(201).send({ message: BENEFICIARY_MSG.added, data: presentBeneficiary(row) });
    },
  );

  app.post(
    '/confirm',
    {
      schema: routeSchema(
        tags,
        "Confirms a destination by its e-mailed link's token; it becomes usable after the waiting period",
        { 200: beneficiaryAnswerSchema },
        { body: confirmBeneficiarySchema },
      ),
      onRequest,
      config: { ...rateLimited(20, 10), errorCodes: ['beneficiary_link_invalid'] },
    },
    async (req) => {
      const row = await svc.confirm(currentUser(req), req.body.token);
      return { message: BENEFICIARY_MSG.confirmed, data: presentBeneficiary(row) };
    },
  );

  app.patch(
    '/:id',
    {
      schema: rowRoute(
        tags,
        "Renames one of the client's destinations",
        { 200: beneficiaryAnswerSchema },
        {
          body: renameBeneficiarySchema,
        },
      ),
      onRequest,
      config: { errorCodes: [] },
    },
    async (req) => {
      const row = await svc.rename(currentUser(req), req.params.id, req.body.label);
      return { message: BENEFICIARY_MSG.renamed, data: presentBeneficiary(row) };
    },
  );

  app.post(
    '/:id/cancel',
    {
      schema: rowRoute(tags, 'Cancels a destination that is not usable yet', {
        200: beneficiaryAnswerSchema,
        409: conflict(BENEFICIARY_MSG.notCancellable),
      }),
      onRequest,
      config: { errorCodes: ['beneficiary_not_cancellable'] },
    },
    async (req) => {
      const row = await svc.cancel(currentUser(req), req.params.id);
      return { message: BENEFICIARY_MSG.cancelled, data: presentBeneficiary(row) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: rowRoute(tags, "Deletes one of the client's destinations", { 200: messageAnswerSchema }),
      onRequest,
      config: { errorCodes: [] },
    },
    async (req) => {
      await svc.remove(currentUser(req), req.params.id);
      return { message: BENEFICIARY_MSG.deleted };
    },
  );
}

/** The staff's read-only view, registered inside the staff scope of app.ts. */
export async function beneficiaryAdminRoutes(app: AppInstance) {
  const svc = app.ctx.services.beneficiaries;
  app.get(
    '/admin/:id',
    {
      schema: rowRoute(
        tags,
        'Lists every withdrawal destination a client saved, deleted ones included (staff)',
        {
          200: beneficiaryListAnswerSchema,
        },
      ),
      config: { permission: 'beneficiaries.read', target: { kind: 'client', named: 'user' }, errorCodes: [] },
    },
    async (req) => ({ data: (await svc.listForClient(req.params.id)).map((r) => presentBeneficiary(r)) }),
  );
}
