/**
 * What the web build pins (docs/transparency.md "The key and its history"): the transparency key the
 * browser accepts tree heads from, and the witnesses whose cosignatures it requires. vite.config.ts
 * writes them into the bundle (`__TRANSPARENCY_PIN__`), so they reach a client with the site's code,
 * not in the same answer as the heads they judge.
 *
 * The pinned key, the first of:
 * 1. TRANSPARENCY_PINNED_KEY: an Ed25519 public key (64 hex characters), for builds made without
 *    the private key (a CI or image build);
 * 2. the last key of TRANSPARENCY_KEY_HISTORY (a JSON file);
 * 3. the public key of the seed the server signs with (TRANSPARENCY_SIGNING_KEY, else
 *    DATA_DIR/transparency-signing-key, created here if absent), so `npm install && npm start`
 *    pins the laptop's own key.
 * The witnesses: TRANSPARENCY_WITNESSES (C2SP verifier keys), none by default.
 * Reads the environment and `.env` as the server does (the environment wins).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { config as readEnvFile } from 'dotenv';
import { readOrCreateSeed, signingSeedHex } from '../server/modules/transparency/key-file.js';

/** The pinned key (64 hex), its fingerprint (SHA-256, hex) and the witness verifier keys the browser is built with. */
export interface TransparencyPin {
  publicKey: string;
  fingerprint: string;
  witnesses: string[];
}

const pinOf = (publicKey: string, witnesses: string[]): TransparencyPin => ({
  publicKey,
  fingerprint: createHash('sha256').update(Buffer.from(publicKey, 'hex')).digest('hex'),
  witnesses,
});

/** The pin for `env` (see the header). Throws when a setting is malformed. */
export function transparencyPin(env: NodeJS.ProcessEnv = process.env): TransparencyPin {
  const witnesses = (env.TRANSPARENCY_WITNESSES ?? '').split(/[\s,]+/).filter(Boolean);
  const pinned = env.TRANSPARENCY_PINNED_KEY?.trim().toLowerCase();
  if (pinned) {
    if (!/^[0-9a-f]{64}$/.test(pinned))
      throw new Error('TRANSPARENCY_PINNED_KEY: a 32-byte public key in hex');
    return pinOf(pinned, witnesses);
  }
  if (env.TRANSPARENCY_KEY_HISTORY) {
    const history = JSON.parse(readFileSync(env.TRANSPARENCY_KEY_HISTORY, 'utf8')) as Array<{
      publicKey: string;
    }>;
    const last = history[history.length - 1]?.publicKey;
    if (!last || !/^[0-9a-f]{64}$/.test(last))
      throw new Error('TRANSPARENCY_KEY_HISTORY: no key in the history');
    return pinOf(last, witnesses);
  }
  const configured = env.TRANSPARENCY_SIGNING_KEY?.trim();
  const seed = configured
    ? signingSeedHex(configured)
    : readOrCreateSeed(path.resolve(env.DATA_DIR || './data'));
  if (!seed) throw new Error('TRANSPARENCY_SIGNING_KEY: a 32-byte Ed25519 seed: 64 hex characters or base64');
  return pinOf(Buffer.from(ed25519.getPublicKey(Buffer.from(seed, 'hex'))).toString('hex'), witnesses);
}

/** The pin of this build's environment, `.env` included. */
export function buildPin(): TransparencyPin {
  const env = { ...process.env };
  readEnvFile({ quiet: true, processEnv: env });
  return transparencyPin(env);
}
