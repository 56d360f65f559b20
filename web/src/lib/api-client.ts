/**
 * The one way the browser talks to the API: JSON over fetch to `/api`, cookies included,
 * `Authorization: Bearer <token>` from the session, and the `XSRF-TOKEN` cookie echoed in the
 * `X-XSRF-TOKEN` header. Failures throw `ApiError` with the answer's `code` (common/errors.ts: screens
 * branch on it, never on the message); any 401 ends the session; a 403 `two_factor_required` (staff
 * without two-factor authentication) raises the set-up flag (lib/session.ts).
 */
import { XSRF } from '@common/constants';
import { isErrorCode, type ErrorCode } from '@common/errors';
import type { PublicUser } from '@common/types';
import { paths } from '../config/paths';
import { clearSession, getToken, markTwoFactorSetupRequired } from './session';
import { rememberReturn } from './session-return';

const BASE_URL = '/api';

/**
 * A failed call: `status` is the HTTP status (0 when no answer came), `code` the answer's error code
 * (undefined when none came: no answer, or one that is not the API's), `message` what to show.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;

  constructor(status: number, message: string, code?: ErrorCode) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** Whether `error` is the API's answer with `code` (e.g. `isApiError(e, 'insufficient_balance')`). */
export function isApiError(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/** Answer of the calls that only report an outcome, in words. */
export interface MessageAnswer {
  message: string;
}

/** Answer of the calls that report an outcome and the updated user. */
export interface UserAnswer extends MessageAnswer {
  user: PublicUser;
}

/** Query parameters; undefined entries are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

/** Options of one call. */
export interface RequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

function buildUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return `${BASE_URL}${path}${query ? `?${query}` : ''}`;
}

/**
 * After a 401, /admin pages go to the admin login, /signin stays, the rest go to /signin.
 * The second sign-in step stays too: it says itself that the sign-in has expired. The page left is
 * kept (lib/session-return.ts), with whether a session had been open (`ended`): the sign-in page
 * then says the session ended, and the sign-in comes back to it.
 */
function redirectAfterUnauthorized(ended: boolean): void {
  const current = window.location.pathname;
  if (current.includes(paths.signin) || current === paths.twoFactor) return;
  const target = current.includes(paths.admin.root) ? paths.admin.login : paths.signin;
  if (current === target) return;
  rememberReturn(`${current}${window.location.search}`, ended);
  window.location.assign(target);
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
  asBlob = false,
): Promise<T> {
  const headers: Record<string, string> = { Accept: asBlob ? '*/*' : 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = readCookie(XSRF.cookie);
  if (xsrf) headers[XSRF.header] = xsrf;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    throw new ApiError(0, aborted ? 'Request aborted' : 'Network Error');
  }

  if (response.ok && asBlob) return (await response.blob()) as T;
  const data = await parseBody(response);
  if (!response.ok) {
    if (response.status === 401) {
      clearSession();
      redirectAfterUnauthorized(token !== null);
    }
    const answer = (data && typeof data === 'object' ? data : {}) as { code?: unknown; message?: unknown };
    const message =
      typeof answer.message === 'string'
        ? answer.message
        : `Request failed with status code ${response.status}`;
    const code = isErrorCode(answer.code) ? answer.code : undefined;
    // staff without two-factor: the admin layout takes them to the set-up screen
    if (code === 'two_factor_required') markTwoFactorSetupRequired();
    throw new ApiError(response.status, message, code);
  }
  return data as T;
}

/** JSON client of the API; paths are relative to `/api` (e.g. `api.get('/auth/user')`). */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  /** A DELETE may carry a body: a void's reason. */
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
  /** GET a file (an image, a CSV export) as a Blob, with the same headers and error handling. */
  blob: (path: string, options?: RequestOptions) => request<Blob>('GET', path, undefined, options, true),
};

/** The message to show for any error thrown by a call (or `fallback` for a non-API error). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
