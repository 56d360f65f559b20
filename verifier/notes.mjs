/**
 * Signatures the evidence carries (docs/transparency.md "Checkpoints", "The key and its history",
 * "Witnesses"): the key history's chain of rotations, the checkpoint as a C2SP signed note (the
 * log's Ed25519 note signature, witnesses' C2SP tlog-cosignature lines) and the tree head's JSON
 * form. `crypto.sha256(bytes)` and `crypto.verifyEd25519(publicKey, signature, message)` (bytes in,
 * a digest or a boolean out, or promises of them) come from the caller. No imports beyond this folder.
 *
 *   note            = body ‖ "\n" ‖ lines "— <name> <base64(key id (4) ‖ signature)>\n"
 *   checkpoint body = "<origin>\n<size>\n<base64 root hash>\n"
 *   key id          = SHA-256(name ‖ 0x0A ‖ type ‖ 32-byte public key)[:4]; type 0x01 the log, 0x04 a witness
 *   cosignature     = 8-byte big-endian POSIX seconds ‖ Ed25519 over "cosignature/v1\ntime <seconds>\n" ‖ body
 *   verifier key    = "<name>+<key id, 8 hex>+<base64(type ‖ public key)>"
 *   rotation        = Ed25519 of the previous key over
 *                     "broker-transparency-key-rotation-v1\n<previous key hex>\n<key hex>\n<since>\n"
 */
import { check, concat, count, exactKeys, fromBase64, hexBytes, isList, toHex, utf8 } from './bytes.mjs';

/** The log's note signature type and a witness's cosignature type. */
export const NOTE_ED25519 = 0x01;
export const COSIGNATURE_ED25519 = 0x04;

/** The key id (4 bytes) of `publicKey` (32 bytes) under `name` for signature `type`. */
export async function keyId(crypto, name, type, publicKey) {
  const digest = await crypto.sha256(concat(utf8(name), Uint8Array.of(0x0a, type), publicKey));
  return digest.subarray(0, 4);
}

/**
 * The keys the evidence may be signed with: the history checked as a chain, every key after the
 * first signed over by the one before, from the pinned key (`pin`, a fingerprint) on. Answers
 * `{ keys: [{ publicKey (bytes), hex, fingerprint }], total }`. Throws EvidenceError.
 */
export async function trustedKeys(crypto, history, pin) {
  isList(history, 'the key history');
  check(history.length > 0, 'the key history is empty');
  const keys = [];
  for (const [i, entry] of history.entries()) {
    const what = `key ${i + 1} of the history`;
    exactKeys(entry, ['publicKey', 'fingerprint', 'since', 'signature'], what);
    const publicKey = hexBytes(entry.publicKey, 32, `${what}'s public key`);
    const fingerprint = toHex(await crypto.sha256(publicKey));
    check(entry.fingerprint === fingerprint, `${what}: its fingerprint is not SHA-256 of its key`);
    check(
      typeof entry.since === 'string' && !Number.isNaN(Date.parse(entry.since)),
      `${what}: "since" is not a time`,
    );
    if (i === 0) check(entry.signature === null, 'key 1 of the history carries a rotation signature');
    else {
      const previous = history[i - 1];
      check(Date.parse(entry.since) > Date.parse(previous.since), `${what} is not later than key ${i}`);
      const message = utf8(
        `broker-transparency-key-rotation-v1\n${previous.publicKey}\n${entry.publicKey}\n${entry.since}\n`,
      );
      const signature = hexBytes(entry.signature, 64, `${what}'s rotation signature`);
      check(
        await crypto.verifyEd25519(keys[i - 1].publicKey, signature, message),
        `${what}: its rotation is not signed by key ${i}`,
      );
    }
    keys.push({ publicKey, hex: entry.publicKey, fingerprint });
  }
  const at = keys.findIndex((k) => k.fingerprint === pin);
  check(at >= 0, `the pinned key ${pin} is not in the key history`);
  return { keys: keys.slice(at), total: keys.length };
}

/** True when `text` holds a control character other than a line feed. */
const hasControl = (text) => [...text].some((c) => c.charCodeAt(0) < 0x20 && c !== '\n');

/** A key name: non-empty, no spaces, plus signs or control characters. */
const isKeyName = (name) => name.length > 0 && !/[\s+\u007f]/.test(name) && !hasControl(name);

