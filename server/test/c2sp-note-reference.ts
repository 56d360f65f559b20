/**
 * For tests only: an independent verifier of C2SP checkpoints and cosignatures, written from the
 * texts of the C2SP `signed-note`, `tlog-checkpoint` and `tlog-cosignature` specifications with
 * node:crypto and Buffers. It shares no code with common/transparency/signed-note.ts, so the tests
 * check the product's checkpoints against it. Never imported by the product.
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';

const EM_DASH = '\u2014';

/** An Ed25519 public key (32 raw bytes) as a node KeyObject (SubjectPublicKeyInfo DER, RFC 8410). */
function ed25519Key(raw: Buffer) {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
  return createPublicKey({ key: spki, format: 'der', type: 'spki' });
}

/** key ID = SHA-256(key name || 0x0A || signature type || public key)[:4] (signed-note). */
export function referenceKeyId(name: string, type: number, publicKey: Buffer): Buffer {
  return createHash('sha256')
    .update(Buffer.concat([Buffer.from(name, 'utf8'), Buffer.from([0x0a, type]), publicKey]))
    .digest()
    .subarray(0, 4);
}

/** An Ed25519 private key from its 32-byte seed (PKCS #8 DER, RFC 8410). */
function ed25519PrivateKey(seed: Buffer) {
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
}

/**
 * A witness's cosignature line over checkpoint `body` (its text up to the blank line, ending in a
 * newline) at `time` (seconds), by the key with 32-byte `seed` named `name` (tlog-cosignature:
 * type 0x04, signed message "cosignature/v1\ntime <time>\n" + body, signature = key ID ||
 * big-endian 8-byte time || Ed25519 signature).
 */
export function referenceCosignatureLine(body: string, time: bigint, seed: Buffer, name: string): string {
  const message = Buffer.from(`cosignature/v1\ntime ${time}\n${body}`);
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(time);
  const privateKey = ed25519PrivateKey(seed);
  const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  const id = referenceKeyId(name, 0x04, publicKey);
  const signature = Buffer.concat([id, stamp, sign(null, message, privateKey)]);
  return `${EM_DASH} ${name} ${signature.toString('base64')}\n`;
}

/** The checkpoint a verified note holds. */
export interface ReferenceCheckpoint {
  origin: string;
  size: bigint;
  root: Buffer;
  body: string;
  /** Cosigner timestamps (POSIX seconds) by cosigner name, for the cosigners asked about. */
  cosigned: Record<string, bigint>;
}

/**
 * Verifies `note` as a checkpoint signed by the log key (`name`, Ed25519 `publicKey`), and each of
 * `cosigners` (name, Ed25519 public key) as a timestamped Ed25519 cosignature. Throws an Error
 * saying which rule failed.
 */
export function referenceVerifyCheckpoint(
  note: string,
  log: { name: string; publicKey: Buffer },
  cosigners: Array<{ name: string; publicKey: Buffer }> = [],
): ReferenceCheckpoint {
  // signed-note: valid UTF-8 without control characters other than newline
  if (Buffer.from(note, 'utf8').toString('utf8') !== note) throw new Error('not UTF-8');
  for (const ch of note) if (ch < ' ' && ch !== '\n') throw new Error('control character');
  // text ending in newline, a blank line, then signature lines; split at the LAST blank line
  const blank = note.lastIndexOf('\n\n');
  if (blank < 0 || !note.endsWith('\n')) throw new Error('no blank line before signatures');
  const body = note.slice(0, blank + 1);
  const sigLines = note.slice(blank + 2, note.length - 1).split('\n');
  const sigs = sigLines.map((line) => {
    if (!line.startsWith(`${EM_DASH} `)) throw new Error(`bad signature line ${line}`);
    const rest = line.slice(2);
    const space = rest.lastIndexOf(' ');
    const name = rest.slice(0, space);
    const b64 = rest.slice(space + 1);
    const bytes = Buffer.from(b64, 'base64');
    if (bytes.toString('base64') !== b64 || bytes.length < 5) throw new Error('bad base64 in signature');
    return { name, id: bytes.subarray(0, 4), sig: bytes.subarray(4) };
  });
  // tlog-checkpoint: origin, decimal size without leading zeroes, base64 root hash
  const lines = body.slice(0, -1).split('\n');
  if (lines.length < 3 || lines.some((l) => l === ''))
    throw new Error('checkpoint needs three non-empty lines');
  const [origin, sizeText, rootText] = lines as [string, string, string];
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText)) throw new Error('bad tree size');
  const root = Buffer.from(rootText, 'base64');
  if (root.toString('base64') !== rootText || root.length !== 32) throw new Error('bad root hash');
  // the log's signature: type 0x01, Ed25519 over the note text
  const logId = referenceKeyId(log.name, 0x01, log.publicKey);
  const mine = sigs.filter((s) => s.name === log.name && s.id.equals(logId));
  if (mine.length === 0) throw new Error('no signature of the log key');
  for (const s of mine) {
    if (!verify(null, Buffer.from(body, 'utf8'), ed25519Key(log.publicKey), s.sig))
      throw new Error('log signature fails');
  }
  // tlog-cosignature: type 0x04, timestamp (u64 big-endian) || Ed25519 over
  // "cosignature/v1\ntime <t>\n" || body
  const cosigned: Record<string, bigint> = {};
  for (const c of cosigners) {
    const id = referenceKeyId(c.name, 0x04, c.publicKey);
    const s = sigs.find((x) => x.name === c.name && x.id.equals(id));
    if (!s) throw new Error(`no cosignature of ${c.name}`);
    if (s.sig.length !== 72) throw new Error('cosignature is not 8 + 64 bytes');
    const time = s.sig.readBigUInt64BE(0);
    const message = Buffer.from(`cosignature/v1\ntime ${time}\n${body}`, 'utf8');
    if (!verify(null, message, ed25519Key(c.publicKey), s.sig.subarray(8)))
      throw new Error(`cosignature of ${c.name} fails`);
    cosigned[c.name] = time;
  }
  return { origin, size: BigInt(sizeText), root, body, cosigned };
}
