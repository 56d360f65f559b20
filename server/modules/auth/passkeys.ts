/**
 * Passkeys (docs/security.md "Passkeys"): registration and sign-in ceremonies run by better-auth's
 * passkey plugin (WebAuthn through @simplewebauthn: challenge, origin, relying party, signature and
 * counter checks), called through `auth.api.*` only; around them, ours:
 * - the list, rename and removal of the signed-in user's own passkeys (every query names the user);
 * - removal needs a fresh proof (the password or an authenticator/backup code in the request, or a
 *   passkey confirmation of this very session within 5 minutes, used up by it), so a stolen session
 *   alone cannot strip the owner's passkeys;
 * - adding and removing are audited (`passkey.add`, `passkey.remove`), e-mailed and noticed;
 * - a confirmation (`reverify`) proves presence without opening a session.
 *
 * Throws AppError: 401 passkey_failed, 400 passkey_registration_failed, 403 passkey_session_not_fresh
 * / reverification_required / account_blocked, 404 not_found, 400 wrong_password /
 * invalid_authentication_code (counted toward the sign-in lock).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import type { Passkey, PasskeyRemoveInput } from '@common/schemas/passkeys';
import { passkeys, sessionReverifications } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { recordAudit } from '../../lib/audit';
import { AppError, type ErrorCode } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/service-deps';
import { inTransaction } from '../../lib/unit-of-work';
import { checkPassword } from './better-auth';
import { passkeyChangedMail } from './emails';
import { createFreshFactor } from './fresh-factor';

/** The plugin's error codes → ours (common/errors.ts). */
const TRANSLATE: Record<string, ErrorCode> = {
  SESSION_NOT_FRESH: 'passkey_session_not_fresh',
  FAILED_TO_VERIFY_REGISTRATION: 'passkey_registration_failed',
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'passkey_registration_failed',
  BANNED_USER: 'account_blocked',
};

/** Runs a plugin call; its refusals become AppErrors (`fallback` for any other 4xx). */
async function plugin<T>(fallback: ErrorCode, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isAPIError(e)) {
      // the plugin answers a registration it cannot verify (a malformed attestation) with a 500
      const code = (e.body as { code?: string } | undefined)?.code ?? '';
      if (TRANSLATE[code]) throw new AppError(TRANSLATE[code]);
      if (e.statusCode < 500) throw new AppError(fallback);
    }
    throw e;
  }
}

type Row = typeof passkeys.$inferSelect;

/** A passkey row as the settings list it. */
const present = (r: Row): Passkey => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  backedUp: r.backedUp,
});

/**
 * A ceremony's options as the plugin answers them (`returnHeaders: true`): the options for the
 * browser, and the Set-Cookie of the signed challenge (5 minutes) the next call must carry.
 */
const withChallenge = ({ headers, response }: { headers: Headers; response: unknown }) => ({
  options: response as Record<string, unknown>,
  setCookie: headers.get('set-cookie'),
});

/** What a ceremony call forwards from the request: its cookies (the signed challenge) and bearer token. */
export interface CeremonyHeaders {
  cookie?: string;
  authorization?: string;
  userAgent: string;
  ip: string;
}

const toHeaders = (h: CeremonyHeaders) => {
  const out = new Headers();
  const entries: [string, string | undefined][] = [
    ['user-agent', h.userAgent],
    ['x-forwarded-for', h.ip],
    ['cookie', h.cookie],
    ['authorization', h.authorization],
  ];
  for (const [name, value] of entries) {
    if (!value) continue;
    // a value the Fetch API refuses (a NUL, CR or LF, or a character past U+00FF) names no session
    // and no challenge: it is left out, and the plugin refuses the ceremony as it would without it
    try {
      out.set(name, value);
    } catch {
      continue;
    }
  }
  return out;
};

