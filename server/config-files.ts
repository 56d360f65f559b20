/**
 * Settings that live in files rather than in the environment (server/config.ts `loadConfig` reads
 * them): the transparency key history and the laptop's generated session secret.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { checkKeyHistory, type KeyHistoryEntry } from '@common/transparency/key-history';

/**
 * The key history in `file` (JSON list, common/transparency/key-history.ts). Throws an Error naming
 * the file when it cannot be read or does not check out (each key certified by the one before).
 */
export function readKeyHistory(file: string): KeyHistoryEntry[] {
  let history: KeyHistoryEntry[];
  try {
    history = z
      .array(z.object({ publicKey: z.string(), since: z.string(), signature: z.string().nullable() }))
      .parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(
      `Invalid configuration:\n  TRANSPARENCY_KEY_HISTORY: ${file}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const wrong = checkKeyHistory(history);
  if (wrong) throw new Error(`Invalid configuration:\n  TRANSPARENCY_KEY_HISTORY: ${file}: ${wrong}`);
  return history;
}

/**
 * The session secret kept in `dataDir`/session-secret (mode 0600), made of 32 random bytes on the
 * first start without SESSION_SECRET (docs/deployment.md sets one in production). Answers base64url.
 */
export function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
