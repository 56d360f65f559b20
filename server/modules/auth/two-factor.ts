/**
 * Two-factor authentication with TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, as every
 * authenticator app reads them) through otplib, plus single-use backup codes (docs/security.md).
 *
 * - The secret is stored sealed under the two-factor key set (two-factor-keys.ts: versioned keys of
 *   their own, TWO_FACTOR_KEYS; by default one derived from SESSION_SECRET), the backup codes as
 *   keyed hashes (HMAC-SHA256 under a per-set-up key sealed with the secret): neither can be shown
 *   again, to the user or to staff. `rekey` re-seals every secret under the newest key.
 * - A code is accepted one step either side of now (clock drift), and never for a time step at or
 *   before the last one accepted (RFC 6238 §5.2: a code works once); such a code is refused as
 *   used (409 SECURITY_MSG.codeUsed), not as wrong, so the user waits for the next one.
 * - Set-up writes a pending secret (enabledAt null); set-up again while it is pending (a reload)
 *   keeps that secret, so the entry an authenticator app already has keeps working, and issues
 *   fresh backup codes; one valid code enables it; `users.two_factor_enabled`
 *   mirrors an enabled row for the request guard.
 *
 * Errors (AppError): 409 SECURITY_MSG.notSetUp / alreadyEnabled / notEnabled / codeUsed, 400
 * invalidCode.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DbOrTx } from '../../db/client';
import { twoFactors, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { BaseDeps } from '../../lib/base-deps';
import { endChallenges } from './challenges';
import { createTwoFactorKeys, TwoFactorKeyError } from './two-factor-keys';

/** Backup codes per set-up, and their shape: two groups of 5 from an unambiguous alphabet. */
const BACKUP_CODES = 10;
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Seconds either side of now a TOTP code is accepted in (one 30-second step). */
const TOLERANCE_SECONDS = 30;

/** Normalises a typed backup code: lower case, no dash or spaces. */
const normaliseBackupCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * What `rekey` did: rows read, re-sealed, already under the newest key, changed by their user
 * meanwhile (left as they are), and the user ids of those no key opens.
 */
export interface RekeyCounts {
  total: number;
  resealed: number;
  current: number;
  changed: number;
  unreadable: string[];
}

/**
 * Two-factor authentication, made from the base deps: the secrets' key set comes from
 * TWO_FACTOR_KEYS (else SESSION_SECRET) and SESSION_SECRET_PREVIOUS, the issuer authenticator apps
 * show is the brand's name (BRAND_NAME).
 */
