/**
 * Domain constants both sides share.
 */

/** Account plan tier labels, lowest first. */
export const ACCOUNT_PLANS = ['Basic', 'Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type AccountPlan = (typeof ACCOUNT_PLANS)[number];

/** KYC verification states; "failed" (the original spelling) means "rejected". */
export const VERIFICATION_STATUSES = ['awaiting', 'pending', 'verified', 'rejected', 'failed'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Identity documents a client may upload for verification. */
export const DOCUMENT_TYPES = ['passport', 'national-id', 'driver-license', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Limits of the forms and tables; passwords need at least 8 characters (docs/product.md). */
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

/** Browser storage keys of the session. */
export const STORAGE_KEYS = { token: 'token', user: 'su_user' } as const;

/** Anti-forgery cookie and header names. */
export const XSRF = { cookie: 'XSRF-TOKEN', header: 'x-xsrf-token' } as const;

// ---------------------------------------------------------------------------------------------
// Investment plans (one config, messages quote it: docs/product.md)
// ---------------------------------------------------------------------------------------------

/** The two plan kinds a client can open. */
export const PLAN_KINDS = ['copy_trading', 'investment'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** How each plan kind reads on screen. */
export const PLAN_LABELS: Record<PlanKind, string> = {
  copy_trading: 'Copy Trading',
  investment: 'Investment',
};

/**
 * The one plan config (docs/product.md): the rate shown on the cards and the amount limits in
 * USD that the server enforces and every message quotes.
 */
export const PLAN_CONFIG = { ratePercent: 2, minimumUsd: 200, maximumUsd: 115_000 } as const;

/** Plan durations: what the select shows and the days it means (2 weeks = 14). */
export const PLAN_DURATIONS = [
  { label: '24 hours', days: 1 },
  { label: '48 hours', days: 2 },
  { label: '72 hours', days: 3 },
  { label: '1 week', days: 7 },
  { label: '2 weeks', days: 14 },
] as const;
export type PlanDurationDays = (typeof PLAN_DURATIONS)[number]['days'];

/** Plan and trading activity states. */
export const PLAN_STATUSES = ['active', 'completed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
