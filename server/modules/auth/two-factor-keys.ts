/**
 * The key set that encrypts two-factor secrets (docs/operations.md "Keys and their rotation",
 * docs/security.md "Two-factor authentication"). Its own keys, apart from SESSION_SECRET, versioned
 * as better-auth's `secrets` are: `TWO_FACTOR_KEYS` lists `<version>:<secret>` pairs, newest first
 * (versions are integers ≥ 1, each secret 32+ characters). New secrets are sealed under the newest
 * with better-auth's versioned envelope (`$ba$<version>$…`, XChaCha20-Poly1305,
 * `better-auth/crypto`); every listed version still opens what it sealed.
 *
 * What one row holds, sealed: the TOTP secret, the key of the row's backup-code hashes (random per
 * set-up, so re-sealing under a new version leaves the backup codes valid) and the user id (a
 * sealed value copied to another user's row does not open there).
 *
 * Version 0 is the default when TWO_FACTOR_KEYS is unset: a key derived from SESSION_SECRET (HKDF).
 * It is tried with SESSION_SECRET and then SESSION_SECRET_PREVIOUS, so a SESSION_SECRET rotation
 * keeps version-0 rows readable while the previous secret is set. Rows written before the key set
 * existed (`v1:iv:body:tag`, AES-256-GCM under the HKDF key of SESSION_SECRET; their backup codes
 * hashed with that same key) open the same way, with no migration step.
 *
 * `rekey-two-factor` (scripts/staff.ts) re-seals every row that is not under the newest key.
 */
import { createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt, type SecretConfig } from 'better-auth/crypto';

/** One version of the key set: its number and its secret (32+ characters). */
export interface TwoFactorKey {
  version: number;
  secret: string;
}

/** What a sealed row holds, opened. `current`: sealed under the key new rows get (nothing to re-seal). */
export interface OpenedSecret {
  totpSecret: string;
  /** The HMAC-SHA256 key of the row's backup-code hashes. */
  backupKey: Buffer;
  current: boolean;
}

/** The version of the default key derived from SESSION_SECRET. */
export const DERIVED_VERSION = 0;

/** Raised when no key of the set opens a stored secret (a retired version, or the wrong secrets). */
export class TwoFactorKeyError extends Error {}

/**
 * Parses TWO_FACTOR_KEYS (`<version>:<secret>,…`, newest first). Answers the keys, or the message
 * naming what is wrong (bad entry, version < 1 or repeated, secret shorter than 32 characters).
 */
export function parseTwoFactorKeys(text: string): TwoFactorKey[] | string {
  const keys: TwoFactorKey[] = [];
  for (const [i, raw] of text.split(',').entries()) {
    const entry = raw.trim();
    const colon = entry.indexOf(':');
    const version = Number(entry.slice(0, colon));
    const secret = entry.slice(colon + 1).trim();
    if (colon < 1 || !/^\d+$/.test(entry.slice(0, colon)) || version < 1 || !Number.isSafeInteger(version))
      return `entry ${i + 1}: "<version>:<secret>" with a version of 1 or more`;
    if (keys.some((k) => k.version === version)) return `version ${version} is listed twice`;
    if (secret.length < 32) return `the secret of version ${version} must be at least 32 characters`;
    keys.push({ version, secret });
  }
  return keys;
}

/** The 32-byte HKDF-SHA256 key of SESSION_SECRET that sealed rows before the key set (`v1:`). */
export function legacyTwoFactorKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'broker-2fa', 'totp-secret-encryption', 32));
}

/** Version 0's secret: an HKDF-SHA256 key of SESSION_SECRET, as hex. */
function derivedSecret(sessionSecret: string): string {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'broker-2fa', 'two-factor-key-v0', 32)).toString(
    'hex',
  );
}

/** Opens a `v1:iv:body:tag` value with `key`; throws when it was sealed under another key. */
function openLegacy(stored: string, key: Buffer): string {
  const [, iv, body, tag] = stored.split(':');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body!, 'base64url')), decipher.final()]).toString('utf8');
}

