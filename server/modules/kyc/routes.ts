/**
 * KYC routes, registered under /api/user beside the users room so the URLs stay the product's:
 * the client's identity documents (`kycRoutes`) and their review (`kycAdminRoutes`, under
 * /user/admin). Thin handlers: guard, validate (schemas from common/), call the service, present
 * the user. The upload is stored by the profile service (the user's files, server/modules/profile);
 * the review writes one audit row (see service.ts).
 *
 * POST   /user/verification                    verified e-mail  {documentType, address, state, documentFront, documentBack?}
 * PUT    /user/admin/:id/verification          admin            {status: verified|rejected, reason (rejected)} — pending KYC only
 */
import { MONEY_MSG, PROFILE_MSG, USER_ADMIN_MSG } from '@common/messages';
import { errorAnswerSchema, idParams } from '@common/schemas/common';
import { DOCUMENT_MAX_BYTES, verificationSchema } from '@common/schemas/profile';
import {
  userChangeAnswerSchema,
  userWithFiguresChangeAnswerSchema,
  verificationReviewSchema,
} from '@common/schemas/users';
import type { AppInstance } from '../../app-context';
import { conflict } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import { auditActor } from '../../lib/audit';
import { TOO_LARGE_AS_CODES, tooLargeAs } from '../../lib/error-handler';
import { rateLimited } from '../../lib/rate-limit';
import { presentUser } from '../../lib/user-presenter';
import { onClient } from '../../lib/targets';
import { currentUser } from '../auth/guard';
import { IMAGE_CODES, maxDataUrlLength } from '../files/images';

/** Room for both images' data URLs plus the other fields; a bigger body gets 413 unread. */
const VERIFICATION_BODY_LIMIT = 2 * maxDataUrlLength(DOCUMENT_MAX_BYTES) + 64 * 1024;

/** The client's side: the identity documents' upload. The OpenAPI tag stays the profile's, where clients find it. */
export async function kycRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['profile']);
  const { guards, services } = app.ctx;

  route.post('/verification', {
    summary: 'Uploads identity documents for review (client with a confirmed e-mail; staff 403)',
    schema: {
      response: {
        200: userWithFiguresChangeAnswerSchema,
        409: conflict('Documents are already pending or verified'),
        413: errorAnswerSchema.describe('An image is over 5 MB'),
      },
      body: verificationSchema,
    },
    onRequest: guards.requireClient,
    bodyLimit: VERIFICATION_BODY_LIMIT,
    errorHandler: tooLargeAs(MONEY_MSG.fileTooLarge),
    config: {
      ...rateLimited(10, 10),
      errorCodes: ['verification_locked', ...IMAGE_CODES, 'user_not_found'],
      parserCodes: TOO_LARGE_AS_CODES,
    },
    handler: async (req) => ({
      message: PROFILE_MSG.verificationUploaded,
      data: await services.users.presentWithFigures(
        await services.profile.submitVerification(currentUser(req), req.body),
      ),
    }),
  });
}

/** The review, registered inside the staff scope of app.ts; documented with the back office's user routes. */
export async function kycAdminRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['users']);
  const { services } = app.ctx;

  route.put('/admin/:id/verification', {
    summary:
      "Verifies or rejects (with a reason the client reads) a client's pending identity documents (admin)",
    schema: {
      params: idParams,
      response: { 200: userChangeAnswerSchema, 409: conflict('The verification is not pending') },
      body: verificationReviewSchema,
    },
    config: {
      permission: 'kyc.review',
      target: onClient(),
      errorCodes: ['own_review', 'verification_not_pending'],
    },
    handler: async (req) => {
      const row = await services.kyc.reviewVerification(auditActor(req), req.params.id, req.body);
      return {
        message:
          req.body.status === 'verified'
            ? USER_ADMIN_MSG.verificationVerified
            : USER_ADMIN_MSG.verificationRejected,
        data: presentUser(row),
      };
    },
  });
}
