/**
 * The signature of a statement file (docs/transparency.md "Signed statements"). A signed statement
 * is the PDF exactly as drawn (it ends with `%%EOF` and a line feed) followed by ONE line:
 *
 *     %NW-Signature-v2: <signature> key=<fingerprint>\n
 *
 * - `<signature>`: the Ed25519 signature (RFC 8032, pure, no pre-hash) of the statement context
 *   `broker-transparency-statement-v2\n` (common/transparency/signing-contexts.ts) followed by every
 *   byte before this line, 64 bytes in base64 (RFC 4648 §4, with padding: 88 characters); the
 *   context keeps a statement's signature from ever verifying as a tree head, a checkpoint or a
 *   snapshot, and theirs from verifying as a statement;
 * - `<fingerprint>`: SHA-256 of the signing key's 32-byte public key, 64 lowercase hex characters,
 *   as GET /api/transparency/keys and the /transparency page publish it.
 *
 * Statements issued before the context carry `%NW-Signature: ` (version 1), signed over the bare
 * bytes; they still verify, and only when those bytes start with `%PDF-`, which no other message
 * the key signs does.
 *
 * A line starting with `%` after `%%EOF` is a comment PDF readers ignore, so the file still opens.
 * To check a file by hand: cut the last line, verify its signature over the context and the rest
 * with the key of that fingerprint in the published key history. One changed byte anywhere (pages,
 * the signature, the key) fails the check.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { STATEMENT_CONTEXT, withContext } from '@common/transparency/signing-contexts';
import type { SigningKey } from './signing-key';

/** What starts the signature line. */
export const SIGNATURE_PREFIX = '%NW-Signature-v2: ';

const LINE = /^%NW-Signature(-v2)?: ([A-Za-z0-9+/]{86}==) key=([0-9a-f]{64})\n?$/;

/** The bytes a statement's signature covers: the statement context, then the PDF. */
export const statementSigningBytes = (pdf: Uint8Array) => withContext(STATEMENT_CONTEXT, pdf);

/** `pdf` with its signature line appended (`pdf` must end with a line feed, as pdfkit writes it). */
export function signStatement(pdf: Buffer, key: SigningKey): Buffer {
  if (pdf[pdf.length - 1] !== 0x0a) throw new Error('The PDF must end with a line feed');
  const signature = Buffer.from(hexToBytes(key.sign(statementSigningBytes(pdf)))).toString('base64');
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
  /** 2: signed with the statement context; 1: over the bare bytes (issued before the context). */
  version: 1 | 2;
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
    signature: new Uint8Array(Buffer.from(match[2]!, 'base64')),
    fingerprint: match[3]!,
    version: match[1] ? 2 : 1,
  };
}

/** The outcome of checking a file's signature against `key`. */
export type SignatureCheck = 'authentic' | 'altered' | 'unsigned' | 'otherKey';

/**
 * Checks `file` against the keys of the published history (`keys`: fingerprint → public key hex):
 * `unsigned` without a signature line, `otherKey` when the line names a key outside the history,
 * `altered` when the signature does not verify over the bytes before it (in its version's form).
 */
export function checkStatementSignature(
  file: Buffer,
  keys: ReadonlyMap<string, string>,
): {
  check: SignatureCheck;
  parts: SignedParts | null;
} {
  const parts = splitSignedStatement(file);
  if (!parts) return { check: 'unsigned', parts };
  const publicKey = keys.get(parts.fingerprint);
  if (!publicKey) return { check: 'otherKey', parts };
  const signed = new Uint8Array(parts.signed);
  const isPdf = parts.signed.subarray(0, 5).toString('latin1') === '%PDF-';
  let ok: boolean;
  try {
    ok =
      isPdf &&
      ed25519.verify(
        parts.signature,
        parts.version === 2 ? statementSigningBytes(signed) : signed,
        hexToBytes(publicKey),
      );
  } catch {
    ok = false;
  }
  return { check: ok ? 'authentic' : 'altered', parts };
}