/** The version a `$ba$<version>$…` envelope names, or null for another shape. */
function envelopeVersion(stored: string): number | null {
  const m = /^\$ba\$(\d+)\$/.exec(stored);
  return m ? Number(m[1]) : null;
}

/**
 * The key set of a config: `keys` from TWO_FACTOR_KEYS (undefined or empty → version 0 derived from
 * `sessionSecret`), `previousSecret` = SESSION_SECRET_PREVIOUS. Answers `seal` and `open`.
 */
export function createTwoFactorKeys(opts: {
  keys?: TwoFactorKey[];
  sessionSecret: string;
  previousSecret?: string;
}) {
  const sessionSecrets = [opts.sessionSecret, ...(opts.previousSecret ? [opts.previousSecret] : [])];
  const listed = opts.keys ?? [];
  const newest: TwoFactorKey = listed[0] ?? {
    version: DERIVED_VERSION,
    secret: derivedSecret(opts.sessionSecret),
  };
  const config = (key: TwoFactorKey): SecretConfig => ({
    keys: new Map([[key.version, key.secret]]),
    currentVersion: key.version,
  });
  /** The keys that may have sealed a value of `version`, the one new rows get first. */
  const candidates = (version: number): TwoFactorKey[] =>
    version === DERIVED_VERSION
      ? sessionSecrets.map((s) => ({ version, secret: derivedSecret(s) }))
      : listed.filter((k) => k.version === version);

  return {
    /** The version new rows are sealed under. */
    newestVersion: newest.version,

    /** Seals a user's TOTP secret and backup-code key under the newest key. */
    seal(userId: string, totpSecret: string, backupKey: Buffer): Promise<string> {
      const data = JSON.stringify({ u: userId, t: totpSecret, b: backupKey.toString('base64url') });
      return symmetricEncrypt({ key: config(newest), data });
    },

    /**
     * Opens user `userId`'s sealed value (an envelope or a `v1:` value). Throws TwoFactorKeyError
     * when no key of the set opens it, naming the version it needs.
     */
    async open(userId: string, stored: string): Promise<OpenedSecret> {
      if (stored.startsWith('v1:')) {
        for (const s of sessionSecrets) {
          const key = legacyTwoFactorKey(s);
          try {
            return { totpSecret: openLegacy(stored, key), backupKey: key, current: false };
          } catch {
            // sealed under the other session secret: try it
          }
        }
        throw new TwoFactorKeyError(
          `the two-factor secret of user ${userId} is sealed under a key derived from a SESSION_SECRET that is neither SESSION_SECRET nor SESSION_SECRET_PREVIOUS`,
        );
      }
      const version = envelopeVersion(stored);
      for (const key of version === null ? [] : candidates(version)) {
        let data: { u?: string; t?: string; b?: string };
        try {
          data = JSON.parse(await symmetricDecrypt({ key: config(key), data: stored })) as typeof data;
        } catch {
          continue; // version 0 under the other session secret
        }
        if (data.u !== userId || !data.t || !data.b) break;
        return {
          totpSecret: data.t,
          backupKey: Buffer.from(data.b, 'base64url'),
          current: key.version === newest.version && key.secret === newest.secret,
        };
      }
      throw new TwoFactorKeyError(
        version === null
          ? `the two-factor secret of user ${userId} is not in a known format`
          : `the two-factor secret of user ${userId} needs key version ${version}, which ${
              version === DERIVED_VERSION
                ? 'neither SESSION_SECRET nor SESSION_SECRET_PREVIOUS derives'
                : 'TWO_FACTOR_KEYS does not list'
            }`,
      );
    },

    /** A fresh random key for a new set-up's backup-code hashes. */
    newBackupKey: (): Buffer => randomBytes(32),
  };
}

export type TwoFactorKeys = ReturnType<typeof createTwoFactorKeys>;
