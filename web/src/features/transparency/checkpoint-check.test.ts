/**
 * The browser's check of a signed tree head (checkpoint-check.ts; docs/transparency.md "The key and
 * its history", "Witnesses"): a head counts only when its JSON signature and its C2SP checkpoint
 * verify with the key pinned in the site's code, or with a later key the published history
 * certifies from it, and only with a valid cosignature of every witness pinned with it. Heads are
 * built here from the specification's bytes with @noble/curves, as an operator (honest or not)
 * would sign them.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import type { TreeHeadView } from '@common/schemas/transparency-log';
import { treeHeadSigningBytes } from '@common/transparency/journal';
import { keyFingerprint, keyRotationBytes, type KeyHistoryEntry } from '@common/transparency/key-history';
import {
  checkpointBody,
  cosignatureBytes,
  cosignedMessage,
  COSIGNATURE_ED25519,
  formatVerifierKey,
  NOTE_ED25519,
  noteKeyId,
  signatureLine,
  signedNoteText,
  verifierKey,
} from '@common/transparency/signed-note';
import { checkSignedHead } from './checkpoint-check';

const ORIGIN = 'broker.test/journal';
const TIMESTAMP = '2026-11-29T12:00:00.000Z';
const ROOT = 'ab'.repeat(32);
const encode = (text: string) => new TextEncoder().encode(text);

interface Signer {
  seed: Uint8Array;
  publicKey: string;
}
const signer = (): Signer => {
  const seed = ed25519.utils.randomSecretKey();
  return { seed, publicKey: bytesToHex(ed25519.getPublicKey(seed)) };
};

/** A witness: its name, key, and the verifier key text a build pins (TRANSPARENCY_WITNESSES). */
const witness = (name: string) => {
  const key = signer();
  return { name, key, pinned: formatVerifierKey(verifierKey(name, COSIGNATURE_ED25519, key.publicKey)) };
};
type Witness = ReturnType<typeof witness>;

/** `w`'s C2SP tlog-cosignature line over checkpoint `body` at `time` (POSIX seconds). */
function cosignatureLine(body: string, w: Witness, time = 1_790_000_000, by = w.key): string {
  const signature = ed25519.sign(cosignedMessage(body, time), by.seed);
  return signatureLine(
    w.name,
    noteKeyId(w.name, COSIGNATURE_ED25519, w.key.publicKey),
    cosignatureBytes(time, signature),
  );
}

/**
 * A tree head of `size` signed by `key` in both forms (the JSON head and the checkpoint under
 * ORIGIN), naming `key`, with `extra` signature lines after the log's (witnesses' cosignatures).
 */
function signedHead(key: Signer, extra: (body: string) => string[] = () => [], size = 5): TreeHeadView {
  const signature = bytesToHex(
    ed25519.sign(treeHeadSigningBytes({ size, rootHash: ROOT, timestamp: TIMESTAMP }), key.seed),
  );
  const body = checkpointBody({ origin: ORIGIN, size, rootHash: ROOT });
  const logLine = signatureLine(
    ORIGIN,
    noteKeyId(ORIGIN, NOTE_ED25519, key.publicKey),
    ed25519.sign(encode(body), key.seed),
  );
  return {
    size,
    rootHash: ROOT,
    timestamp: TIMESTAMP,
    signature,
    publicKey: key.publicKey,
    keyFingerprint: keyFingerprint(key.publicKey),
    origin: ORIGIN,
    checkpoint: signedNoteText(body, [logLine, ...extra(body)]),
  };
}

const log = signer();
const history: KeyHistoryEntry[] = [
  { publicKey: log.publicKey, since: '2026-01-01T00:00:00.000Z', signature: null },
];
const pin = (witnesses: string[] = []) => ({ publicKey: log.publicKey, witnesses });

