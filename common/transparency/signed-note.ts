/**
 * Checkpoints of the verifiable journal as C2SP signed notes (docs/transparency.md "Checkpoints"):
 * the note formats of the C2SP `signed-note`, `tlog-checkpoint` and `tlog-cosignature` specifications.
 * Pure and browser-safe: the seal signs a checkpoint with these, the API serves it, the browser checks
 * it against the pinned key and the configured witnesses.
 *
 *   checkpoint body  = "<origin>\n<tree size, decimal>\n<base64 of the 32-byte root hash>\n"
 *   signature line   = "— <key name> <base64(key id (4 bytes) || signature)>\n"   (U+2014, spaces)
 *   signed note      = body || "\n" || one or more signature lines
 *   key id           = SHA-256(key name || 0x0A || type || 32-byte Ed25519 public key)[:4]
 *                      type 0x01: Ed25519 note signature over the body (the log's own signature)
 *                      type 0x04: timestamped Ed25519 cosignature (a witness)
 *   cosigned message = "cosignature/v1\ntime <POSIX seconds>\n" || body; the signature field is
 *                      the timestamp (8 bytes, big-endian) || the 64-byte Ed25519 signature
 *   verifier key     = "<name>+<key id, 8 hex>+<base64(type || public key)>" (a "vkey")
 *
 * The log's key name is its origin. Base64 is RFC 4648 §4 with padding.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** Signature type of the log's Ed25519 note signature. */
export const NOTE_ED25519 = 0x01;
/** Signature type of a witness's timestamped Ed25519 cosignature. */
export const COSIGNATURE_ED25519 = 0x04;

/** The header line of a cosigned message (C2SP tlog-cosignature, version 1). */
export const COSIGNATURE_HEADER = 'cosignature/v1';

/** A checkpoint's body fields: origin, size (leaves), root hash (64 lowercase hex). */
export interface CheckpointFields {
  origin: string;
  size: number;
  rootHash: string;
}

/** One signature line of a note: key name, key id (8 lowercase hex), signature bytes after the id. */
export interface NoteSignature {
  name: string;
  keyId: string;
  signature: Uint8Array;
}

/** A note split into its body (with the final newline) and its signature lines. */
export interface SignedNote {
  body: string;
  signatures: NoteSignature[];
}

/** A verifier key: name, signature type, 32-byte Ed25519 public key (hex) and its key id (hex). */
export interface VerifierKey {
  name: string;
  type: number;
  publicKey: string;
  keyId: string;
}

/** At most this many signature lines are read from a note (the spec asks to accept at least 16). */
export const MAX_NOTE_SIGNATURES = 64;

const encoder = new TextEncoder();

/** RFC 4648 §4 base64 of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

/** The bytes of RFC 4648 §4 base64 (padded), or null when it is not canonical base64. */
export function fromBase64(text: string): Uint8Array | null {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return null;
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  return toBase64(bytes) === text ? bytes : null;
}

/** True when `text` holds an ASCII control character other than a line feed (U+000A). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x0a) return true;
  }
  return false;
}

/** A key name or origin: non-empty, without spaces, plus signs or control characters. */
export function isKeyName(name: string): boolean {
  return (
    name.length > 0 && !/[\s+\u007f\u00a0\u2000-\u200b\u2028\u2029\u3000]/.test(name) && !hasControl(name)
  );
}

/** The key id (8 lowercase hex) of an Ed25519 public key (hex) under `name` for signature `type`. */
export function noteKeyId(name: string, type: number, publicKey: string): string {
  const name8 = encoder.encode(name);
  const key = hexToBytes(publicKey);
  const data = new Uint8Array(name8.length + 2 + key.length);
  data.set(name8, 0);
  data[name8.length] = 0x0a;
  data[name8.length + 1] = type;
  data.set(key, name8.length + 2);
  return bytesToHex(sha256(data).subarray(0, 4));
}

/** The checkpoint body (see the header). Throws when the origin is not a key name or the root not 32 bytes. */
export function checkpointBody({ origin, size, rootHash }: CheckpointFields): string {
  if (!isKeyName(origin)) throw new Error(`The origin ${JSON.stringify(origin)} has spaces or plus signs`);
  if (!/^[0-9a-f]{64}$/.test(rootHash)) throw new Error('The root hash is not 32 bytes of hex');
  return `${origin}\n${size}\n${toBase64(hexToBytes(rootHash))}\n`;
}

/** The fields of a checkpoint body, or null when it is not one (three lines; no extension lines). */
export function parseCheckpointBody(body: string): CheckpointFields | null {
  const match = /^([^\n]+)\n(0|[1-9][0-9]{0,15})\n([A-Za-z0-9+/]{43}=)\n$/.exec(body);
  if (!match || !isKeyName(match[1]!)) return null;
  const root = fromBase64(match[3]!);
  const size = Number(match[2]);
  if (!root || root.length !== 32 || !Number.isSafeInteger(size)) return null;
  return { origin: match[1]!, size, rootHash: bytesToHex(root) };
}

