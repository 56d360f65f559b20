/**
 * The transparency signing key's seed as configured or kept on disk (docs/transparency.md "The key
 * and its history"): `TRANSPARENCY_SIGNING_KEY` (64 hex characters or base64 of 32 bytes), else the
 * seed generated once into `DATA_DIR/transparency-signing-key` (64 hex characters, mode 0600). Only
 * node's own modules, so the web build (scripts/transparency-pin.ts, run by vite.config.ts) reads the
 * same key the server signs with.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that keeps a generated seed. */
export const SIGNING_KEY_FILE = 'transparency-signing-key';

/** An Ed25519 seed given as 64 hex characters or as base64 of 32 bytes, as lowercase hex; null if neither. */
export function signingSeedHex(value: string): string | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return value.toLowerCase();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : null;
}

/**
 * The seed kept in `dataDir` (hex), created on first use; a random one when dataDir is null (kept
 * by the caller). Throws when the kept file does not hold a 32-byte seed.
 */
export function readOrCreateSeed(dataDir: string | null): string {
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
