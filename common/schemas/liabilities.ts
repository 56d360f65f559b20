/**
 * Answers of the proof-of-liabilities routes (docs/transparency.md "Proof of liabilities"): a
 * published snapshot (root of the Merkle sum tree of every client's total) and one client's proof.
 * Amounts: `total` in USD (display), `totalCents` and every `sum` as decimal strings of cents
 * (exact: the browser verifies with common/transparency/sum-tree.ts).
 */
import { z } from 'zod';
import { canonicalEntrySchema, entryLeafV2Schema } from './transparency-log';

/** Texts of the liabilities routes. */
export const LIABILITIES_MSG = {
  noSnapshot: 'No proof of liabilities has been published yet.',
  notInSnapshot: 'Your account is not in the latest proof of liabilities yet: it will be in the next one.',
  badTreeSize: 'There is no signed tree head of that size.',
  snapshotTaken: 'Proof of liabilities published',
  noClients: 'There is no client account to include yet.',
} as const;

const centsText = z.string().regex(/^\d+$/).describe('Cents as a decimal string (exact)');
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** One published snapshot. */
export const liabilitiesSnapshotSchema = z.object({
  snapshotId: z.uuid(),
  snapshotAt: z.string().describe('When the balances were read (ISO 8601)'),
  rootHash: hex64.describe('The sum tree root hash (hex)'),
  total: z.number().describe("The sum of every client's total (USD)"),
  totalCents: centsText,
  accounts: z.number().int().describe('Clients in the snapshot'),
  leaves: z
    .number()
    .int()
    .describe(
      'Leaves of the sum tree: each client’s total split into several parts (one per client before cuts)',
    ),
  cutSize: z
    .number()
    .int()
    .nullable()
    .describe(
      'The cut: the journal log size whose first cutSize leaves the totals are summed from; null for snapshots of version 1 (taken from cached balances, not recomputable)',
    ),
  signature: z
    .string()
    .nullable()
    .describe(
      'Ed25519 signature of the transparency key over the snapshot in its own context (docs/transparency.md "One key, separate contexts"), hex; null for snapshots taken before they were signed',
    ),
});
export type LiabilitiesSnapshot = z.infer<typeof liabilitiesSnapshotSchema>;

/** `?snapshot=` on GET /api/transparency/liabilities: an older snapshot instead of the latest. */
export const liabilitiesQuerySchema = z.object({ snapshot: z.uuid('Invalid snapshot id').optional() });

/** GET /api/transparency/liabilities/snapshots: the latest ten, newest first. */
export const liabilitiesSnapshotListSchema = z.object({ snapshots: z.array(liabilitiesSnapshotSchema) });

/** POST /api/transparency/liabilities (staff): the snapshot just published. */
export const liabilitiesTakenAnswerSchema = z.object({
  message: z.string(),
  data: liabilitiesSnapshotSchema,
});

/** One step of a path, leaf to root: the sibling's side, hash and sum (cents). */
export const sumProofStepSchema = z.object({
  side: z.enum(['left', 'right']),
  hash: hex64,
  sum: centsText,
});

/** `?treeSize=` on GET /api/transparency/liabilities/proof: the signed tree head to prove the seals against. */
export const liabilitiesProofQuerySchema = z.object({
  treeSize: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** One of the client's leaves in the snapshot, with its path to the root. */
export const liabilitiesLeafSchema = z.object({
  index: z.number().int().describe('The leaf’s place in the sum tree'),
  clientId: z.uuid().describe('The client id hashed into the leaf (the signed-in user)'),
  salt: hex64.describe('This leaf’s random 32-byte salt (hex)'),
  total: z.number().describe('This part of the client’s total (USD)'),
  totalCents: centsText,
  path: z.array(sumProofStepSchema).describe('Siblings from the leaf to the root'),
});

/** An inclusion proof in the journal's log under the head of `treeSize` (RFC 9162 §2.1.3). */
const logInclusionSchema = z.object({
  leafIndex: z.number().int().describe('The leaf’s place in the log, from 0'),
  auditPath: z.array(hex64).describe('RFC 9162 §2.1.3 inclusion proof, from the leaf up'),
});

/** A journal entry that changed the client's total and is not in the cut. */
export const sinceCutEntrySchema = z.object({
  entryId: z.uuid(),
  changeCents: z
    .string()
    .regex(/^-?\d+$/)
    .describe("The change of the client's total, signed cents"),
  change: z.number().describe('The same in USD'),
  leafIndex: z
    .number()
    .int()
    .nullable()
    .describe('Its place in the log (at or after the cut), or null when not sealed yet'),
  auditPath: z
    .array(hex64)
    .nullable()
    .describe('Its inclusion proof under treeSize; null when not within it'),
  // null sits in a branch (an object that may be null), so each OpenAPI 3.0 `nullable` has its `type`
  entry: z
    .union([entryLeafV2Schema.nullable(), canonicalEntrySchema])
    .describe('The sealed entry in its leaf’s version; null when not within treeSize'),
});

/** The sealed opening of an account (common/transparency/leaves.ts). */
export const accountLeafSchema = z.object({
  v: z.literal(2),
  leaf: z.literal('account'),
  id: z.string(),
  kind: z.string(),
  owner: z.string().nullable(),
  openedAt: z.string(),
});

/**
 * GET /api/transparency/liabilities/proof: the signed-in client's leaves in the latest snapshot and
 * everything the browser needs to check them (docs/transparency.md "Proof of liabilities"). All
 * inclusion proofs lead to the signed tree head of `treeSize`.
 */
export const liabilitiesProofSchema = z.object({
  included: z.boolean().describe('Whether the client has leaves in the latest snapshot'),
  snapshot: liabilitiesSnapshotSchema.describe('The latest published snapshot'),
  treeSize: z
    .number()
    .int()
    .nullable()
    .describe('The signed tree head the proofs below lead to; null before any'),
  snapshotSeal: logInclusionSchema
    .nullable()
    .describe("The snapshot record's leaf in the journal's log; null while it awaits the next seal"),
  leaves: z.array(liabilitiesLeafSchema).describe('The client’s leaves (empty when not included)'),
  totalAtCut: z.number().describe('Their sum (USD)'),
  totalAtCutCents: centsText.describe('Their sum: the client’s total at the cut'),
  sinceCut: z
    .array(sinceCutEntrySchema)
    .describe(
      'The client’s journal entries not in the cut (sealed at or after it, or not yet sealed); empty for a snapshot without a cut',
    ),
  opening: logInclusionSchema
    .extend({ account: accountLeafSchema })
    .nullable()
    .describe('When not included: the sealed opening of the client’s first account; else null'),
});
export type LiabilitiesProof = z.infer<typeof liabilitiesProofSchema>;

/** The latest integrity check (docs/transparency.md "Integrity checks"), on the admin overview. */
export const integrityStatusSchema = z.object({
  ok: z.boolean().describe('Whether the last check passed'),
  checkedAt: z.string().describe('When it ran (ISO 8601)'),
  firstDivergence: z.string().nullable().describe('What it found first when it failed'),
});
export type IntegrityStatus = z.infer<typeof integrityStatusSchema>;
