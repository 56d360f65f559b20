/**
 * Domain constants both sides share (seed §3, §4, §9; DESIGN.md §4–§5).
 */

/** Account plan tier labels, lowest first (seed §4). */
export const ACCOUNT_PLANS = ['Basic', 'Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type AccountPlan = (typeof ACCOUNT_PLANS)[number];

/** KYC verification states; "failed" is accepted as an alias of "rejected" (seed §4, DESIGN.md §4). */
export const VERIFICATION_STATUSES = ['awaiting', 'pending', 'verified', 'rejected', 'failed'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Identity documents a client may upload for verification (seed §3 "Verification upload"). */
export const DOCUMENT_TYPES = ['passport', 'national-id', 'driver-license', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Limits of seed §5 and §9, with DESIGN.md §5's password minimum of 8. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  otpLength: 6,
  /** One-time codes expire after this many seconds (10 minutes). */
  otpTtlSeconds: 600,
  /** A one-time code is refused after this many wrong tries. */
  otpMaxAttempts: 5,
  nameMax: 100,
  phoneMax: 32,
  tablePageSizes: [10, 20, 30, 40] as const,
} as const;

/** Browser storage keys of the session (seed §3). */
export const STORAGE_KEYS = { token: 'token', user: 'su_user' } as const;

/** Anti-forgery cookie and header names (seed §7). */
export const XSRF = { cookie: 'XSRF-TOKEN', header: 'x-xsrf-token' } as const;
