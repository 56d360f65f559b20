/**
 * The signature of a statement file (docs/transparency.md "Signed statements"). A signed statement
 * is the PDF exactly as drawn (it ends with `%%EOF` and a line feed) followed by ONE line:
 *
 *     %NW-Signature: <signature> key=<fingerprint>\n
 *
 * - `<signature>`: the Ed25519 signature (RFC 8032, pure, no pre-hash) of every byte before this
 *   line, 64 bytes in base64 (RFC 4648 §4, with padding: 88 characters);
 * - `<fingerprint>`: SHA-256 of the signing key's 32-byte public key, 64 lowercase hex characters,
 *   as GET /api/transparency/tree-head and the /transparency page publish it.
 *
 * A line starting with `%` after `%%EOF` is a comment PDF readers ignore, so the file still opens.
 * To check a file by hand: cut the last line, verify its signature over the rest with the published
 * public key. One changed byte anywhere (pages, the signature, the key) fails the check.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { SigningKey } from './signing-key';

/** What starts the signature line. */
export const SIGNATURE_PREFIX = '%NW-Signature: ';

const LINE = /^%NW-Signature: ([A-Za-z0-9+/]{86}==) key=([0-9a-f]{64})\n?$/;

/** `pdf` with its signature line appended (`pdf` must end with a line feed, as pdfkit writes it). */
export function signStatement(pdf: Buffer, key: SigningKey): Buffer {
  if (pdf[pdf.length - 1] !== 0x0a) throw new Error('The PDF must end with a line feed');
  const signature = Buffer.from(hexToBytes(key.sign(pdf))).toString('base64');
  return Buffer.concat([
    pdf,
    Buffer.from(`${SIGNATURE_PREFIX}${signature} key=${key.fingerprint}\n`, 'latin1'),
  ]);
}

/** A signed file split into the signed bytes and its signature line's parts. */
export interface SignedParts {
  signed: Buffer;
  signature: Uint8Array;
  fingerprint: string;
}

/** The parts of a signed file, or null when its last line is not a well-formed signature line. */
export function splitSignedStatement(file: Buffer): SignedParts | null {
  // the line starts after the last line feed before the end (ignoring one final line feed)
  const end = file[file.length - 1] === 0x0a ? file.length - 1 : file.length;
  const start = file.lastIndexOf(0x0a, end - 1) + 1;
  if (start <= 0) return null;
  const match = LINE.exec(file.subarray(start).toString('latin1'));
  if (!match) return null;
  return {
    signed: file.subarray(0, start),
    signature: new Uint8Array(Buffer.from(match[1]!, 'base64')),
    fingerprint: match[2]!,
  };
}

/** The outcome of checking a file's signature against `key`. */
export type SignatureCheck = 'authentic' | 'altered' | 'unsigned' | 'otherKey';

/**
 * Checks `file` against `key`: `unsigned` without a signature line, `otherKey` when the line names
 * another key, `altered` when the signature does not verify over the bytes before it.
 */
export function checkStatementSignature(
  file: Buffer,
  key: Pick<SigningKey, 'publicKey' | 'fingerprint'>,
): {
  check: SignatureCheck;
  parts: SignedParts | null;
} {
  const parts = splitSignedStatement(file);
  if (!parts) return { check: 'unsigned', parts };
  if (parts.fingerprint !== key.fingerprint) return { check: 'otherKey', parts };
  let ok: boolean;
  try {
    ok = ed25519.verify(parts.signature, new Uint8Array(parts.signed), hexToBytes(key.publicKey));
  } catch {
    ok = false;
  }
  return { check: ok ? 'authentic' : 'altered', parts };
}
