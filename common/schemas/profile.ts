/**
 * Payloads and answers of the profile routes under /api/user (profile, profile picture, verification
 * upload, referrals), shared by the API route schemas and the React forms. Images travel as data
 * URLs; the server re-checks them by their bytes.
 */
import { z } from 'zod';
import { isCountryName } from '../countries';
import { DOCUMENT_TYPES, GENDERS, LIMITS, type VerificationStatus } from '../constants';
import { MSG, PROFILE_MSG } from '../messages';
import { changePasswordSchema, confirmPasswordField, passwordsMatch } from './auth';
import { PROOF_MAX_BYTES } from './deposits';

/** Largest profile picture in bytes (larger than 2,000,000 bytes is refused). */
export const PROFILE_PICTURE_MAX_BYTES = 2_000_000;

/** Largest identity document image in bytes, each side: the deposit proof limit (5 MiB). */
export const DOCUMENT_MAX_BYTES = PROOF_MAX_BYTES;

/** Verification states in which a client may upload documents ("failed" = rejected). */
export const VERIFICATION_UPLOAD_STATUSES = [
  'awaiting',
  'rejected',
  'failed',
] as const satisfies readonly VerificationStatus[];

/** Whether a client in `status` may upload identity documents. */
export function canUploadVerification(status: VerificationStatus): boolean {
  return (VERIFICATION_UPLOAD_STATUSES as readonly VerificationStatus[]).includes(status);
}

const requiredText = (label: string, max: number = LIMITS.nameMax) =>
  z
    .string({ error: MSG.required(label) })
    .trim()
    .min(1, MSG.required(label))
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((s) => s ?? '');

/**
 * PATCH /api/user/profile. The country must be one of `COUNTRY_NAMES`. Gender is disabled on edit:
 * the server sets it only when none is stored yet.
 */
export const updateProfileSchema = z.object({
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  phone: requiredText('Phone number', LIMITS.phoneMax),
  gender: z.enum(GENDERS, { error: MSG.required('Gender') }).nullish(),
  country: requiredText('Country', 80).refine(isCountryName, PROFILE_MSG.invalidCountry),
});
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;

/** POST /api/user/profile-picture: `image` is a data URL of a PNG or JPEG image. */
export const profilePictureSchema = z.object({
  image: z.string({ error: PROFILE_MSG.pictureRequired }).min(1, PROFILE_MSG.pictureRequired),
});
export type ProfilePictureInput = z.output<typeof profilePictureSchema>;

/**
 * POST /api/user/verification: the front image is required, the back optional (an empty string
 * counts as none); address and state are free text.
 */
export const verificationSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES, { error: PROFILE_MSG.documentType }),
  address: optionalText('Address', 200),
  state: optionalText('State', 100),
  documentFront: z.string({ error: PROFILE_MSG.documentRequired }).min(1, PROFILE_MSG.documentRequired),
  documentBack: z
    .string()
    .nullish()
    .transform((s) => s || undefined),
});
export type VerificationInput = z.output<typeof verificationSchema>;

/**
 * The change-password form: POST /api/auth/change-password's fields plus a confirmation
 * that must match ("Passwords do not match"); nothing is sent until it does.
 */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: confirmPasswordField })
  .refine(...passwordsMatch);

/** Which side of an identity document a file route serves. */
export const DOCUMENT_SIDES = ['front', 'back'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

/** One client someone referred, as the referrer sees it (the e-mail is masked: docs/product.md). */
export const publicReferralSchema = z.object({ email: z.string(), createdAt: z.iso.datetime() });
export type PublicReferral = z.infer<typeof publicReferralSchema>;

/** A user's referral link, who referred them, whom they referred and what a referral earns them. */
export const referralsAnswerSchema = z.object({
  referralId: z.string(),
  link: z.string().describe('`{PUBLIC_URL}/signup?referral={referralId}`'),
  referredBy: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  referrals: z.array(publicReferralSchema).describe('Newest first'),
  reward: z
    .object({
      percent: z.number().describe('Percent of each approved deposit of a referred client; 0: no reward'),
      plan: z.string().describe("The user's account plan, which sets the percent"),
    })
    .describe('What a referral earns this user now (docs/product.md "Referrals")'),
});
export type ReferralsAnswer = z.infer<typeof referralsAnswerSchema>;

/** Answer of GET /api/user/referrals/:id. */
export const referralsDataAnswerSchema = z.object({ data: referralsAnswerSchema });

/**
 * The file name of the client's data export, "Download my data" (GET /api/user/export.zip), for
 * `now`'s UTC day: the download's name on the server and in the browser.
 */
export function dataExportFileName(now: Date): string {
  return `my-data-${now.toISOString().slice(0, 10)}.zip`;
}
