/**
 * Profile routes under /api/user. Thin handlers: guard, validate (schemas from
 * common/schemas/profile.ts), call the profile service, present. Changes answer the refreshed user
 * as GET /api/user/me does (`{ message, data }`, with ledger figures).
 *
 * PATCH /user/profile          signed in           {firstName, lastName, phone, gender?, country}
 * POST  /user/profile-picture  signed in           {image (data URL, PNG/JPEG ≤ 2,000,000 bytes)}
 * GET   /user/referrals/:id    own id, or admin    {referralId, link, referredBy, referrals[]}
 * GET   /user/export.zip       client only         the client's own data (data-export.ts), application/zip
 *
 * The identity documents' upload (POST /user/verification) is the KYC room's
 * (server/modules/kyc/routes.ts). The stored images are served by files/routes.ts
 * (/api/files/profile-pictures/:userId and /api/files/kyc/:userId/:side), only to the owner or an
 * admin.
 */
import { PROFILE_MSG } from '@common/messages';
import { errorAnswerSchema, idParams } from '@common/schemas/common';
import {
  PROFILE_PICTURE_MAX_BYTES,
  profilePictureSchema,
  referralsDataAnswerSchema,
  updateProfileSchema,
} from '@common/schemas/profile';
import { userWithFiguresChangeAnswerSchema } from '@common/schemas/users';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app-context';
import { declareRoutes } from '../../lib/declare-routes';
import { TOO_LARGE_AS_CODES, tooLargeAs } from '../../lib/error-handler';
import { perUserRateLimited, rateLimited } from '../../lib/rate-limit';
import { zipAnswer } from '../../lib/route-schemas';
import { currentUser } from '../auth/guard';
import { IMAGE_CODES, maxDataUrlLength } from '../files/images';
import type { DataExport } from './data-export';

/** Room for the image data URL plus the other fields; a bigger body gets 413 unread. */
const PICTURE_BODY_LIMIT = maxDataUrlLength(PROFILE_PICTURE_MAX_BYTES) + 16 * 1024;

/** Sends a zip attachment, never stored by a cache on the way (it is personal data). */
function sendZip(reply: FastifyReply, { fileName, zip }: DataExport) {
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
}

/**
 * The signed-in user's profile, picture and referrals, registered in a signed-in scope of app.ts
 * (`signedIn`), whose one onRequest hook is `requireUser`.
 */
export async function profileRoutes(app: AppInstance) {
  const route = declareRoutes(app, ['profile']);
  const { services, guards } = app.ctx;
  const svc = services.profile;

  route.patch('/profile', {
    summary: "Edits the signed-in user's name, phone, country and (once) gender",
    schema: { response: { 200: userWithFiguresChangeAnswerSchema }, body: updateProfileSchema },
    config: { errorCodes: ['gender_locked', 'user_not_found'] },
    handler: async (req) => ({
      message: PROFILE_MSG.profileUpdated,
      data: await services.users.presentWithFigures(await svc.updateProfile(currentUser(req), req.body)),
    }),
  });

  route.post('/profile-picture', {
    summary: "Sets the signed-in user's profile picture (PNG or JPEG data URL)",
    schema: {
      response: {
        200: userWithFiguresChangeAnswerSchema,
        413: errorAnswerSchema.describe('The image is over 2,000,000 bytes'),
      },
      body: profilePictureSchema,
    },
    bodyLimit: PICTURE_BODY_LIMIT,
    errorHandler: tooLargeAs(PROFILE_MSG.imageTooLarge),
    config: {
      ...rateLimited(20, 10),
      errorCodes: [...IMAGE_CODES, 'user_not_found'],
      parserCodes: TOO_LARGE_AS_CODES,
    },
    handler: async (req) => ({
      message: PROFILE_MSG.pictureUpdated,
      data: await services.users.presentWithFigures(
        await svc.setProfilePicture(currentUser(req), req.body.image),
      ),
    }),
  });

  route.get('/referrals/:id', {
    summary: "Answers a user's referral link, referrer and referred clients (the user, or an admin)",
    schema: { params: idParams, response: { 200: referralsDataAnswerSchema } },
    // another client's id: 403 `forbidden` (lib/list-owner.ts)
    config: { errorCodes: ['forbidden', 'user_not_found'] },
    handler: async (req) => ({
      data: await svc.findReferrals(currentUser(req), req.params.id),
    }),
  });

  // staff have no client data of their own to download (403): docs/security.md "Separation of duties"
  route.get('/export.zip', {
    summary:
      "Downloads the signed-in client's own data as one zip: profile, history, statements, notifications, support messages and sign-in history, each as JSON and CSV, with a README (client only)",
    schema: {
      response: {
        200: zipAnswer(
          'my-data-YYYY-MM-DD.zip: README.txt, and profile, history, statements, notifications, support-messages and sign-in-history each as .json and .csv',
        ),
        403: errorAnswerSchema.describe('Staff, or an e-mail not confirmed yet'),
      },
    },
    onRequest: guards.requireClient,
    config: { ...perUserRateLimited('data-export', 5, 10), errorCodes: ['user_not_found'] },
    handler: async (req, reply) => sendZip(reply, await svc.exportData(currentUser(req))),
  });
}
