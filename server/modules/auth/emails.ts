/**
 * The auth e-mails (lib/mail-templates.ts renders them in the brand's layout): codes, and the
 * security notices of docs/security.md (lock, sign-up attempt, new sign-in, password and two-factor
 * changes, passkeys added or removed). Each code names the service, what it is for, its expiry, and that nobody asks for it.
 */
import { mailTemplate, type MailMessage } from '../../lib/mail-templates';

/** Whom a security e-mail goes to: the account's address and the first name its greeting uses. */
export interface Recipient {
  email: string;
  /** Absent or empty → "Hello,". */
  firstName?: string | null;
}

/** The addressing part of a MailMessage for `r`. */
const addressed = (r: Recipient) => ({ to: r.email, name: r.firstName || null });

const NEVER_ASK =
  '<p>It expires in 10 minutes and works once. If you did not ask for it, ignore this e-mail: nobody from {{brand.name}} will ever ask you for this code.</p>';

const codeBody = mailTemplate(`<p>Your {{brand.name}} code to {{what}} is:</p>{{bigCode code}}${NEVER_ASK}`);

/** E-mail carrying a 6-digit code, valid for 10 minutes. */
export function otpMail(to: Recipient, code: string, purpose: 'verify' | 'reset'): MailMessage {
  return {
    ...addressed(to),
    subject: purpose === 'verify' ? 'Your e-mail verification code' : 'Your password reset code',
    body: codeBody,
    data: { code, what: purpose === 'verify' ? 'verify your e-mail address' : 'reset your password' },
  };
}

const IF_NOT_YOU =
  '<p>If this was not you, reset your password at once and write to {{brand.supportEmail}}; nobody from our team will ever ask you for your password or codes.</p>';

/**
 * What a change e-mail says of the hold the change started (docs/security.md "Holds after security
 * changes"): until when withdrawals are paused, and the "This wasn't me" link that locks the account.
 */
export interface HoldNotice {
  endsAt: Date;
  /** The single-use link (security-holds/service.ts `start`). */
  link: string;
}

const HOLD = `{{#if holdUntil}}<p><strong>Withdrawals are paused until {{holdUntil}} UTC</strong>, so that nobody who took over your account can take your money out.</p>
<p>If this wasn't you, press <a href="{{notMeLink}}">This wasn't me</a>: it locks your account and signs out every session at once, and our team will help you back in.</p>{{/if}}`;

/** The template data of `hold` (none: the paragraph is left out). */
const holdData = (hold?: HoldNotice) => ({
  holdUntil: hold ? hold.endsAt.toISOString().replace('T', ' ').slice(0, 16) : null,
  notMeLink: hold?.link ?? null,
});

const lockedBody =
  mailTemplate(`<p>We paused sign-in to your account for 15 minutes after 5 failed attempts in a row.</p>
<p>If you were trying to sign in, wait 15 minutes and try again, or reset your password.</p>${IF_NOT_YOU}`);

/** To the owner when 5 failed sign-ins lock their account for 15 minutes (one per lock). */
export function accountLockedMail(to: Recipient): MailMessage {
  return { ...addressed(to), subject: 'Sign-in to your account paused for 15 minutes', body: lockedBody };
}

const signupAttemptBody =
  mailTemplate(`<p>Someone tried to open a new account with this e-mail address. You already have an account, so no new account was created.</p>
<p>If it was you, sign in instead; if you forgot your password, use "Forgot password" on the sign-in page.</p>
<p>If it was not you, you can ignore this e-mail: your account has not changed.</p>`);

/**
 * To the owner when someone signs up with their address (no second account is made); greets the
 * owner by the name on the account, never by the name the sign-up typed.
 */
export function signupAttemptMail(to: Recipient): MailMessage {
  return {
    ...addressed(to),
    subject: 'Someone tried to register with your e-mail address',
    body: signupAttemptBody,
  };
}

