/**
 * "Download my evidence" (docs/transparency.md "Your evidence"): one JSON file with the client's
 * sealed journal entries and account openings, each with its inclusion proof to the latest
 * checkpoint every witness cosigned, that checkpoint (C2SP signed note, cosignatures included) and
 * the same head's JSON signature, the key history and the pinned fingerprint, the latest proof of
 * liabilities (its log proofs under the same checkpoint), and on request the consistency proof
 * from a head the browser remembers. The shape is common/schemas/evidence.ts;
 * `verifier/verify-evidence.mjs` checks it without our code.
 *
 * Bounded: at most EVIDENCE_MAX_LEAVES leaves (UNPROCESSABLE beyond), read and proven PAGE at a
 * time (one read of the leaves' subjects and one of the subtree hashes per page).
 * Errors (AppError): NOT_FOUND before the first checkpoint; UNPROCESSABLE over the limit;
 * BAD_REQUEST for a `since` that is no signed head's size (proofs.ts `consistencyProof`).
 */
import { and, eq, lt } from 'drizzle-orm';
import {
  EVIDENCE_FORMAT,
  EVIDENCE_MAX_LEAVES,
  type EvidenceBundle,
  type EvidenceEntry,
} from '@common/schemas/evidence';
import { keyFingerprint, type KeyHistoryEntry } from '@common/transparency/key-history';
import { isEntryV2, leafBytes, type Leaf, type SealedEntry } from '@common/transparency/leaves';
import { inclusionRanges, nodeLookup, proofHashes, refsOf } from '@common/transparency/merkle';
import { formatVerifierKey, type VerifierKey } from '@common/transparency/signed-note';
import type { Db } from '../../db/client';
import { journalEntries, ledgerAccounts, transparencyLeaves } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { checkpointNote } from './checkpoint';
import { cosignaturesOf, latestWitnessedHead } from './cosignatures';
import { currentLeaves, type LeafSubject } from './leaf-forms';
import { liabilitiesProof } from './liabilities-proof';
import { consistencyProof } from './proofs';
import { readNodes } from './seal';

/** Leaves read and proven at a time. */
const PAGE = 500;

/** What the log publishes about its keys: origin, history (oldest first), witnesses, the signing key. */
export interface EvidenceKeys {
  origin: string;
  history: KeyHistoryEntry[];
  witnesses: readonly VerifierKey[];
  /** The public key (hex) the server signs with now: the one the site's code pins. */
  signingKey: string;
}

/** A leaf of the client's: its place, version and subject. */
type ClientLeaf = LeafSubject & { leafIndex: number };

/** The client's entry and account leaves below `size`, in log order; at most `limit` + 1 of each kind are read. */
async function clientLeaves(db: Db, userId: string, size: number, limit: number): Promise<ClientLeaf[]> {
  const columns = {
    leafIndex: transparencyLeaves.leafIndex,
    version: transparencyLeaves.version,
    entryId: transparencyLeaves.entryId,
    accountId: transparencyLeaves.accountId,
  };
  const [entries, accounts] = await Promise.all([
    db
      .select(columns)
      .from(journalEntries)
      .innerJoin(transparencyLeaves, eq(transparencyLeaves.entryId, journalEntries.id))
      .where(and(eq(journalEntries.userId, userId), lt(transparencyLeaves.leafIndex, size)))
      .limit(limit + 1),
    db
      .select(columns)
      .from(ledgerAccounts)
      .innerJoin(transparencyLeaves, eq(transparencyLeaves.accountId, ledgerAccounts.id))
      .where(and(eq(ledgerAccounts.userId, userId), lt(transparencyLeaves.leafIndex, size)))
      .limit(limit + 1),
  ]);
  return [...entries, ...accounts].sort((a, b) => a.leafIndex - b.leafIndex);
}

/**
 * What an entry changes in the client's total funds, cents: the sum of its lines on the client's
 * accounts (a version 2 line names its owner; a version 1 line only its account).
 */
export function changeCents(entry: SealedEntry, userId: string, accountIds: ReadonlySet<string>): bigint {
  const lines = isEntryV2(entry)
    ? entry.lines.filter((l) => l.owner === userId)
    : entry.lines.filter((l) => accountIds.has(l.accountId));
  return lines.reduce((sum, l) => sum + BigInt(l.amount), 0n);
}

const decoder = new TextDecoder();

/**
 * The evidence of client `userId` (see the header). `since`: the size of a head the browser
 * remembers; a size above the checkpoint's gets no proof (`earlier` null). `limit`: the most leaves
 * answered (UNPROCESSABLE beyond).
 */
export async function evidenceBundle(
  db: Db,
  keys: EvidenceKeys,
  userId: string,
  since?: number,
  limit = EVIDENCE_MAX_LEAVES,
): Promise<EvidenceBundle> {
  const head = await latestWitnessedHead(db, keys.witnesses);
  const checkpoint =
    head && checkpointNote(keys.origin, head, await cosignaturesOf(db, head.size, keys.witnesses));
  if (!head || !checkpoint) throw new AppError('no_evidence_checkpoint');
  const leaves = await clientLeaves(db, userId, head.size, limit);
  if (leaves.length > limit) throw new AppError('evidence_too_large');
  const accountIds = new Set(leaves.flatMap((l) => (l.accountId ? [l.accountId] : [])));
  const entries: EvidenceEntry[] = [];
  const accounts: EvidenceBundle['accounts'] = [];
  for (let from = 0; from < leaves.length; from += PAGE) {
    const page = leaves.slice(from, from + PAGE);
    const ranges = page.map((l) => inclusionRanges(l.leafIndex, head.size));
    const [nodes, forms] = await Promise.all([readNodes(db, refsOf(ranges.flat())), currentLeaves(db, page)]);
    const lookup = nodeLookup(nodes);
    page.forEach((subject, k) => {
      const form = forms[k] as Leaf | undefined;
      if (!form) throw new Error(`leaf ${subject.leafIndex}: its subject is gone`);
      const sealed = {
        leafIndex: subject.leafIndex,
        leaf: decoder.decode(leafBytes(form)),
        auditPath: proofHashes(ranges[k]!, lookup),
      };
      if (subject.accountId) accounts.push(sealed);
      else {
        const entry = form as SealedEntry;
        const shown = {
          type: entry.type,
          effectiveAt: entry.effectiveAt,
          changeCents: changeCents(entry, userId, accountIds).toString(),
        };
        entries.push({ ...sealed, shown });
      }
    });
  }
  const earlier =
    since === undefined || since > head.size
      ? null
      : await consistencyProof(db, since, head.size).then((p) => ({ size: since, consistency: p.proof }));
  return {
    format: EVIDENCE_FORMAT,
    client: userId,
    keys: {
      origin: keys.origin,
      history: keys.history.map((e) => ({ ...e, fingerprint: keyFingerprint(e.publicKey) })),
      witnesses: keys.witnesses.map(formatVerifierKey),
      pinnedFingerprint: keyFingerprint(keys.signingKey),
    },
    checkpoint,
    treeHead: { timestamp: new Date(head.timestampMs).toISOString(), signature: head.signature },
    entries,
    accounts,
    liabilities: await liabilitiesProof(db, userId, head.size),
    earlier,
  };
}
