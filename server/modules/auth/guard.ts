/**
 * Request authentication (docs/architecture.md, "How a request flows", step 3).
 * `authenticate` reads `Authorization: Bearer <session token>`, loads the better-auth session row
 * with its user in one query (or, on PostgreSQL, from the session cache: session-cache.ts), and sets
 * `request.auth`; a bearer API key (`bk_…`, api-key-auth.ts) sets it too, with `apiKey`. Guards
 * built on it:
 * - `requireUser`  — 401 without a live session; 403 for a blocked user; 403 `api_key_not_allowed`
 *   for an API key, which serves the staff scope only (docs/integrations.md "API keys"), except a
 *   client's read-only key on a GET route marked `clientKeys` ("Client keys").
 * - `requireVerifiedUser` — also 403 until the e-mail is confirmed.
 * - `requireClient` — as `requireVerifiedUser`, and 403 for a staff member: the routes that move
 *   the caller's own money or open money requests are for clients only (docs/security.md
 *   "Separation of duties").
 * - `requireStaff` — also 403 unless the user has a staff role (common/permissions.ts), from an
 *   allowed network (STAFF_ALLOWED_NETWORKS: staff-networks.ts, refusals audited; a key with
 *   networks of its own is held to those instead), and
 *   (STAFF_TWO_FACTOR=required) until they have two-factor authentication on or a passkey.
 * The staff routes do not name a guard: their scope runs `requireStaff`, then checks the permission
 * each route declares (server/app.ts `staffGuard`).
 * Routes attach a guard as their `onRequest` hook, or their scope does (server/app.ts `signedIn`),
 * so it answers 401/403 before the body is parsed or validated: a visitor learns nothing about a
 * route's payload.
 * State-changing requests that carry the XSRF-TOKEN cookie must echo it in X-XSRF-TOKEN, and it must
 * be the HMAC of this session, else 403.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XSRF } from '@common/constants';
import { isStaffRole } from '@common/permissions';
import { CLIENT_KEY_SCOPE } from '@common/schemas/api-keys';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { BaseDeps } from '../../lib/base-deps';
import { sessionSecrets } from '../../lib/session-secrets';
import { markGuard } from '../../lib/guarded-scope';
import type { UserRow } from '../../db/rows';
import { idleWindowMs, isLive, isTouchDue, liveSessionWhere } from './idle';
import type { SessionCache, SessionRow } from './session-cache';
import { API_KEY_PREFIX, createKeyAuth, type RequestKey } from './api-key-auth';
import { checkStaffNetwork } from './staff-networks';
import { hasPasskey } from './staff-second-factor';

/**
 * Whether `auth`'s key is a client's read-only key (its member a client, its scope
 * `CLIENT_KEY_SCOPE`) on a GET of a route marked `clientKeys`.
 */
function clientKeyMayRead(req: FastifyRequest, auth: RequestAuth): boolean {
  return (
    req.method === 'GET' &&
    req.routeOptions.config?.clientKeys === true &&
    auth.user.role === 'client' &&
    (auth.apiKey?.permissions as readonly string[] | undefined)?.includes(CLIENT_KEY_SCOPE) === true
  );
}

export interface RequestAuth {
  user: UserRow;
  /** The session's id and token; empty for a call made with an API key. */
  sessionId: string;
  token: string;
  /** The API key of the call, when it was made with one (its user is the key's member). */
  apiKey?: RequestKey;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The XSRF token bound to a session: HMAC-SHA256(secret, session token), base64url. */
export function xsrfTokenFor(secret: string, sessionToken: string): string {
  return createHmac('sha256', secret).update(`xsrf:${sessionToken}`).digest('base64url');
}

/**
 * The session token of `Authorization: Bearer <token>`, accepted only whole: the session row holds
 * the bare token, so anything appended (`<token>.anything`) is a different token and gets 401.
 * Printable ASCII without dots only, at most 256 characters: a NUL or other control byte never
 * reaches the database (found by the fuzz test: was a 500).
 */
function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h || h.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  const token = h.slice(7).trim();
  return token.length > 0 && token.length <= 256 && /^[\x21-\x2d\x2f-\x7e]+$/.test(token) ? token : null;
}

/**
 * The guards of an app. `cache` (PostgreSQL only; null or absent on PGlite) serves known sessions
 * without a query; without it every authenticated request reads the session and its user.
 */
