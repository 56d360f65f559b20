/**
 * Profile routes under /api/user. Thin handlers: guard, validate (schemas from
 * common/schemas/profile.ts), call the profile service, present. Changes answer the refreshed user
 * as GET /api/user/me does (`{ message, data }`, with ledger figures).
 *
 * PATCH /user/profile          signed in           {firstName, lastName, phone, gender?, country}
 * POST  /user/profile-picture  signed in           {image (data URL, PNG/JPEG ≤ 2,000,000 bytes)}
 * POST  /user/verification     verified e-mail     {documentType, address, state, documentFront, documentBack?}
 * GET   /user/referrals/:id    own id, or admin    {referralId, link, referredBy, referrals[]}
 *
 * The stored images are served by files/routes.ts (/api/files/profile-pictures/:userId and
 * /api/files/kyc/:userId/:side), only to the owner or an admin.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MONEY_MSG, PROFILE_MSG } from '@common/messages';
import { errorAnswerSchema } from '@common/schemas/common';
import {
  DOCUMENT_MAX_BYTES,
  PROFILE_PICTURE_MAX_BYTES,
  profilePictureSchema,
  referralsDataAnswerSchema,
  updateProfileSchema,
  verificationSchema,
} from '@common/schemas/profile';
import { userWithFiguresChangeAnswerSchema } from '@common/schemas/users';
import type { AppInstance } from '../../app-context';
import { conflict, rowRoute, routeSchema } from '../../lib/route-schemas';
import { errorAnswer } from '../../lib/error-handler';
import { rateLimited } from '../../lib/rate-limit';
import { currentUser } from '../auth/guard';
import { maxDataUrlLength } from '../files/images';

const tags = ['profile'];

/** Room for the image data URL(s) plus the other fields; a bigger body gets 413 unread. */
const PICTURE_BODY_LIMIT = maxDataUrlLength(PROFILE_PICTURE_MAX_BYTES) + 16 * 1024;
const VERIFICATION_BODY_LIMIT = 2 * maxDataUrlLength(DOCUMENT_MAX_BYTES) + 64 * 1024;

/** Fastify refuses an oversized body before parsing it; this answers 413 `file_too_large` with the route's own text. */
function tooLargeAs(message: string) {
  return (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send(errorAnswer('file_too_large', message));
    throw err;
  };
}

export async function profileRoutes(app: AppInstance) {
  const { guards, services } = app.ctx;
  const svc = services.profile;

  app.patch(
    '/profile',
    {
      schema: routeSchema(
        tags,
        "Edits the signed-in user's name, phone, country and (once) gender",
        { 200: userWithFiguresChangeAnswerSchema },
        { body: updateProfileSchema },
      ),
      onRequest: guards.requireUser,
    },
    async (req) => ({
      message: PROFILE_MSG.profileUpdated,
      data: await services.users.presentWithFigures(await svc.updateProfile(currentUser(req), req.body)),
    }),
  );

  app.post(
    '/profile-picture',
    {
      schema: routeSchema(
        tags,
        "Sets the signed-in user's profile picture (PNG or JPEG data URL)",
        {
          200: userWithFiguresChangeAnswerSchema,
          413: errorAnswerSchema.describe('The image is over 2,000,000 bytes'),
        },
        { body: profilePictureSchema },
      ),
      onRequest: guards.requireUser,
      bodyLimit: PICTURE_BODY_LIMIT,
      errorHandler: tooLargeAs(PROFILE_MSG.imageTooLarge),
      config: rateLimited(20, 10),
    },
    async (req) => ({
      message: PROFILE_MSG.pictureUpdated,
      data: await services.users.presentWithFigures(
        await svc.setProfilePicture(currentUser(req), req.body.image),
      ),
    }),
  );

  app.post(
    '/verification',
    {
      schema: routeSchema(
        tags,
        'Uploads identity documents for review (client with a confirmed e-mail; staff 403)',
        {
          200: userWithFiguresChangeAnswerSchema,
          409: conflict('Documents are already pending or verified'),
          413: errorAnswerSchema.describe('An image is over 5 MB'),
        },
        { body: verificationSchema },
      ),
      onRequest: guards.requireClient,
      bodyLimit: VERIFICATION_BODY_LIMIT,
      errorHandler: tooLargeAs(MONEY_MSG.fileTooLarge),
      config: rateLimited(10, 10),
    },
    async (req) => ({
      message: PROFILE_MSG.verificationUploaded,
      data: await services.users.presentWithFigures(await svc.submitVerification(currentUser(req), req.body)),
    }),
  );

  app.get(
    '/referrals/:id',
    {
      schema: rowRoute(
        tags,
        "Answers a user's referral link, referrer and referred clients (the user, or an admin)",
        { 200: referralsDataAnswerSchema },
      ),
      onRequest: guards.requireUser,
    },
    async (req) => ({
      data: await svc.findReferrals(currentUser(req), req.params.id),
    }),
  );
}
