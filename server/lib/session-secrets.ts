/**
 * The session secrets a process accepts (docs/operations.md "Keys and their rotation"):
 * SESSION_SECRET, which signs everything new, then SESSION_SECRET_PREVIOUS while a rotation's
 * window is open. What they sign: XSRF tokens (auth/guard.ts), withdrawal codes (stored as HMACs,
 * withdrawals/request.ts) and the default two-factor key
 * (auth/two-factor-keys.ts). Sessions themselves are database rows and need neither.
 */
import type { Config } from '../config';

/** SESSION_SECRET first, then SESSION_SECRET_PREVIOUS when it is set. */
export function sessionSecrets(config: Pick<Config, 'sessionSecret' | 'sessionSecretPrevious'>): string[] {
  return config.sessionSecretPrevious
    ? [config.sessionSecret, config.sessionSecretPrevious]
    : [config.sessionSecret];
}
