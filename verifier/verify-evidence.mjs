#!/usr/bin/env node
/**
 * Checks an evidence file of "Download my evidence" offline (docs/transparency.md "Your evidence"):
 *
 *   node verifier/verify-evidence.mjs evidence-2026-01-31.json [--pin <key fingerprint>]
 *
 * `--pin`: the key fingerprint you wrote down (64 hex), instead of the one the file names. Prints
 * what it checked and exits 0 when everything holds; 1 with the first failure in words otherwise;
 * 2 for a wrong command line or an unreadable file. Node.js built-ins only (SHA-256 and Ed25519 of
 * node:crypto); the checks are evidence-checks.mjs, which the page index.html runs too.
 */
import { Buffer } from 'node:buffer';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { verifyEvidence } from './evidence-checks.mjs';

/** The DER prefix of an Ed25519 public key in SubjectPublicKeyInfo (RFC 8410); the 32 key bytes follow. */
const ED25519_SPKI = Buffer.from('302a300506032b6570032100', 'hex');

/** SHA-256 and Ed25519 of node:crypto, as evidence-checks.mjs asks for them. */
export const nodeCrypto = {
  sha256: (bytes) => new Uint8Array(createHash('sha256').update(bytes).digest()),
  verifyEd25519: (publicKey, signature, message) => {
    try {
      const key = createPublicKey({
        key: Buffer.concat([ED25519_SPKI, publicKey]),
        format: 'der',
        type: 'spki',
      });
      return verify(null, message, key, signature);
    } catch {
      return false;
    }
  },
};

const USAGE = 'usage: node verifier/verify-evidence.mjs <evidence.json> [--pin <key fingerprint, 64 hex>]';

/** Runs the command on `args`; answers the exit code, writing to `out` and `err`. */
export async function main(args, out = console.log, err = console.error) {
  const pinAt = args.indexOf('--pin');
  const pin = pinAt >= 0 ? args[pinAt + 1]?.toLowerCase() : undefined;
  const files = pinAt < 0 ? args : args.filter((_, i) => i !== pinAt && i !== pinAt + 1);
  if (files.length !== 1 || (pinAt >= 0 && !/^[0-9a-f]{64}$/.test(pin ?? ''))) {
    err(USAGE);
    return 2;
  }
  let text;
  try {
    text = await readFile(files[0], 'utf8');
  } catch (error) {
    err(`Cannot read ${files[0]}: ${error.message}`);
    return 2;
  }
  const result = await verifyEvidence(text, { crypto: nodeCrypto, pin });
  for (const line of result.report) out(`✓ ${line}`);
  if (!result.ok) {
    err(`✗ NOT VERIFIED: ${result.failure}.`);
    return 1;
  }
  out('Evidence verified. It proves what the operator signed, not that it showed you every entry;');
  out('compare the trusted fingerprint above with the one you wrote down.');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