export function createPasskeyService(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'auth' | 'mailer' | 'notifications' | 'throttle' | 'twoFactor'>,
) {
  const { db, log, auth, mailer, notifications, throttle } = deps;
  const confirmFresh = createFreshFactor(deps);

  async function own(userId: string, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .limit(1);
    if (!row) throw new AppError('not_found');
    return row;
  }

  /**
   * Records a change (after `work`, in the same transaction) in the audit log and the owner's
   * notifications, then e-mails them.
   */
  async function announce(
    user: UserRow,
    ip: string,
    change: 'added' | 'removed',
    row: Row,
    work?: (tx: Tx) => Promise<unknown>,
  ) {
    const name = row.name ?? 'Unnamed passkey';
    await inTransaction(db, log, async (u) => {
      await work?.(u.tx);
      await recordAudit(
        u.tx,
        { id: user.id, ip },
        {
          action: change === 'added' ? 'passkey.add' : 'passkey.remove',
          targetUserId: user.id,
          targetId: row.id,
          ...(change === 'added' ? { after: { name } } : { before: { name } }),
        },
      );
      await notifications.notify(
        u,
        {
          userId: user.id,
          title: change === 'added' ? 'Passkey added' : 'Passkey removed',
          message: `The passkey "${name}" was ${change} ${change === 'added' ? 'to' : 'from'} your account. If this was not you, reset your password and contact support at once.`,
        },
        { mail: false },
      );
    });
    await mailer.send(passkeyChangedMail(user, change, name));
  }

  return {
    /** The user's passkeys, newest first. */
    async list(userId: string): Promise<Passkey[]> {
      const rows = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(desc(passkeys.createdAt));
      return rows.map(present);
    },

    /**
     * Registration options for the signed-in user (a session under a day old: the plugin's fresh
     * session rule). Answers the options and the Set-Cookie of the signed challenge (5 minutes).
     */
    async registrationOptions(h: CeremonyHeaders) {
      return withChallenge(
        await plugin('passkey_registration_failed', () =>
          auth.api.generatePasskeyRegistrationOptions({ headers: toHeaders(h), returnHeaders: true }),
        ),
      );
    },

    /** Verifies the browser's registration and stores the passkey; audited, noticed, e-mailed. */
    async register(user: UserRow, h: CeremonyHeaders, response: unknown, name?: string): Promise<Passkey> {
      const created = await plugin('passkey_registration_failed', () =>
        auth.api.verifyPasskeyRegistration({
          body: { response, ...(name && { name }) },
          headers: toHeaders(h),
        }),
      );
      const row = await own(user.id, (created as { id: string }).id);
      await announce(user, h.ip, 'added', row);
      return present(row);
    },

    /** Sign-in (or confirmation) options; answers them and the Set-Cookie of the signed challenge. */
    async authenticationOptions(h: CeremonyHeaders) {
      return withChallenge(
        await plugin('passkey_failed', () =>
          auth.api.generatePasskeyAuthenticationOptions({ headers: toHeaders(h), returnHeaders: true }),
        ),
      );
    },

    /**
     * Verifies the browser's assertion (user verification required, the signature counter moved).
     * Answers the session the plugin opened and its user id; the passkey's last use is recorded.
     */
    async authenticate(h: CeremonyHeaders, response: { id: string }) {
      const { session } = await plugin('passkey_failed', () =>
        // the body was validated by the route (common/schemas/passkeys.ts), the rest by the plugin
        auth.api.verifyPasskeyAuthentication({ body: { response } as never, headers: toHeaders(h) }),
      );
      await db.update(passkeys).set({ lastUsedAt: new Date() }).where(eq(passkeys.credentialID, response.id));
      return { token: session.token, userId: session.userId };
    },

    /** Marks `sessionId` as confirmed by a passkey now (REVERIFY_TTL_MS, one use). */
    async markReverified(sessionId: string): Promise<void> {
      await db
        .insert(sessionReverifications)
        .values({ sessionId })
        .onConflictDoUpdate({ target: sessionReverifications.sessionId, set: { verifiedAt: sql`now()` } });
    },

    /** Renames one of the user's passkeys. Throws 404 for another's or an unknown id. */
    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      await own(userId, id);
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return present(row!);
    },

    /**
     * Removes one of the user's passkeys after a fresh proof (module doc): the password, or a code
     * (each checked under the sign-in lock), else this session's passkey confirmation of the last 5
     * minutes, used up here. Throws 403 reverification_required without any; audited and e-mailed.
     */
    async remove(user: UserRow, sessionId: string, id: string, proof: PasskeyRemoveInput, ip: string) {
      const row = await own(user.id, id);
      if (proof.password !== undefined) {
        await throttle.checkSecret(user, () => checkPassword(auth, user.id, proof.password!));
      } else {
        await confirmFresh(user, sessionId, proof.code);
      }
      await announce(user, ip, 'removed', row, (tx) =>
        tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id))),
      );
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
