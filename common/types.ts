/**
 * Shapes of API answers both sides read (seed §3; DESIGN.md §6). Amounts are USD decimals.
 */
import type { AccountPlan, DocumentType, Gender, VerificationStatus } from './constants';

/** The user as it leaves the server (`presentUser`), with the seed's field names. */
export interface PublicUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  gender: Gender | null;
  location: { address: string; state: string };
  createdAt: string;
  isAdmin: boolean;
  isEmailConfirmed: boolean;
  isBlocked: boolean;
  /** True while the user signs in with an authenticator code as well as the password. */
  twoFactorEnabled: boolean;
  verificationStatus: VerificationStatus;
  referralId: string;
  /** An authenticated API path (fetch it with the bearer token), or null without a picture. */
  profilePicture: { url: string | null };
  /**
   * The identity documents last submitted (seed §3 `verification`): authenticated API paths served
   * only to the owner and admins, or null; `submittedAt` is when they were uploaded.
   */
  verification: {
    documentType: DocumentType | null;
    documentFront: { url: string | null };
    documentBack: { url: string | null };
    submittedAt: string | null;
  };
  account: { accountPlan: AccountPlan; currencySymbol: string };
}

/** Answer of POST /api/auth/signin. */
export type SigninAnswer = SignedInAnswer | TwoFactorChallengeAnswer;

/** A session was opened (sign-in without 2FA, or POST /api/auth/two-factor/verify). */
export interface SignedInAnswer {
  token: string;
  user: PublicUser;
  /**
   * Staff who must use 2FA (STAFF_TWO_FACTOR=required) and have not set it up: every admin route
   * answers 403 until they do, so the web app takes them to the set-up screen.
   */
  twoFactorSetupRequired?: true;
}

/** The password was right and the account uses 2FA: send a code with this challenge (5 minutes). */
export interface TwoFactorChallengeAnswer {
  twoFactorRequired: true;
  challenge: string;
}

/** Every error answer (DESIGN.md §6). */
export interface ErrorAnswer {
  message: string;
}
