/**
 * The journal log's tree heads as C2SP checkpoints (docs/transparency.md "Checkpoints"): the seal
 * signs each head's checkpoint body with the transparency key (a signed-note Ed25519 signature, the
 * key named by the log's origin); GET /api/transparency/checkpoint serves it as a signed note with
 * the log's signature line and the witnesses' cosignature lines (cosignatures.ts). The byte format
 * is common/transparency/signed-note.ts.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import {
  checkpointBody,
  COSIGNATURE_ED25519,
  cosignatureBytes,
  noteKeyId,
  NOTE_ED25519,
  signatureLine,
  signedNoteText,
} from '@common/transparency/signed-note';
import type { transparencyCosignatures, transparencyTreeHeads } from '../../db/schema';
import type { SigningKey } from './signing-key';

type TreeHeadRow = typeof transparencyTreeHeads.$inferSelect;
type CosignatureRow = typeof transparencyCosignatures.$inferSelect;

/** The checkpoint note signature (128 hex) of the head of `size` leaves and `rootHash` (hex). */
export function signCheckpoint(key: SigningKey, size: number, rootHash: string): string {
  return key.sign(new TextEncoder().encode(checkpointBody({ origin: key.origin, size, rootHash })));
}

/**
 * The signed note of `head` under `origin`: its body, the log's signature line (its key named by the
 * origin, key id from the head's public key) and one line per cosignature. Null for a head signed
 * before checkpoints were (no checkpoint signature).
 */
export function checkpointNote(
  origin: string,
  head: TreeHeadRow,
  cosignatures: CosignatureRow[],
): string | null {
  if (!head.checkpointSignature) return null;
  const body = checkpointBody({ origin, size: head.size, rootHash: head.rootHash });
  const lines = [
    signatureLine(
      origin,
      noteKeyId(origin, NOTE_ED25519, head.publicKey),
      hexToBytes(head.checkpointSignature),
    ),
    ...cosignatures.map((c) =>
      signatureLine(c.witnessName, c.keyId, cosignatureBytes(c.timestamp, hexToBytes(c.signature))),
    ),
  ];
  return signedNoteText(body, lines);
}

/** The key id a witness's Ed25519 cosignature carries for its name and public key (hex). */
export const cosignerKeyId = (name: string, publicKey: string) =>
  noteKeyId(name, COSIGNATURE_ED25519, publicKey);
