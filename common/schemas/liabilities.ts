/**
 * Answers of the proof-of-liabilities routes (docs/transparency.md "Proof of liabilities"): a
 * published snapshot (root of the Merkle sum tree of every client's total) and one client's proof.
 * Amounts: `total` in USD (display), `totalCents` and every `sum` as decimal strings of cents
 * (exact: the browser verifies with common/transparency/sum-tree.ts).
 */
import { z } from 'zod';

/** Texts of the liabilities routes. */
export const LIABILITIES_MSG = {
  noSnapshot: 'No proof of liabilities has been published yet.',
  notInSnapshot: 'Your account is not in the latest proof of liabilities yet: it will be in the next one.',
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
  accounts: z.number().int().describe('Clients in the snapshot (leaves of the tree)'),
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

/** GET /api/transparency/liabilities/proof: the signed-in client's leaf and path in the latest snapshot. */
export const liabilitiesProofSchema = liabilitiesSnapshotSchema.extend({
  leaf: z.object({
    index: z.number().int(),
    clientId: z.uuid().describe('The client id hashed into the leaf (the signed-in user)'),
    salt: hex64.describe('This snapshot’s random 32-byte salt of the leaf (hex)'),
    total: z.number().describe("The client's total: available + held + invested (USD)"),
    totalCents: centsText,
  }),
  path: z.array(sumProofStepSchema),
});
export type LiabilitiesProof = z.infer<typeof liabilitiesProofSchema>;

/** The latest integrity check (docs/transparency.md "Integrity checks"), on the admin overview. */
export const integrityStatusSchema = z.object({
  ok: z.boolean().describe('Whether the last check passed'),
  checkedAt: z.string().describe('When it ran (ISO 8601)'),
  firstDivergence: z.string().nullable().describe('What it found first when it failed'),
});
export type IntegrityStatus = z.infer<typeof integrityStatusSchema>;