const newSignInBody =
  mailTemplate(`<p>Your account was signed in to from a device or network we have not seen for it recently, at {{at}} UTC.</p>
<p>Device: {{device}}<br>IP address: {{ip}}</p>
<p>If this was you, there is nothing to do. You can see and sign out every session under Profile → Security.</p>${HOLD}${IF_NOT_YOU}`);

/** To the owner after a sign-in from a device and network not seen in 90 days; `hold` it started. */
export function newSignInMail(
  to: Recipient,
  origin: { ip: string; userAgent: string },
  at: Date,
  hold?: HoldNotice,
): MailMessage {
  return {
    ...addressed(to),
    subject: 'New sign-in to your account',
    body: newSignInBody,
    data: {
      at: at.toISOString().replace('T', ' ').slice(0, 16),
      device: origin.userAgent || 'unknown',
      ip: origin.ip,
      ...holdData(hold),
    },
  };
}

const passwordChangedBody = mailTemplate(
  `<p>The password of your account was just changed, and every other session was signed out.</p>${HOLD}${IF_NOT_YOU}`,
);

/** To the owner after every password change or reset; `hold` the change started. */
export function passwordChangedMail(to: Recipient, hold?: HoldNotice): MailMessage {
  return {
    ...addressed(to),
    subject: 'Your password was changed',
    body: passwordChangedBody,
    data: holdData(hold),
  };
}

const emailChangedBody = mailTemplate(
  `<p>The e-mail address of your account was changed from {{from}} to {{newEmail}}. From now on, sign in and receive our e-mails with the new address.</p>${HOLD}${IF_NOT_YOU}`,
);

/**
 * To the old and the new address after the account's e-mail address changes (docs/security.md
 * "Holds after security changes"); `hold` the change started.
 */
export function emailChangedMail(to: Recipient, from: string, next: string, hold?: HoldNotice): MailMessage {
  return {
    ...addressed(to),
    subject: 'The e-mail address of your account was changed',
    body: emailChangedBody,
    data: { from, newEmail: next, ...holdData(hold) },
  };
}

const twoFactorBody =
  mailTemplate(`{{#if (eq change "enabled")}}<p>Two-factor authentication was turned on for your account. From now on, signing in needs a code from your authenticator app (or a backup code).</p>
{{else if (eq change "disabled")}}<p>Two-factor authentication was turned off for your account. Signing in now needs only your password.</p>
{{else}}<p>Our staff turned off two-factor authentication for your account, and signed out all its sessions. You can turn it on again under Profile → Security.</p>{{/if}}
{{#if reason}}<p>Reason: {{reason}}</p>{{/if}}${HOLD}${IF_NOT_YOU}`);

/**
 * To the owner after every change of their two-factor authentication; `reason` when staff reset it,
 * `hold` when the change (off or reset) started one.
 */
export function twoFactorChangedMail(
  to: Recipient,
  change: 'enabled' | 'disabled' | 'reset',
  reason?: string,
  hold?: HoldNotice,
): MailMessage {
  return {
    ...addressed(to),
    subject: `Two-factor authentication ${change === 'enabled' ? 'turned on' : 'turned off'}`,
    body: twoFactorBody,
    data: { change, reason: reason ?? null, ...holdData(hold) },
  };
}

const passkeyBody = mailTemplate(
  `<p>The passkey "{{name}}" was {{change}} {{#if (eq change "added")}}to{{else}}from{{/if}} your account. You can see your passkeys under Profile → Security.</p>${IF_NOT_YOU}`,
);

/** To the owner after a passkey is added to or removed from their account (docs/security.md "Passkeys"). */
export function passkeyChangedMail(to: Recipient, change: 'added' | 'removed', name: string): MailMessage {
  return {
    ...addressed(to),
    subject:
      change === 'added' ? 'A passkey was added to your account' : 'A passkey was removed from your account',
    body: passkeyBody,
    data: { change, name },
  };
}
