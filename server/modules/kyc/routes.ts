/**
 * KYC review routes, registered under /api/user beside the users room so the back office's URLs stay
 * under /user/admin. Thin handler: guard, validate (schemas from common/), call the KYC service,
 * present the user. The review writes one audit row (see service.ts).
 *
 * PUT    /user/admin/:id/verification          admin      {status: verified|rejected, reason (rejected)} — pending KYC only
 */
import { USER_ADMIN_MSG } from '@common/messages';
import { userChangeAnswerSchema, verificationReviewSchema } from '@common/schemas/users';
import type { AppInstance } from '../../app-context';
import { conflict, rowRoute } from '../../lib/route-schemas';
import { auditActor } from '../../lib/audit';
import { presentUser } from '../../lib/user-presenter';
import { onClient } from '../../lib/targets';

/** The OpenAPI tag: the review is documented with the rest of the back office's user routes. */
const tags = ['users'];

export async function kycAdminRoutes(app: AppInstance) {
  const { services } = app.ctx;

  app.put(
    '/admin/:id/verification',
    {
      schema: rowRoute(
        tags,
        "Verifies or rejects (with a reason the client reads) a client's pending identity documents (admin)",
        {
          200: userChangeAnswerSchema,
          409: conflict('The verification is not pending'),
        },
        { body: verificationReviewSchema },
      ),
      config: { permission: 'kyc.review', target: onClient() },
    },
    async (req) => {
      const row = await services.kyc.reviewVerification(auditActor(req), req.params.id, req.body);
      return {
        message:
          req.body.status === 'verified'
            ? USER_ADMIN_MSG.verificationVerified
            : USER_ADMIN_MSG.verificationRejected,
        data: presentUser(row),
      };
    },
  );
}
