/**
 * Texts of the auth e-mails: codes, and the security notices of docs/security.md (lock, sign-up
 * attempt, new sign-in, password and two-factor changes). User-supplied text is escaped in HTML.
 */
import { escapeHtml, type Mail } from '../../lib/mail';

/** E-mail carrying a 6-digit code, valid for 10 minutes. */
export function otpMail(to: string, code: string, purpose: 'verify' | 'reset'): Mail {
  const what = purpose === 'verify' ? 'verify your e-mail address' : 'reset your password';
  const subject = purpose === 'verify' ? 'Your e-mail verification code' : 'Your password reset code';
  return {
    to,
    subject,
    text: `Your code to ${what} is ${code}.\n\nIt expires in 10 minutes and works once. If you did not ask for it, ignore this e-mail; nobody from our team will ever ask you for this code.`,
    html: `<p>Your code to ${what} is <strong style="font-size:20px;letter-spacing:3px">${code}</strong>.</p><p>It expires in 10 minutes and works once. If you did not ask for it, ignore this e-mail; nobody from our team will ever ask you for this code.</p>`,
  };
}

/** A notice with a plain-text body; the HTML part is the same paragraphs, escaped. */
function notice(to: string, subject: string, paragraphs: string[]): Mail {
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  };
}

const IF_NOT_YOU =
  'If this was not you, reset your password at once and contact our support team; nobody from our team will ever ask you for your password or codes.';

/** To the owner when 5 failed sign-ins lock their account for 15 minutes (one per lock). */
export function accountLockedMail(to: string): Mail {
  return notice(to, 'Sign-in to your account paused for 15 minutes', [
    'We paused sign-in to your account for 15 minutes after 5 failed attempts in a row.',
    'If you were trying to sign in, wait 15 minutes and try again, or reset your password.',
    IF_NOT_YOU,
  ]);
}

/** To the owner when someone signs up with their address (no second account is made). */
export function signupAttemptMail(to: string): Mail {
  return notice(to, 'Someone tried to register with your e-mail address', [
    'Someone tried to open a new account with this e-mail address. You already have an account, so no new account was created.',
    'If it was you, sign in instead; if you forgot your password, use "Forgot password" on the sign-in page.',
    'If it was not you, you can ignore this e-mail: your account has not changed.',
  ]);
}

/** To the owner after a sign-in from a device and network not seen in 90 days. */
export function newSignInMail(to: string, origin: { ip: string; userAgent: string }, at: Date): Mail {
  return notice(to, 'New sign-in to your account', [
    `Your account was signed in to from a device or network we have not seen for it recently, at ${at.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
    `Device: ${origin.userAgent || 'unknown'}\nIP address: ${origin.ip}`,
    'If this was you, there is nothing to do. You can see and sign out every session under Profile → Security.',
    IF_NOT_YOU,
  ]);
}

/** To the owner after every password change or reset. */
export function passwordChangedMail(to: string): Mail {
  return notice(to, 'Your password was changed', [
    'The password of your account was just changed, and every other session was signed out.',
    IF_NOT_YOU,
  ]);
}

/** To the owner after every change of their two-factor authentication; `reason` when staff reset it. */
export function twoFactorChangedMail(
  to: string,
  change: 'enabled' | 'disabled' | 'reset',
  reason?: string,
): Mail {
  const what = {
    enabled:
      'Two-factor authentication was turned on for your account. From now on, signing in needs a code from your authenticator app (or a backup code).',
    disabled:
      'Two-factor authentication was turned off for your account. Signing in now needs only your password.',
    reset:
      'Our staff turned off two-factor authentication for your account, and signed out all its sessions. You can turn it on again under Profile → Security.',
  }[change];
  return notice(to, `Two-factor authentication ${change === 'enabled' ? 'turned on' : 'turned off'}`, [
    what,
    ...(reason ? [`Reason: ${reason}`] : []),
    IF_NOT_YOU,
  ]);
}
