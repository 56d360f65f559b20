/**
 * The browser's check of a signed tree head as a C2SP checkpoint (docs/transparency.md
 * "Checkpoints", "Witnesses"; loaded on demand with the verifier): the head's checkpoint must be
 * the same head (origin, size, root), signed by the pinned key or a later key the published history
 * certifies from it (never simply the key the answer names), with the JSON form's signature by the
 * same key, and cosigned by every pinned witness.
 */
import { verifyTreeHead } from '@common/transparency/journal';
import { keyFingerprint, keysTrustedFrom, type KeyHistoryEntry } from '@common/transparency/key-history';
import {
  NOTE_ED25519,
  parseCheckpointBody,
  parseSignedNote,
  parseVerifierKey,
  signaturesOf,
  verifierKey,
  verifyCosignature,
  verifyNoteSignature,
} from '@common/transparency/signed-note';
import type { TreeHeadView } from '@common/schemas/transparency-log';

/** The outcome: null when every check holds, else what failed, in words; the pinned key's fingerprint. */
export interface SignedHeadCheck {
  problem: string | null;
  pinnedFingerprint: string;
}

/** Checks `head` against the pin (key and witnesses) and the published key `history` (see the header). */
export function checkSignedHead(
  head: TreeHeadView,
  pin: { publicKey: string; witnesses: string[] } | null,
  history: readonly KeyHistoryEntry[],
): SignedHeadCheck {
  const pinnedFingerprint = pin ? keyFingerprint(pin.publicKey) : '';
  const fail = (problem: string) => ({ problem, pinnedFingerprint });
  if (!pin) return fail('this site was built without a pinned key');
  if (!head.checkpoint) return fail('the tree head comes without a signed checkpoint');
  const note = parseSignedNote(head.checkpoint);
  const fields = note && parseCheckpointBody(note.body);
  if (!note || !fields) return fail('its checkpoint is not a signed note');
  if (fields.origin !== head.origin || fields.size !== head.size || fields.rootHash !== head.rootHash) {
    return fail('its checkpoint is not the same tree head');
  }
  const trusted = keysTrustedFrom(pin.publicKey, history);
  if (!trusted.includes(head.publicKey)) {
    return fail('it is signed with a key that is neither the pinned key nor certified from it');
  }
  if (!verifyTreeHead(head, head.publicKey)) return fail('its signature does not verify');
  const key = verifierKey(head.origin, NOTE_ED25519, head.publicKey);
  const signatures = signaturesOf(note, key);
  if (signatures.length === 0 || !signatures.every((s) => verifyNoteSignature(note.body, s, key))) {
    return fail("its checkpoint's signature does not verify");
  }
  for (const text of pin.witnesses) {
    const witness = parseVerifierKey(text);
    const cosigned = witness ? signaturesOf(note, witness) : [];
    if (
      !witness ||
      cosigned.length === 0 ||
      cosigned.some((s) => verifyCosignature(note.body, s, witness) === null)
    ) {
      return fail(`it is not cosigned by the witness ${witness?.name ?? text}`);
    }
  }
  return { problem: null, pinnedFingerprint };
}