/** One signature line for `name`, key id (hex) and the signature bytes. */
export function signatureLine(name: string, keyId: string, signature: Uint8Array): string {
  const id = hexToBytes(keyId);
  const all = new Uint8Array(id.length + signature.length);
  all.set(id, 0);
  all.set(signature, id.length);
  return `\u2014 ${name} ${toBase64(all)}\n`;
}

/** A signed note's text: the body, a blank line, then the signature lines. */
export function signedNoteText(body: string, lines: string[]): string {
  return `${body}\n${lines.join('')}`;
}

/**
 * Splits a signed note at its last blank line; null when it is malformed (no signature, a bad line,
 * a control character, more than MAX_NOTE_SIGNATURES lines).
 */
export function parseSignedNote(text: string): SignedNote | null {
  if (hasControl(text) || !text.endsWith('\n')) return null;
  const split = text.lastIndexOf('\n\n');
  if (split < 0) return null;
  const body = text.slice(0, split + 1);
  const lines = text.slice(split + 2, -1).split('\n');
  if (lines.length > MAX_NOTE_SIGNATURES) return null;
  const signatures: NoteSignature[] = [];
  for (const line of lines) {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    const bytes = match && fromBase64(match[2]!);
    if (!match || !bytes || bytes.length < 5 || !isKeyName(match[1]!)) return null;
    signatures.push({
      name: match[1]!,
      keyId: bytesToHex(bytes.subarray(0, 4)),
      signature: bytes.subarray(4),
    });
  }
  return { body, signatures };
}

/** Ed25519 verification that answers false, never throws, for malformed input. */
function ed25519Verifies(signature: Uint8Array, message: Uint8Array, publicKey: string): boolean {
  try {
    return signature.length === 64 && ed25519.verify(signature, message, hexToBytes(publicKey));
  } catch {
    return false;
  }
}

/** The bytes a witness signs for `body` at `timestamp` (POSIX seconds). */
export function cosignedMessage(body: string, timestamp: number): Uint8Array {
  return encoder.encode(`${COSIGNATURE_HEADER}\ntime ${timestamp}\n${body}`);
}

/** The signature lines of `note` made by `key` (its name and key id); the spec says to ignore others. */
export function signaturesOf(note: SignedNote, key: VerifierKey): NoteSignature[] {
  return note.signatures.filter((s) => s.name === key.name && s.keyId === key.keyId);
}

/** Does `signature` verify as `key`'s note signature (type 0x01) over `body`? */
export function verifyNoteSignature(body: string, signature: NoteSignature, key: VerifierKey): boolean {
  return (
    key.type === NOTE_ED25519 && ed25519Verifies(signature.signature, encoder.encode(body), key.publicKey)
  );
}

/**
 * The timestamp (POSIX seconds) of `signature` as `key`'s cosignature (type 0x04) over `body`, or
 * null when it does not verify.
 */
export function verifyCosignature(body: string, signature: NoteSignature, key: VerifierKey): number | null {
  if (key.type !== COSIGNATURE_ED25519 || signature.signature.length !== 72) return null;
  const view = new DataView(signature.signature.buffer, signature.signature.byteOffset, 8);
  const timestamp = view.getBigUint64(0);
  if (timestamp > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const ok = ed25519Verifies(
    signature.signature.subarray(8),
    cosignedMessage(body, Number(timestamp)),
    key.publicKey,
  );
  return ok ? Number(timestamp) : null;
}

/** The 72 signature bytes of a cosignature: timestamp (8 bytes, big-endian) || Ed25519 signature. */
export function cosignatureBytes(timestamp: number, signature: Uint8Array): Uint8Array {
  const out = new Uint8Array(72);
  new DataView(out.buffer).setBigUint64(0, BigInt(timestamp));
  out.set(signature, 8);
  return out;
}

/** The verifier key of `name` for an Ed25519 public key (hex) and signature `type`. */
export function verifierKey(name: string, type: number, publicKey: string): VerifierKey {
  return { name, type, publicKey, keyId: noteKeyId(name, type, publicKey) };
}

/** A verifier key as text: "<name>+<key id hex>+<base64(type || public key)>". */
export function formatVerifierKey(key: VerifierKey): string {
  const material = new Uint8Array(33);
  material[0] = key.type;
  material.set(hexToBytes(key.publicKey), 1);
  return `${key.name}+${key.keyId}+${toBase64(material)}`;
}

/**
 * Reads a verifier key's text; null when it is malformed, not an Ed25519 type (0x01, 0x04), or its
 * key id does not match its name and key.
 */
export function parseVerifierKey(text: string): VerifierKey | null {
  const match = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(text.trim());
  const material = match && fromBase64(match[3]!);
  if (!match || !material || material.length !== 33) return null;
  const type = material[0]!;
  if (type !== NOTE_ED25519 && type !== COSIGNATURE_ED25519) return null;
  const key = verifierKey(match[1]!, type, bytesToHex(material.subarray(1)));
  return key.keyId === match[2] ? key : null;
}
