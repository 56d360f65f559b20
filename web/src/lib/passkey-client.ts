/**
 * Passkey ceremonies in the browser through better-auth's client plugin (`@better-auth/passkey/client`,
 * which runs @simplewebauthn/browser): it fetches the options from /api/auth/passkey/…, asks the
 * browser's authenticator, and posts the answer back. No WebAuthn code of ours. Its calls carry the
 * session's bearer token and the XSRF header as lib/api-client.ts's do; the signed challenge travels
 * in the plugin's HttpOnly cookie. Its refusals become `ApiError`s with the API's code (screens
 * branch on it); a cancelled or timed-out ceremony has no code and reads PASSKEY_MSG.cancelled.
 */
import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/client';
import { XSRF } from '@common/constants';
import { isErrorCode } from '@common/errors';
import { PASSKEY_MSG } from '@common/schemas/passkeys';
import { ApiError } from './api-client';
import { getToken } from './session';

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

/** Headers every call sends: the session's bearer token and the XSRF echo, when there are any. */
function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const xsrf = readCookie(XSRF.cookie);
  if (xsrf) headers[XSRF.header] = xsrf;
  return headers;
}

let client: ReturnType<typeof makeClient> | null = null;

function makeClient() {
  return createAuthClient({
    baseURL: `${window.location.origin}/api/auth`,
    plugins: [passkeyClient()],
    fetchOptions: {
      credentials: 'include',
      // every call, the options' GETs included, as the signed-in user when there is one
      onRequest: (context) => {
        for (const [name, value] of Object.entries(sessionHeaders())) context.headers.set(name, value);
        return context;
      },
    },
  });
}

/** The client, made on first use (the pages are prerendered where there is no window). */
function passkeys() {
  client ??= makeClient();
  return client;
}

/** A plugin answer's error as an ApiError. */
function fail(error: { status?: number; code?: string; message?: string }): never {
  const code = isErrorCode(error.code) ? error.code : undefined;
  throw new ApiError(
    error.status ?? 0,
    code ? (error.message ?? PASSKEY_MSG.failed) : PASSKEY_MSG.cancelled,
    code,
  );
}

/** Registers a new passkey named `name` with this device's authenticator. */
export async function addPasskey(name: string): Promise<void> {
  const result = await passkeys().passkey.addPasskey({ name });
  if (result.error) fail(result.error);
}

/**
 * Asks the authenticator for an assertion and posts it with `headers` (`x-sign-in-challenge` for a
 * sign-in's second step, `x-passkey-purpose: reverify` for a confirmation). Answers the API's answer.
 */
export async function assertPasskey<T>(headers: Record<string, string> = {}): Promise<T> {
  const result = await passkeys().signIn.passkey({
    fetchOptions: { headers },
  });
  if (result.error) fail(result.error);
  return result.data as T;
}