export function createGuards({ db, config }: BaseDeps, cache?: SessionCache | null) {
  const secrets = sessionSecrets(config);
  const authenticateKey = createKeyAuth(db);
  const idleMs = idleWindowMs(config);
  // Built once: every authenticated request runs it (building it each time was a large share of
  // the dashboard's CPU in the bench; docs/performance.md).
  const findSession = db
    .select({
      user: users,
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      remembered: sessions.remembered,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.token, sql.placeholder('token')),
        liveSessionWhere(sql.placeholder('now'), sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('guard_find_session');

  /**
   * The live session of `token`: from the cache when it holds it and it is still live (a cached
   * session idle past SESSION_IDLE_MINUTES is read again, and refused: idle.ts), else from the
   * database (then cached).
   */
  async function loadSession(token: string): Promise<SessionRow | undefined> {
    const now = new Date();
    const cached = cache?.get(token, now.getTime());
    if (cached && isLive(cached, now.getTime(), idleMs)) return cached;
    const mark = cache?.mark();
    const [row] = await findSession.execute({ token, now, idleSince: new Date(now.getTime() - idleMs) });
    if (row && cache && mark !== undefined) cache.set(token, row, mark, Date.now());
    return row;
  }

  async function authenticate(req: FastifyRequest): Promise<RequestAuth | null> {
    if (req.auth !== null) return req.auth;
    const token = bearerToken(req);
    if (!token) return null;
    if (token.startsWith(API_KEY_PREFIX)) {
      const found = await authenticateKey(req, token);
      if (!found) return null;
      req.auth = { user: found.user, sessionId: '', token: '', apiKey: found.key };
      return req.auth;
    }
    const row = await loadSession(token);
    if (!row) return null;
    const cookie = req.cookies?.[XSRF.cookie];
    if (cookie && !SAFE_METHODS.has(req.method)) {
      const header = req.headers[XSRF.header];
      const given = Buffer.from(typeof header === 'string' ? header : '');
      // SESSION_SECRET_PREVIOUS too: a rotation keeps open browser sessions working while it is set
      const matches = (s: string) => {
        const expected = Buffer.from(xsrfTokenFor(s, token));
        return given.length === expected.length && timingSafeEqual(given, expected);
      };
      if (cookie !== header || !secrets.some(matches)) {
        throw new AppError('xsrf_token_invalid');
      }
    }
    if (isTouchDue(row, Date.now())) {
      const now = new Date();
      await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
      cache?.touched(token, now);
    }
    req.auth = { user: row.user, sessionId: row.sessionId, token };
    return req.auth;
  }

  /** A live session or API key of a user who is not blocked. */
  async function requireCaller(req: FastifyRequest): Promise<RequestAuth> {
    const auth = await authenticate(req);
    if (!auth) throw new AppError('not_signed_in');
    if (auth.user.banned) throw new AppError('account_blocked');
    return auth;
  }

  async function requireUser(req: FastifyRequest, _reply?: FastifyReply): Promise<void> {
    const auth = await requireCaller(req);
    if (auth.apiKey && !clientKeyMayRead(req, auth)) throw new AppError('api_key_not_allowed');
  }

  async function requireVerifiedUser(req: FastifyRequest): Promise<void> {
    await requireUser(req);
    if (!req.auth!.user.emailVerified) throw new AppError('email_not_verified');
  }

  async function requireClient(req: FastifyRequest): Promise<void> {
    await requireVerifiedUser(req);
    if (req.auth!.user.role !== 'client') throw new AppError('clients_only');
  }

  async function requireStaff(req: FastifyRequest): Promise<void> {
    const { user, apiKey } = await requireCaller(req);
    if (!isStaffRole(user.role)) throw new AppError('not_admin');
    if (user.deactivatedAt) throw new AppError('staff_deactivated');
    const asked = `${req.method} ${req.routeOptions?.url ?? req.url}`;
    if (!apiKey?.ownNetworks) await checkStaffNetwork(db, config.staffAllowedNetworks, user, req.ip, asked);
    if (config.staffTwoFactor === 'required' && !user.twoFactorEnabled && !(await hasPasskey(db, user.id))) {
      throw new AppError('two_factor_required');
    }
  }

  // known as guards by identity: the OpenAPI document marks a route secured only when one of these
  // (or a scope's guard) protects it (server/lib/guarded-scope.ts)
  for (const guard of [requireUser, requireVerifiedUser, requireClient, requireStaff]) markGuard(guard);
  return { authenticate, requireUser, requireVerifiedUser, requireClient, requireStaff };
}

export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a request that passed a guard. */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.auth) throw new AppError('not_signed_in');
  return req.auth.user;
}

/** Where a request came from: the client IP (after TRUST_PROXY) and its user agent (≤ 500 chars). */
export function requestOrigin(req: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 500) };
}
