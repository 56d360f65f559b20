/**
 * The witness's own reading of C2SP notes (docs/transparency.md "Witnesses"): checkpoints
 * (`tlog-checkpoint`), their Ed25519 note signatures (`signed-note`, type 0x01) and the witness's
 * timestamped cosignatures (`tlog-cosignature`, type 0x04). Written from the specifications and kept
 * apart from the log's code on purpose: a witness that shared the log's code would share its bugs.
 * Node and @noble only.
 */
import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';

/** A checkpoint as the witness reads it: origin, size, root hash (32 bytes), and its note body. */
export interface Checkpoint {
  origin: string;
  size: number;
  root: Buffer;
  body: string;
  /** The whole signed note as received (evidence). */
  note: string;
}

/** A verifier key: name, signature type, 32-byte Ed25519 key, and the 4-byte key id. */
export interface NoteKey {
  name: string;
  type: number;
  key: Buffer;
  id: Buffer;
}

/** key ID = SHA-256(name || 0x0A || type || public key)[:4] */
export function keyId(name: string, type: number, key: Buffer): Buffer {
  return createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${name}\n`, 'utf8'), Buffer.from([type]), key]))
    .digest()
    .subarray(0, 4);
}

/** A verifier key's text "<name>+<key id hex>+<base64(type || key)>" read; throws when malformed. */
export function readVerifierKey(text: string): NoteKey {
  // name + 8 hex digits + base64 (which may itself hold plus signs)
  const match = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(text.trim());
  const [, name, id, material] = match ?? [];
  const bytes = Buffer.from(material ?? '', 'base64');
  if (!name || !id || bytes.length !== 33) throw new Error(`not a verifier key: ${text}`);
  const key: NoteKey = { name, type: bytes[0]!, key: bytes.subarray(1), id: Buffer.from(id, 'hex') };
  if (!keyId(key.name, key.type, key.key).equals(key.id))
    throw new Error(`the key id of ${name} does not match its key`);
  return key;
}

/** A verifier key as text. */
export function writeVerifierKey(k: NoteKey): string {
  return `${k.name}+${k.id.toString('hex')}+${Buffer.concat([Buffer.from([k.type]), k.key]).toString('base64')}`;
}

/** Splits a signed note into its body and its signature lines (name, key id, signature bytes). */
function splitNote(note: string): { body: string; signatures: { name: string; id: Buffer; sig: Buffer }[] } {
  const blank = note.lastIndexOf('\n\n');
  if (blank < 0 || !note.endsWith('\n'))
    throw new Error('not a signed note (no blank line before signatures)');
  const body = note.slice(0, blank + 1);
  const signatures = note
    .slice(blank + 2, -1)
    .split('\n')
    .map((line) => {
      const match = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
      if (!match) throw new Error(`not a signature line: ${line}`);
      const bytes = Buffer.from(match[2]!, 'base64');
      return { name: match[1]!, id: bytes.subarray(0, 4), sig: bytes.subarray(4) };
    });
  return { body, signatures };
}

/**
 * Reads `note` as a checkpoint signed by `log` (type 0x01 under the log's name). Throws when it is
 * not a checkpoint, carries no signature of that key, or one does not verify.
 */
export function readCheckpoint(note: string, log: NoteKey): Checkpoint {
  const { body, signatures } = splitNote(note);
  const match = /^([^\n]+)\n(0|[1-9][0-9]*)\n([A-Za-z0-9+/=]+)\n$/.exec(body);
  const root = match ? Buffer.from(match[3]!, 'base64') : Buffer.alloc(0);
  if (!match || root.length !== 32) throw new Error('not a checkpoint (origin, size, root hash)');
  const mine = signatures.filter((s) => s.name === log.name && s.id.equals(log.id));
  if (log.type !== 0x01 || mine.length === 0) throw new Error(`the checkpoint is not signed by ${log.name}`);
  for (const s of mine) {
    if (!ed25519.verify(s.sig, Buffer.from(body, 'utf8'), log.key)) {
      throw new Error(`the signature of ${log.name} does not verify`);
    }
  }
  return { origin: match[1]!, size: Number(match[2]), root, body, note };
}

/** The witness's cosignature line over `body` at `time` (POSIX seconds) with its Ed25519 `seed`. */
export function cosignatureLine(body: string, time: number, name: string, seed: Buffer): string {
  const key = Buffer.from(ed25519.getPublicKey(seed));
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(BigInt(time));
  const signature = ed25519.sign(Buffer.from(`cosignature/v1\ntime ${time}\n${body}`, 'utf8'), seed);
  return `\u2014 ${name} ${Buffer.concat([keyId(name, 0x04, key), stamp, signature]).toString('base64')}\n`;
}
