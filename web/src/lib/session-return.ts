/**
 * Where to come back after a session ended (a 401 from the API: idle, revoked or expired), kept in
 * sessionStorage for this tab only: the page that was open (path and query) and whether a session
 * had been open, so the sign-in page says "Your session ended; sign in again" and the sign-in comes
 * back to that page instead of the landing page. Only a path of the client area or the back office
 * is ever kept or answered.
 */
const KEY = 'session-return';

/** What the sign-in page reads: the page to come back to and whether a session ended. */
export interface SessionReturn {
  /** Path and query of the page that was open, e.g. `/account/deposit/bitcoin?wallet=ethereum`. */
  path: string;
  /** A session had been open (false: a visitor who was never signed in). */
  ended: boolean;
}

/** A page of the client area or the back office (not `//host`, not the admin login itself). */
function isOwnPath(path: string): boolean {
  return /^\/(account|admin)(\/|\?|$)/.test(path) && !/^\/admin\/login\b/.test(path);
}

/** Keeps `path` to come back to after the next sign-in in this tab. */
export function rememberReturn(path: string, ended: boolean): void {
  if (!isOwnPath(path)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, ended } satisfies SessionReturn));
  } catch {
    // storage refused (private mode, quota): the sign-in lands on its usual page
  }
}

/** The kept return, or null; it stays until `takeReturn` or `forgetReturn`. */
export function peekReturn(): SessionReturn | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<SessionReturn> | null;
    if (!kept || typeof kept.path !== 'string' || !isOwnPath(kept.path)) return null;
    return { path: kept.path, ended: kept.ended === true };
  } catch {
    return null;
  }
}

/** Forgets the kept return. */
export function forgetReturn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/**
 * The kept path, once (it is forgotten), when it belongs to the area just signed in to: a back
 * office path after the admin login, any other path after a client's; null otherwise.
 */
export function takeReturn(asAdmin: boolean): string | null {
  const kept = peekReturn();
  forgetReturn();
  if (!kept) return null;
  return kept.path.startsWith('/admin') === asAdmin ? kept.path : null;
}