describe('the browser accepts a tree head only from the pinned key', () => {
  it('passes a head the pinned key signed in both forms, and names the pinned fingerprint', () => {
    expect(checkSignedHead(signedHead(log), pin(), history)).toEqual({
      problem: null,
      pinnedFingerprint: keyFingerprint(log.publicKey),
    });
  });

  it('refuses a build without a pin, a head without a checkpoint, and a checkpoint of another head', () => {
    expect(checkSignedHead(signedHead(log), null, history).problem).toBe(
      'this site was built without a pinned key',
    );
    expect(checkSignedHead({ ...signedHead(log), checkpoint: null }, pin(), history).problem).toBe(
      'the tree head comes without a signed checkpoint',
    );
    const other = signedHead(log, undefined, 6);
    expect(
      checkSignedHead({ ...signedHead(log), checkpoint: other.checkpoint }, pin(), history).problem,
    ).toBe('its checkpoint is not the same tree head');
  });

  it('refuses a head re-signed with a foreign key it names, and a foreign signature under the pinned key', () => {
    const foreign = signer();
    expect(checkSignedHead(signedHead(foreign), pin(), history).problem).toBe(
      'it is signed with a key that is neither the pinned key nor certified from it',
    );
    // the key the answer names is the pinned one, the signatures are not its own
    const forged = {
      ...signedHead(foreign),
      publicKey: log.publicKey,
      keyFingerprint: keyFingerprint(log.publicKey),
    };
    expect(checkSignedHead(forged, pin(), history).problem).toBe('its signature does not verify');
    const checkpointOnly = { ...signedHead(log), checkpoint: signedHead(foreign).checkpoint };
    expect(checkSignedHead(checkpointOnly, pin(), history).problem).toBe(
      "its checkpoint's signature does not verify",
    );
  });

  it('follows a rotation the previous key signed; refuses a key the history does not certify', () => {
    const next = signer();
    const since = '2026-06-01T00:00:00.000Z';
    const rotated: KeyHistoryEntry[] = [
      ...history,
      {
        publicKey: next.publicKey,
        since,
        signature: bytesToHex(ed25519.sign(keyRotationBytes(log.publicKey, next.publicKey, since), log.seed)),
      },
    ];
    expect(checkSignedHead(signedHead(next), pin(), rotated).problem).toBeNull();
    const intruder = signer();
    const forged: KeyHistoryEntry[] = [
      ...history,
      {
        publicKey: intruder.publicKey,
        since,
        signature: bytesToHex(
          ed25519.sign(keyRotationBytes(log.publicKey, intruder.publicKey, since), intruder.seed),
        ),
      },
    ];
    expect(checkSignedHead(signedHead(intruder), pin(), forged).problem).toBe(
      'it is signed with a key that is neither the pinned key nor certified from it',
    );
    // a build pinned to the new key does not trust the retired one
    expect(
      checkSignedHead(signedHead(log), { publicKey: next.publicKey, witnesses: [] }, rotated).problem,
    ).toBe('it is signed with a key that is neither the pinned key nor certified from it');
  });
});

describe('the browser requires the cosignature of every pinned witness', () => {
  const w1 = witness('witness.test/one');
  const w2 = witness('witness.test/two');

  it('passes a head cosigned by every pinned witness; none pinned, none needed', () => {
    const both = signedHead(log, (body) => [cosignatureLine(body, w1), cosignatureLine(body, w2)]);
    expect(checkSignedHead(both, pin([w1.pinned, w2.pinned]), history).problem).toBeNull();
    expect(checkSignedHead(signedHead(log), pin(), history).problem).toBeNull();
  });

  it('refuses a head a pinned witness did not cosign, or cosigned badly', () => {
    const pinned = pin([w1.pinned, w2.pinned]);
    expect(checkSignedHead(signedHead(log), pinned, history).problem).toBe(
      'it is not cosigned by the witness witness.test/one',
    );
    const onlyOne = signedHead(log, (body) => [cosignatureLine(body, w1)]);
    expect(checkSignedHead(onlyOne, pinned, history).problem).toBe(
      'it is not cosigned by the witness witness.test/two',
    );
    // a line under the witness's name and key id, signed by someone else
    const impostor = signedHead(log, (body) => [
      cosignatureLine(body, w1),
      cosignatureLine(body, w2, 1, signer()),
    ]);
    expect(checkSignedHead(impostor, pinned, history).problem).toBe(
      'it is not cosigned by the witness witness.test/two',
    );
    // the witness's genuine cosignature of another checkpoint (a smaller log), moved onto this one
    const elsewhere = checkpointBody({ origin: ORIGIN, size: 4, rootHash: ROOT });
    const moved = signedHead(log, () => [cosignatureLine(elsewhere, w1), cosignatureLine(elsewhere, w2)]);
    expect(checkSignedHead(moved, pinned, history).problem).toBe(
      'it is not cosigned by the witness witness.test/one',
    );
  });
});
