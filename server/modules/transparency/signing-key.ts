/**
 * The transparency signing key (docs/transparency.md "The key and its history"): one Ed25519 key (RFC 8032)
 * signs the log's tree heads and the statements. Its seed comes from `TRANSPARENCY_SIGNING_KEY`
 * (config.ts); absent, it is generated once and kept in `DATA_DIR/transparency-signing-key` (64 hex
 * characters, mode 0600), as the session secret is; with no data folder (tests) it lives in memory.
 * Every process of one deployment must use the same key: set the setting, or share DATA_DIR.
 *
 * `signingKeyFor(config)` answers the same key for the same config object, so every module of one
 * app (tree heads, statements) signs with one key without another member on the app's context.
 * `keyHistoryFor(config)` is the published key history (TRANSPARENCY_KEY_HISTORY, else the current
 * key alone), whose keys are the only ones any signature is ever checked with;
 * `logOriginFor(config)` is the checkpoints' origin and key name.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { keyFingerprint, type KeyHistoryEntry } from '@common/transparency/key-history';
import { NOTE_ED25519, verifierKey, type VerifierKey } from '@common/transparency/signed-note';
import type { Config } from '../../config';
import type { SignatureTrust } from './integrity-keys';
import { readOrCreateSeed } from './key-file';

export { SIGNING_KEY_FILE } from './key-file';

/** A signing key: signs bytes; publishes its public key and fingerprint. */
export interface SigningKey {
  /** The Ed25519 signature (RFC 8032) of `message`: 64 bytes as 128 lowercase hex characters. */
  sign(message: Uint8Array): string;
  /** The public key: 32 bytes as 64 lowercase hex characters. */
  publicKey: string;
  /** The same 32 bytes in base64. */
  publicKeyBase64: string;
  /** SHA-256 of the public key's 32 bytes, 64 lowercase hex characters (shown on /transparency). */
  fingerprint: string;
  /** The origin of the checkpoints it signs (their first line and the key's name in signed notes). */
  origin: string;
}

/** The origin of a key made without a config (tests, benches). */
export const DEFAULT_ORIGIN = 'localhost/journal';

type KeyConfig = Pick<Config, 'dataDir' | 'transparencySigningKey'> &
  Partial<Pick<Config, 'publicUrl' | 'transparencyOrigin'>>;

const keys = new WeakMap<object, SigningKey>();

/**
 * The key of this config: `transparencySigningKey` when set, else the seed kept in
 * `dataDir/transparency-signing-key` (created on first use), else (dataDir null) a random key kept
 * for the life of the config object. Throws when the kept file does not hold a 32-byte seed.
 */
export function signingKeyFor(config: KeyConfig): SigningKey {
  let key = keys.get(config);
  if (!key) {
    key = signingKeyFromSeed(
      hexToBytes(config.transparencySigningKey ?? readOrCreateSeed(config.dataDir)),
      config.publicUrl
        ? logOriginFor({ publicUrl: config.publicUrl, transparencyOrigin: config.transparencyOrigin })
        : DEFAULT_ORIGIN,
    );
    keys.set(config, key);
  }
  return key;
}

/** The key of a 32-byte Ed25519 seed, signing checkpoints under `origin`. */
export function signingKeyFromSeed(seed: Uint8Array, origin = DEFAULT_ORIGIN): SigningKey {
  if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes');
  const publicKeyBytes = ed25519.getPublicKey(seed);
  return {
    sign: (message) => bytesToHex(ed25519.sign(message, seed)),
    publicKey: bytesToHex(publicKeyBytes),
    publicKeyBase64: Buffer.from(publicKeyBytes).toString('base64'),
    fingerprint: bytesToHex(sha256(publicKeyBytes)),
    origin,
  };
}

/** The first `since` of a history made of the current key alone. */
const BEGINNING = '1970-01-01T00:00:00.000Z';

/**
 * The key history of this config, oldest first, the current key last: TRANSPARENCY_KEY_HISTORY
 * (already checked by loadConfig), else the current key alone. Throws when the configured history
 * does not end with the key that signs now (a rotation must be published before it is used).
 */
export function keyHistoryFor(config: KeyConfig & Pick<Config, 'transparencyKeyHistory'>): KeyHistoryEntry[] {
  const current = signingKeyFor(config).publicKey;
  const history = config.transparencyKeyHistory;
  if (!history?.length) return [{ publicKey: current, since: BEGINNING, signature: null }];
  if (history[history.length - 1]!.publicKey !== current) {
    throw new Error(
      `TRANSPARENCY_KEY_HISTORY does not end with the signing key (fingerprint ${keyFingerprint(current)})`,
    );
  }
  return history;
}

/** The public keys (hex) of the history by fingerprint: the only keys a signature is checked with. */
export function trustedKeysFor(
  config: KeyConfig & Pick<Config, 'transparencyKeyHistory'>,
): Map<string, string> {
  return new Map(keyHistoryFor(config).map((e) => [keyFingerprint(e.publicKey), e.publicKey]));
}

/** The checkpoints' origin: TRANSPARENCY_LOG_ORIGIN, else the public URL's host + "/journal". */
export function logOriginFor(config: Pick<Config, 'publicUrl' | 'transparencyOrigin'>): string {
  return config.transparencyOrigin ?? `${new URL(config.publicUrl).host}/journal`;
}

/** The log's C2SP verifier key (type 0x01 under the origin) for a public key (hex). */
export function logVerifierKey(origin: string, publicKey: string): VerifierKey {
  return verifierKey(origin, NOTE_ED25519, publicKey);
}

/** What the integrity check verifies signatures with: the history's keys and the log's origin. */
export function signatureTrustFor(
  config: KeyConfig & Pick<Config, 'transparencyKeyHistory'>,
): SignatureTrust {
  return { keys: trustedKeysFor(config), origin: signingKeyFor(config).origin };
}
