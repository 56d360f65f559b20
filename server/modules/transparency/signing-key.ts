/**
 * The transparency signing key (docs/transparency.md "The signing key"): one Ed25519 key (RFC 8032)
 * signs the log's tree heads and the statements. Its seed comes from `TRANSPARENCY_SIGNING_KEY`
 * (config.ts); absent, it is generated once and kept in `DATA_DIR/transparency-signing-key` (64 hex
 * characters, mode 0600), as the session secret is; with no data folder (tests) it lives in memory.
 * Every process of one deployment must use the same key: set the setting, or share DATA_DIR.
 *
 * `signingKeyFor(config)` answers the same key for the same config object, so every module of one
 * app (tree heads, statements) signs with one key without another member on the app's context.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { type Config, signingSeedHex } from '../../config';

/** The file in DATA_DIR that keeps a generated seed. */
export const SIGNING_KEY_FILE = 'transparency-signing-key';

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
}

const keys = new WeakMap<object, SigningKey>();

/**
 * The key of this config: `transparencySigningKey` when set, else the seed kept in
 * `dataDir/transparency-signing-key` (created on first use), else (dataDir null) a random key kept
 * for the life of the config object. Throws when the kept file does not hold a 32-byte seed.
 */
export function signingKeyFor(config: Pick<Config, 'dataDir' | 'transparencySigningKey'>): SigningKey {
  let key = keys.get(config);
  if (!key) {
    key = signingKeyFromSeed(hexToBytes(config.transparencySigningKey ?? readOrCreateSeed(config.dataDir)));
    keys.set(config, key);
  }
  return key;
}

/** The key of a 32-byte Ed25519 seed. */
export function signingKeyFromSeed(seed: Uint8Array): SigningKey {
  if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes');
  const publicKeyBytes = ed25519.getPublicKey(seed);
  return {
    sign: (message) => bytesToHex(ed25519.sign(message, seed)),
    publicKey: bytesToHex(publicKeyBytes),
    publicKeyBase64: Buffer.from(publicKeyBytes).toString('base64'),
    fingerprint: bytesToHex(sha256(publicKeyBytes)),
  };
}

function readOrCreateSeed(dataDir: string | null): string {
  if (dataDir === null) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (existsSync(file)) {
    const seed = signingSeedHex(readFileSync(file, 'utf8').trim());
    if (!seed) throw new Error(`${file} does not hold a 32-byte Ed25519 seed (64 hex characters)`);
    return seed;
  }
  mkdirSync(dataDir, { recursive: true });
  const seed = randomBytes(32).toString('hex');
  // 'wx': two processes starting at once on one shared DATA_DIR: the second reads the first's seed
  try {
    writeFileSync(file, `${seed}\n`, { mode: 0o600, flag: 'wx' });
    return seed;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateSeed(dataDir);
    throw err;
  }
}
