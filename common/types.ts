/**
 * Shapes of API answers both sides read (seed §3; DESIGN.md §6). Amounts are USD decimals.
 */
import type { AccountPlan, Gender, VerificationStatus } from './constants';

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
  verificationStatus: VerificationStatus;
  referralId: string;
  profilePicture: { url: string | null };
  account: { accountPlan: AccountPlan; currencySymbol: string };
}

/** Answer of POST /api/auth/signin. */
export interface SigninAnswer {
  token: string;
  user: PublicUser;
}

/** Every error answer (DESIGN.md §6). */
export interface ErrorAnswer {
  message: string;
}
