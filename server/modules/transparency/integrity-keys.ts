/**
 * The signatures' part of the integrity check (docs/transparency.md "Integrity checks"): every signed
 * tree head (its JSON-form signature and its checkpoint signature) and every liabilities snapshot is
 * checked with the keys of the configured key history (signing-key.ts `signatureTrustFor`), never
 * with a key stored beside it: a row names its key only by fingerprint, and a fingerprint outside the
 * history fails. A head or snapshot without its newer signature (checkpoint, snapshot signature) is
 * accepted only before the first one that has it. Answers the first divergence in words, or null.
 */
import { asc } from 'drizzle-orm';
import { verifyTreeHead } from '@common/transparency/journal';
import { keyFingerprint } from '@common/transparency/key-history';
import {
  checkpointBody,
  NOTE_ED25519,
  verifierKey,
  verifyNoteSignature,
} from '@common/transparency/signed-note';
import { snapshotSigningBytes } from '@common/transparency/signing-contexts';
import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { Tx } from '../../db/client';
import { liabilitiesSnapshots, transparencyTreeHeads } from '../../db/schema';

/** The keys a signature may be checked with (fingerprint → public key hex) and the log's origin. */
export interface SignatureTrust {
  keys: ReadonlyMap<string, string>;
  origin: string;
}

const FOREIGN = 'neither the configured key nor in its published key history';

/** Every tree head's signatures, oldest first; the first divergence, or null. */
async function checkTreeHeadSignatures(tx: Tx, trust: SignatureTrust): Promise<string | null> {
  const heads = await tx.select().from(transparencyTreeHeads).orderBy(asc(transparencyTreeHeads.size));
  let checkpoints = false;
  for (const head of heads) {
    const timestamp = new Date(head.timestampMs).toISOString();
    const name = `the tree head of size ${head.size} (${timestamp})`;
    const publicKey = trust.keys.get(head.keyFingerprint);
    if (!publicKey) return `${name}: signed with key ${head.keyFingerprint}, ${FOREIGN}`;
    if (
      !verifyTreeHead(
        { size: head.size, rootHash: head.rootHash, timestamp, signature: head.signature },
        publicKey,
      )
    ) {
      return `${name}: its signature does not verify with key ${head.keyFingerprint}`;
    }
    if (head.checkpointSignature === null) {
      if (checkpoints) return `${name}: has no checkpoint signature, though an earlier head has one`;
      continue;
    }
    checkpoints = true;
    const body = checkpointBody({ origin: trust.origin, size: head.size, rootHash: head.rootHash });
    const key = verifierKey(trust.origin, NOTE_ED25519, publicKey);
    const signature = { name: key.name, keyId: key.keyId, signature: hexToBytes(head.checkpointSignature) };
    if (!verifyNoteSignature(body, signature, key)) {
      return `${name}: its checkpoint signature does not verify with key ${head.keyFingerprint} under origin ${trust.origin}`;
    }
  }
  return null;
}

/** Every liabilities snapshot's signature, oldest first; the first divergence, or null. */
async function checkSnapshotSignatures(tx: Tx, trust: SignatureTrust): Promise<string | null> {
  const rows = await tx
    .select()
    .from(liabilitiesSnapshots)
    .orderBy(asc(liabilitiesSnapshots.takenAt), asc(liabilitiesSnapshots.createdAt));
  let signed = false;
  for (const row of rows) {
    const name = `liabilities snapshot ${row.id} (${row.takenAt.toISOString()})`;
    if (row.signature === null) {
      if (signed) return `${name}: not signed, though an earlier snapshot is`;
      continue;
    }
    signed = true;
    const bytes = snapshotSigningBytes({
      snapshotId: row.id,
      snapshotAt: row.takenAt.toISOString(),
      rootHash: row.rootHash,
      totalCents: row.total.toString(),
      accounts: row.accounts,
    });
    const signature = hexToBytes(row.signature);
    const verifies = [...trust.keys.values()].some((publicKey) => {
      try {
        return ed25519.verify(signature, bytes, hexToBytes(publicKey));
      } catch {
        return false;
      }
    });
    if (!verifies) return `${name}: its signature does not verify with any key of the published key history`;
  }
  return null;
}

/** The tree heads' and snapshots' signatures inside `tx`; the first divergence, or null. */
export async function checkSignatures(tx: Tx, trust: SignatureTrust): Promise<string | null> {
  return (await checkTreeHeadSignatures(tx, trust)) ?? (await checkSnapshotSignatures(tx, trust));
}

/** The fingerprint → key map of a list of public keys (hex). */
export const keysByFingerprint = (publicKeys: string[]): Map<string, string> =>
  new Map(publicKeys.map((k) => [keyFingerprint(k), k]));
