/**
 * The second sign-in step's state between /signin (or /admin/login) and /two-factor: the server's
 * challenge, which login it came from and the remember-me choice. It lives in sessionStorage, so it
 * survives a reload of /two-factor but not the tab; the server ends the challenge after 5 minutes.
 */

const KEY = 'two_factor_challenge';

/** A password step that now waits for an authenticator or backup code. */
export interface PendingChallenge {
  challenge: string;
  /** Came from /admin/login: the answer must be an admin's, and the back office opens after it. */
  asAdmin: boolean;
  /** Keep the session in localStorage (remember me) rather than for this tab only. */
  remember: boolean;
}

/** Keeps the challenge for /two-factor. */
export function savePendingChallenge(pending: PendingChallenge): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

/** The kept challenge, or null when there is none (or it cannot be read). */
export function readPendingChallenge(): PendingChallenge | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingChallenge>;
    if (typeof value.challenge !== 'string') return null;
    return {
      challenge: value.challenge,
      asAdmin: value.asAdmin === true,
      remember: value.remember !== false,
    };
  } catch {
    return null;
  }
}

/** Forgets the challenge (used, expired, or a new sign-in started). */
export function clearPendingChallenge(): void {
  sessionStorage.removeItem(KEY);
}
