/**
 * Holds after security changes (docs/security.md "Holds after security changes"): the texts, the
 * causes and the answers of GET /api/security-holds/current (the client's own), GET
 * /api/security-holds/admin/:id (staff) and POST /api/auth/this-wasnt-me.
 */
import { z } from 'zod';

/** What made a hold, as stored and answered. */
export const SECURITY_HOLD_CAUSES = [
  'password_reset',
  'password_change',
  'two_factor_off',
  'two_factor_reset',
  'email_change',
  'new_device',
] as const;
export type SecurityHoldCause = (typeof SECURITY_HOLD_CAUSES)[number];

/** How the screens and the e-mails name each cause ("after …"). */
export const SECURITY_HOLD_REASONS: Record<SecurityHoldCause, string> = {
  password_reset: 'your password was reset',
  password_change: 'your password was changed',
  two_factor_off: 'two-factor authentication was turned off',
  two_factor_reset: 'our staff reset your two-factor authentication',
  email_change: 'the e-mail address of your account was changed',
  new_device: 'you signed in from a new device and network',
};

/** How staff screens name each cause. */
export const SECURITY_HOLD_CAUSE_LABELS: Record<SecurityHoldCause, string> = {
  password_reset: 'Password reset',
  password_change: 'Password changed',
  two_factor_off: 'Two-factor authentication turned off',
  two_factor_reset: 'Two-factor authentication reset by staff',
  email_change: 'E-mail address changed',
  new_device: 'Sign-in from a new device and network',
};

/** "2026-11-30 21:46 UTC": how a hold's end is written to people. */
export function holdEndText(at: Date | string): string {
  return `${new Date(at).toISOString().replace('T', ' ').slice(0, 16)} UTC`;
}

/** Every text of the holds a user reads (screens and the API's answers). */
export const SECURITY_HOLD_MSG = {
  paused: 'Withdrawals are paused for a while after a security change to your account',
  /** The 422 `withdrawals_on_hold` text: why and until when. */
  pausedUntil: (cause: SecurityHoldCause, until: Date | string) =>
    `Withdrawals are paused until ${holdEndText(until)} because ${SECURITY_HOLD_REASONS[cause]}. This protects your money if someone else made the change.`,
  linkInvalid: 'This link is not valid: it was used, or it expired',
  locked:
    'Your account is locked and every session is signed out. Our support team will contact you to restore access.',
} as const;

/** A hold as answered (`null` when withdrawals are not paused). */
export const securityHoldSchema = z.object({
  cause: z.enum(SECURITY_HOLD_CAUSES),
  /** The text a screen shows: why, and until when (UTC). */
  reason: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type SecurityHold = z.infer<typeof securityHoldSchema>;

/** Answer of GET /api/security-holds/current and /admin/:id. */
export const securityHoldAnswerSchema = z.object({ data: securityHoldSchema.nullable() });

/** Body of POST /api/auth/this-wasnt-me: the token of the e-mailed link. */
export const thisWasntMeSchema = z.object({
  token: z.string().trim().min(20, SECURITY_HOLD_MSG.linkInvalid).max(200, SECURITY_HOLD_MSG.linkInvalid),
});
