/**
 * Passkeys (WebAuthn; docs/security.md "Passkeys"): the requests and answers of /api/auth/passkey*.
 * The ceremonies' options and responses are WebAuthn's JSON (made and read by @simplewebauthn through
 * better-auth's passkey plugin); only the fields the routes rely on are named, the rest pass through.
 */
import { z } from 'zod';

/** Texts of the passkey screens and answers (the product's words). */
export const PASSKEY_MSG = {
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  confirmed: 'Confirmed with your passkey',
  failed: 'This passkey could not be verified. Try again, or sign in with your password.',
  registrationFailed: 'The passkey could not be added. Try again.',
  notFresh: 'Sign in again to add a passkey: this session is more than a day old.',
  reverify:
    'Confirm it is you first: enter your password or an authenticator code, or use one of your passkeys.',
  nameLength: 'The name must be 1 to 64 characters',
  cancelled: 'The passkey request was cancelled or timed out. Try again.',
  proofNeeded: 'Enter your password, or confirm with a passkey instead.',
  confirmFirst:
    'Confirm with your passkey first: one confirmation is good for one request, within 5 minutes.',
} as const;

/** A name its owner gives a passkey ("Work laptop"). */
export const passkeyName = z
  .string({ error: PASSKEY_MSG.nameLength })
  .trim()
  .min(1, PASSKEY_MSG.nameLength)
  .max(64, PASSKEY_MSG.nameLength);

/** One of the signed-in user's passkeys as the security settings list them. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string().nullable().describe('The name its owner gave it, or null'),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable().describe('The last sign-in or confirmation with it, or null'),
  backedUp: z.boolean().describe('Synced by its provider (a multi-device passkey)'),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** Answer of GET /api/auth/passkeys. */
export const passkeyListAnswerSchema = z.object({ data: z.array(passkeySchema) });

/** Answer of a change to one passkey: `{ message, data }`. */
export const passkeyAnswerSchema = z.object({ message: z.string(), data: passkeySchema });

/** PATCH /api/auth/passkeys/:id. */
export const passkeyRenameSchema = z.object({ name: passkeyName });

/**
 * DELETE /api/auth/passkeys/:id: a fresh proof that it is the owner, one of: the password, an
 * authenticator or backup code, or none when a passkey confirmed this session in the last 5 minutes.
 */
export const passkeyRemoveSchema = z.object({
  password: z.string().min(1).max(128).optional(),
  code: z.string().trim().min(6).max(20).optional(),
});
export type PasskeyRemoveInput = z.infer<typeof passkeyRemoveSchema>;

/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON). */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** A credential as the browser answers a ceremony (RegistrationResponseJSON / AuthenticationResponseJSON). */
const credentialResponse = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
});

/** POST /api/auth/passkey/verify-registration (what better-auth's client sends). */
export const passkeyRegistrationSchema = z.object({
  response: credentialResponse,
  name: passkeyName.optional(),
});

/** POST /api/auth/passkey/verify-authentication (what better-auth's client sends). */
export const passkeyAuthenticationSchema = z.object({ response: credentialResponse });

/**
 * Headers of POST /api/auth/passkey/verify-authentication: `x-sign-in-challenge` makes it the second
 * step of a password sign-in (instead of a code); `x-passkey-purpose: reverify` confirms a signed-in
 * user without opening a session.
 */
export const passkeyAuthenticationHeaders = z.object({
  'x-sign-in-challenge': z.string().min(16).max(128).optional(),
  'x-passkey-purpose': z.enum(['reverify']).optional(),
  /** "Remember me" off: the session ends after SESSION_IDLE_MINUTES idle (docs/security.md "Sessions"). */
  'x-remember': z.enum(['true', 'false']).optional(),
});