export function createTwoFactor({ db, config, log }: BaseDeps) {
  const issuer = config.brand.name;
  if (config.env === 'production' && !config.twoFactorKeys?.length)
    log.warn(
      'TWO_FACTOR_KEYS is not set: two-factor secrets are sealed under a key derived from SESSION_SECRET, which then cannot rotate on its own (docs/operations.md "Keys and their rotation")',
    );
  const keys = createTwoFactorKeys({
    keys: config.twoFactorKeys,
    sessionSecret: config.sessionSecret,
    previousSecret: config.sessionSecretPrevious,
  });
  const backupHash = (backupKey: Buffer, userId: string, code: string) =>
    createHmac('sha256', backupKey)
      .update(`backup:${userId}:${normaliseBackupCode(code)}`)
      .digest('base64url');

  function newBackupCode(): string {
    const chars = Array.from(randomBytes(10), (b) => BACKUP_ALPHABET[b % BACKUP_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  }

  async function findRow(conn: DbOrTx, userId: string) {
    const [row] = await conn.select().from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
    return row;
  }

  /**
   * Checks a TOTP `code` against the user's secret and, when it is valid and newer than the last
   * accepted step, records its step in the same statement (so two concurrent uses of one code
   * cannot both pass). Answers whether the code was accepted; throws AppError 409 (codeUsed) for a
   * code of the secret whose time step was used already, here or by a concurrent request.
   */
  async function acceptTotp(
    conn: DbOrTx,
    userId: string,
    code: string,
    enabledOnly = true,
  ): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const row = await findRow(conn, userId);
    if (!row || (enabledOnly && !row.enabledAt)) return false;
    const secret = (await keys.open(userId, row.secretEncrypted)).totpSecret;
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      afterTimeStep: row.lastTimeStep,
    });
    if (!result.valid || !('timeStep' in result)) {
      // right for its step, but that step was used: said as such, so the user waits for the next
      const reused =
        row.lastTimeStep > 0 &&
        (await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS })).valid;
      if (reused) throw new AppError('authentication_code_used');
      return false;
    }
    const updated = await conn
      .update(twoFactors)
      .set({ lastTimeStep: result.timeStep, updatedAt: new Date() })
      .where(and(eq(twoFactors.userId, userId), sql`${twoFactors.lastTimeStep} < ${result.timeStep}`))
      .returning({ userId: twoFactors.userId });
    // a concurrent request took this step first
    if (updated.length === 0) throw new AppError('authentication_code_used');
    return true;
  }

  /** Uses up one of the user's backup codes; answers whether `code` was one. */
  async function acceptBackupCode(conn: DbOrTx, userId: string, code: string): Promise<boolean> {
    const row = await findRow(conn, userId);
    if (!row?.enabledAt) return false;
    const hash = backupHash((await keys.open(userId, row.secretEncrypted)).backupKey, userId, code);
    const used = await conn
      .update(twoFactors)
      .set({
        backupCodeHashes: sql`array_remove(${twoFactors.backupCodeHashes}, ${hash})`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(twoFactors.userId, userId),
          isNotNull(twoFactors.enabledAt),
          sql`${hash} = any(${twoFactors.backupCodeHashes})`,
        ),
      )
      .returning({ userId: twoFactors.userId });
    return used.length > 0;
  }

  return {
    /**
     * Starts set-up for a user without 2FA: a secret and 10 backup codes, not active until
     * `enable`. A pending set-up keeps its secret (`resumed`: a reload must not break the entry an
     * authenticator app already scanned); the backup codes are new each time. Answers the
     * otpauth:// URI (for the QR code) and the codes in clear, the only time they are ever shown.
     * Throws 409 when 2FA is already on.
     */
    async setUp(user: {
      id: string;
      email: string;
    }): Promise<{ totpURI: string; backupCodes: string[]; resumed: boolean }> {
      const existing = await findRow(db, user.id);
      if (existing?.enabledAt) throw new AppError('two_factor_already_on');
      const pending = existing && (await keys.open(user.id, existing.secretEncrypted).catch(() => null));
      const totpSecret = pending?.totpSecret ?? generateSecret();
      const backupKey = keys.newBackupKey();
      const backupCodes = Array.from({ length: BACKUP_CODES }, newBackupCode);
      const values = {
        secretEncrypted: await keys.seal(user.id, totpSecret, backupKey),
        backupCodeHashes: backupCodes.map((c) => backupHash(backupKey, user.id, c)),
        lastTimeStep: existing && pending ? existing.lastTimeStep : 0,
        enabledAt: null,
        updatedAt: new Date(),
      };
      await db
        .insert(twoFactors)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: twoFactors.userId, set: values });
      return {
        totpURI: generateURI({ issuer, label: user.email, secret: totpSecret }),
        backupCodes,
        resumed: Boolean(pending),
      };
    },

    /**
     * Turns a pending set-up on with one valid code (open sign-in challenges end). Throws 409 (no
     * set-up / already on), 400 (wrong code).
     */
    async enable(userId: string, code: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await findRow(tx, userId);
        if (!row) throw new AppError('two_factor_not_set_up');
        if (row.enabledAt) throw new AppError('two_factor_already_on');
        if (!(await acceptTotp(tx, userId, code, false))) throw new AppError('invalid_authentication_code');
        await tx.update(twoFactors).set({ enabledAt: new Date() }).where(eq(twoFactors.userId, userId));
        await tx
          .update(users)
          .set({ twoFactorEnabled: true, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await endChallenges(tx, userId);
      });
    },

    /** Turns 2FA off (set-up, secret and backup codes are deleted; open sign-in challenges end). */
    async remove(conn: DbOrTx, userId: string): Promise<void> {
      await conn.delete(twoFactors).where(eq(twoFactors.userId, userId));
      await endChallenges(conn, userId);
      await conn
        .update(users)
        .set({ twoFactorEnabled: false, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /**
     * Checks a second-factor code of a user with 2FA on: a TOTP code, or (unless `totpOnly`) an
     * unused backup code, which is used up. Answers whether it was accepted. Runs on `conn`, so a
     * caller's transaction can make the use part of its change.
     */
    async acceptCode(
      conn: DbOrTx,
      userId: string,
      code: string,
      opts: { totpOnly?: boolean } = {},
    ): Promise<boolean> {
      const trimmed = code.trim();
      if (/^\d{6}$/.test(trimmed)) return acceptTotp(conn, userId, trimmed);
      return !opts.totpOnly && acceptBackupCode(conn, userId, trimmed);
    },

    /**
     * Re-seals every stored secret (pending set-ups too) that is not under the newest key, keeping
     * its backup codes valid (docs/operations.md "Keys and their rotation"). Idempotent: a second
     * run re-seals nothing. A row changed meanwhile (set-up again, turned off) is left as it is now.
     * Answers the counts; rows no key opens are listed by user id and left alone.
     */
    async rekey(): Promise<RekeyCounts> {
      const rows = await db
        .select({ userId: twoFactors.userId, stored: twoFactors.secretEncrypted })
        .from(twoFactors)
        .orderBy(twoFactors.userId);
      const counts: RekeyCounts = { total: rows.length, resealed: 0, current: 0, changed: 0, unreadable: [] };
      for (const { userId, stored } of rows) {
        let opened;
        try {
          opened = await keys.open(userId, stored);
        } catch (e) {
          if (!(e instanceof TwoFactorKeyError)) throw e;
          counts.unreadable.push(userId);
          continue;
        }
        if (opened.current) {
          counts.current += 1;
          continue;
        }
        const sealed = await keys.seal(userId, opened.totpSecret, opened.backupKey);
        const moved = await db
          .update(twoFactors)
          .set({ secretEncrypted: sealed })
          .where(and(eq(twoFactors.userId, userId), eq(twoFactors.secretEncrypted, stored)))
          .returning({ userId: twoFactors.userId });
        if (moved.length > 0) counts.resealed += 1;
        else counts.changed += 1;
      }
      return counts;
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
