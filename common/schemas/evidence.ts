/**
 * "Download my evidence" (docs/transparency.md "Your evidence"): GET /api/transparency/evidence
 * answers one JSON file holding everything a client needs to check, offline and without our code,
 * that their sealed journal entries and account openings are in the log the operator signed, and
 * that their balance is in the latest proof of liabilities. `verifier/verify-evidence.mjs` checks it.
 *
 * Every field is either signed (the checkpoint, the tree head, the key history, the liabilities
 * snapshot), proven (a leaf and its inclusion proof), or recomputed from those by the verifier (a
 * fingerprint, what an entry changes); the verifier refuses a field it does not know.
 * Cents are decimal strings (exact); hashes and signatures lowercase hex; times ISO 8601 UTC.
 */
import { z } from 'zod';
import { liabilitiesProofSchema } from './liabilities';
import { keyHistoryEntrySchema } from './transparency-log';

/** The format name and version the file carries in `format`. */
export const EVIDENCE_FORMAT = 'honest-broker-evidence/1';

/** At most this many sealed leaves (entries and account openings) in one file. */
export const EVIDENCE_MAX_LEAVES = 50_000;

/** Texts of the evidence route (shown on screen as they are). */
export const EVIDENCE_MSG = {
  noCheckpoint: 'The journal has no signed checkpoint yet: there is no evidence to download',
  tooMany: `Your evidence would hold more than ${EVIDENCE_MAX_LEAVES.toLocaleString('en-US')} sealed entries, more than one file holds: please ask support for it`,
} as const;

/** The file name of the evidence downloaded on `day` (YYYY-MM-DD, UTC). */
export const evidenceFileName = (day: string) => `evidence-${day}.json`;

const hash = z.string().regex(/^[0-9a-f]{64}$/);
const signedCents = z
  .string()
  .regex(/^-?\d+$/)
  .describe('Signed integer cents as a decimal string');

/** `?since=`: the size of the tree head the browser remembers, for the consistency proof from it. */
export const evidenceQuerySchema = z.object({
  since: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** A sealed leaf: its place in the log, its bytes as text and its inclusion proof. */
const sealedLeaf = {
  leafIndex: z.number().int().describe("The leaf's place in the log, from 0"),
  leaf: z
    .string()
    .describe(
      'The leaf bytes as UTF-8 text (docs/transparency.md "Checking by hand"); the leaf hash is SHA-256(0x00 || them)',
    ),
  auditPath: z.array(hash).describe('RFC 9162 §2.1.3 inclusion proof to the checkpoint, from the leaf up'),
};

/** One of the client's sealed journal entries, with what it shows. */
export const evidenceEntrySchema = z.object({
  ...sealedLeaf,
  shown: z.object({
    type: z.string().describe("The entry's type, as sealed"),
    effectiveAt: z.string().describe('When it takes effect, as sealed'),
    changeCents: signedCents.describe(
      "What it changes in the client's total funds (available + held + invested), cents: the sum of its lines on the client's accounts",
    ),
  }),
});
export type EvidenceEntry = z.infer<typeof evidenceEntrySchema>;

/** One of the client's sealed account openings. */
export const evidenceAccountSchema = z.object(sealedLeaf);

/** GET /api/transparency/evidence. */
export const evidenceBundleSchema = z.object({
  format: z.literal(EVIDENCE_FORMAT),
  client: z.uuid().describe('The client the evidence is of'),
  keys: z.object({
    origin: z.string().describe("The log's origin: its checkpoints' first line and key name"),
    history: z
      .array(keyHistoryEntrySchema)
      .describe('Every signing key, oldest first, as GET /api/transparency/keys publishes it'),
    witnesses: z.array(z.string()).describe('Verifier keys of the witnesses a checkpoint needs'),
    pinnedFingerprint: hash.describe(
      "The fingerprint of the key the server signs with (the site's code pins it)",
    ),
  }),
  checkpoint: z
    .string()
    .describe('The latest checkpoint every witness cosigned: a C2SP signed note with its cosignatures'),
  treeHead: z.object({
    timestamp: z.string().describe("The same head's time, ISO 8601 UTC with milliseconds, as signed"),
    signature: z
      .string()
      .describe("The same head's Ed25519 signature in its JSON form (broker-transparency-tree-head-v1), hex"),
  }),
  entries: z
    .array(evidenceEntrySchema)
    .describe("Every journal entry of the client's within the checkpoint, in log order"),
  accounts: z
    .array(evidenceAccountSchema)
    .describe("The openings of the client's accounts within the checkpoint, in log order"),
  liabilities: liabilitiesProofSchema
    .nullable()
    .describe(
      'The latest proof of liabilities as GET /api/transparency/liabilities/proof answers it; null when the client is in none',
    ),
  earlier: z
    .object({
      size: z.number().int().describe('The size of the head the browser remembered'),
      consistency: z
        .array(hash)
        .describe('RFC 9162 §2.1.4 consistency proof from that head to the checkpoint'),
    })
    .nullable()
    .describe(
      'With ?since=: the proof that the log at that size is the beginning of this one (the browser adds that checkpoint)',
    ),
});
export type EvidenceBundle = z.infer<typeof evidenceBundleSchema>;