/** A signed note's body (with its final newline) and its signature lines `{ name, keyId, signature }`. Throws EvidenceError. */
export function parseNote(text, what) {
  check(typeof text === 'string' && text.endsWith('\n') && !hasControl(text), `${what} is not a signed note`);
  const split = text.lastIndexOf('\n\n');
  check(split > 0, `${what} has no signature lines`);
  const lines = text.slice(split + 2, -1).split('\n');
  const signatures = lines.map((line) => {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    const bytes = match && fromBase64(match[2]);
    check(
      match && bytes && bytes.length > 4 && isKeyName(match[1]),
      `${what} has a malformed signature line`,
    );
    return { name: match[1], keyId: bytes.subarray(0, 4), signature: bytes.subarray(4) };
  });
  return { body: text.slice(0, split + 1), signatures };
}

/** The checkpoint body's origin, size and root hash (32 bytes). Throws EvidenceError. */
export function parseCheckpoint(body, what) {
  const match = /^([^\n]+)\n(0|[1-9][0-9]{0,15})\n([A-Za-z0-9+/]{43}=)\n$/.exec(body);
  const root = match && fromBase64(match[3]);
  check(match && root && isKeyName(match[1]), `${what} is not a checkpoint (origin, size, root hash)`);
  return { origin: match[1], size: count(Number(match[2]), `${what}'s size`), root };
}

const equalId = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A witness's verifier key `{ name, publicKey, keyId }` from its text. Throws EvidenceError. */
export async function parseWitness(crypto, text) {
  const match = typeof text === 'string' && /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(text);
  const material = match && fromBase64(match[3]);
  check(
    match && material && material.length === 33 && material[0] === COSIGNATURE_ED25519,
    `the witness key ${text} is not a cosigner's verifier key`,
  );
  const publicKey = material.subarray(1);
  const id = await keyId(crypto, match[1], COSIGNATURE_ED25519, publicKey);
  check(toHex(id) === match[2], `the witness key ${text}: its key id does not match its name and key`);
  return { name: match[1], publicKey, keyId: id };
}

/** Does `line` verify as `key`'s note signature (type 0x01) over `body`? */
async function noteSignatureHolds(crypto, line, body, key) {
  const id = await keyId(crypto, line.name, NOTE_ED25519, key.publicKey);
  return (
    equalId(line.keyId, id) &&
    line.signature.length === 64 &&
    crypto.verifyEd25519(key.publicKey, line.signature, utf8(body))
  );
}

/** The time (POSIX seconds) of `line` as `witness`'s cosignature over `body`, or null. */
async function cosignatureTime(crypto, line, body, witness) {
  if (!equalId(line.keyId, witness.keyId) || line.signature.length !== 72) return null;
  const seconds = new DataView(line.signature.buffer, line.signature.byteOffset, 8).getBigUint64(0);
  const message = utf8(`cosignature/v1\ntime ${seconds}\n${body}`);
  return (await crypto.verifyEd25519(witness.publicKey, line.signature.subarray(8), message))
    ? Number(seconds)
    : null;
}

/**
 * Checks every signature line of `note` (parsed): the log's (named by `origin`) with one of `keys`,
 * each other with the key of one of `witnesses` (parsed). A line that does not verify, or of a
 * signer the file does not name, fails. Answers the log key that signed and each witness's time
 * (POSIX seconds) by name. Throws EvidenceError.
 */
export async function checkSignatures(crypto, note, origin, keys, witnesses, what) {
  let signer = null;
  const cosigned = new Map();
  for (const [n, line] of note.signatures.entries()) {
    const where = `signature line ${n + 1} of ${what}`;
    if (line.name === origin) {
      let key = null;
      for (const k of keys) if (!key && (await noteSignatureHolds(crypto, line, note.body, k))) key = k;
      check(
        key,
        `${where} is not a valid signature of the pinned key or a key the history certifies from it`,
      );
      signer ??= key;
      continue;
    }
    const witness = witnesses.find((w) => w.name === line.name);
    check(witness, `${where} is by ${line.name}, a signer the file does not name`);
    const time = await cosignatureTime(crypto, line, note.body, witness);
    check(time !== null, `${where} is not a valid cosignature of the witness ${line.name}`);
    cosigned.set(line.name, time);
  }
  check(signer, `${what} is not signed by the pinned key or a key the history certifies from it`);
  return { signer, cosigned };
}
