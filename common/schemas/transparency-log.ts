/**
 * The verifiable journal's routes (docs/transparency.md "The verifiable journal"): the latest signed
 * tree head, an entry's inclusion proof, the consistency proof between two signed heads. Hashes and
 * signatures are lowercase hex; sizes count leaves (sealed journal entries); the byte formats are in
 * common/transparency/journal.ts.
 */
import { z } from 'zod';

const hash = z.string().regex(/^[0-9a-f]{64}$/);

/** Messages of the journal routes (shown on screen as they are). */
export const TRANSPARENCY_LOG_MSG = {
  noTreeHead: 'The journal has not been sealed yet: no tree head is signed',
  notSealed:
    'This entry is not sealed into the journal log yet: it is sealed within a few minutes of posting',
  noSuchHead: 'No signed tree head has this size',
  badSizes: 'from and to must be sizes of signed tree heads with from ≤ to',
  leafOutsideHead: 'This entry was sealed after that tree head: ask for a later one',
  overdue: 'This entry was posted before the journal was last sealed but is not in its log: it was left out',
  noCheckpoint: 'No checkpoint is signed yet',
  notACheckpoint: 'The body is not a signed checkpoint of this log (C2SP tlog-checkpoint, this origin)',
  unknownWitness: 'The checkpoint carries no cosignature of a witness this log accepts',
  badCosignature: (witness: string) => `The cosignature of ${witness} does not verify over this checkpoint`,
  notOurCheckpoint:
    'This log never signed that checkpoint: its root differs from the signed head of that size',
} as const;

/** A signed tree head's own fields (the JSON form, signed as common/transparency/journal.ts says). */
export const treeHeadSchema = z.object({
  size: z.number().int().describe('Leaves (sealed journal entries) in the tree'),
  rootHash: hash.describe('RFC 9162 Merkle tree hash of the leaves, hex'),
  timestamp: z.string().describe('When the head was signed: ISO 8601 UTC with milliseconds, as signed'),
  signature: z.string().describe('Ed25519 signature over the tree head bytes (docs/transparency.md), hex'),
  publicKey: z.string().describe('The Ed25519 public key that verifies it, hex'),
  keyFingerprint: z.string().describe('SHA-256 of the public key, hex'),
});
export type TreeHeadAnswer = z.infer<typeof treeHeadSchema>;

/** GET /api/transparency/tree-head: the head's fields and the same head as a checkpoint. */
export const treeHeadAnswerSchema = treeHeadSchema.extend({
  origin: z.string().describe("The log's origin: its checkpoints' first line and key name"),
  checkpoint: z
    .string()
    .nullable()
    .describe(
      'The same head as a C2SP signed-note checkpoint with its cosignatures; null for heads signed before checkpoints',
    ),
});
export type TreeHeadView = z.infer<typeof treeHeadAnswerSchema>;

/** One key of the published key history (common/transparency/key-history.ts). */
export const keyHistoryEntrySchema = z.object({
  publicKey: hash.describe('Ed25519 public key, hex'),
  fingerprint: hash.describe('SHA-256 of the public key, hex'),
  since: z.string().describe('From when it signs, ISO 8601 UTC'),
  signature: z
    .string()
    .nullable()
    .describe("The previous key's Ed25519 signature of the rotation, hex; null for the first key"),
});

/** GET /api/transparency/keys. */
export const keysAnswerSchema = z.object({
  origin: z.string().describe("The log's origin and checkpoint key name"),
  verifierKey: z.string().describe("The log's C2SP verifier key (name+keyid+base64), signature type 0x01"),
  history: z.array(keyHistoryEntrySchema).describe('Every signing key, oldest first, the current key last'),
  witnesses: z
    .array(z.string())
    .describe('Verifier keys of the witnesses whose cosignatures a checkpoint needs'),
});
export type KeysAnswer = z.infer<typeof keysAnswerSchema>;

/** POST /api/transparency/cosignatures. */
export const cosignatureAnswerSchema = z.object({
  size: z.number().int().describe('The cosigned tree head'),
  witnesses: z.number().int().describe('How many configured witnesses have cosigned it now'),
});

/** `:entryId` of GET /api/transparency/inclusion/:entryId. */
export const inclusionParams = z.object({ entryId: z.uuid('Invalid id') });

/** `?treeSize=`: the signed tree head to prove against (default the latest). */
export const inclusionQuery = z.object({
  treeSize: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** A sealed entry's canonical form (common/transparency/journal.ts), so the browser can rehash it. */
export const canonicalEntrySchema = z.object({
  id: z.string(),
  type: z.string(),
  effectiveAt: z.string().describe('ISO 8601 UTC with milliseconds'),
  memo: z.string(),
  lines: z.array(z.object({ accountId: z.string(), amount: z.string().describe('Signed integer cents') })),
  reverses: z.string().nullable(),
});

/** A version 2 entry leaf (common/transparency/leaves.ts): what version 1 says, and more. */
export const entryLeafV2Schema = z.object({
  v: z.literal(2),
  leaf: z.literal('entry'),
  id: z.string(),
  type: z.string(),
  client: z.string().describe('The client the entry concerns'),
  effectiveAt: z.string().describe('ISO 8601 UTC with milliseconds'),
  postedAt: z
    .string()
    .describe("When it was posted (the journal's created_at), ISO 8601 UTC with milliseconds"),
  memo: z.string(),
  depositId: z.string().nullable(),
  withdrawalId: z.string().nullable(),
  planId: z.string().nullable(),
  tradingActivityId: z.string().nullable(),
  requestedAt: z
    .string()
    .nullable()
    .describe("When its deposit or withdrawal was requested (its history line's date)"),
  lines: z.array(
    z.object({
      accountId: z.string(),
      kind: z.string().describe('available, held, invested, cash or income_expense'),
      owner: z.string().nullable().describe('The client who owns the account; null for the house'),
      amount: z.string().describe('Signed integer cents'),
    }),
  ),
  reverses: z.string().nullable(),
});

/** GET /api/transparency/inclusion/:entryId. */
export const inclusionAnswerSchema = z.object({
  leafIndex: z.number().int().describe("The entry's place in the log, from 0"),
  leafHash: hash.describe('SHA-256(0x00 || canonical entry bytes), hex'),
  auditPath: z.array(hash).describe('RFC 9162 §2.1.3 inclusion proof, from the leaf up'),
  treeSize: z.number().int().describe('The signed tree head the path leads to'),
  entry: z
    .union([entryLeafV2Schema, canonicalEntrySchema])
    .describe("The sealed entry in its leaf's version: 2 (with `v`) since the cut-over, else 1"),
});
export type InclusionAnswer = z.infer<typeof inclusionAnswerSchema>;

/** `?from&to` of GET /api/transparency/consistency. */
export const consistencyQuery = z.object({
  from: z.coerce
    .number({ error: TRANSPARENCY_LOG_MSG.badSizes })
    .int(TRANSPARENCY_LOG_MSG.badSizes)
    .min(1, TRANSPARENCY_LOG_MSG.badSizes)
    .max(Number.MAX_SAFE_INTEGER, TRANSPARENCY_LOG_MSG.badSizes),
  to: z.coerce
    .number({ error: TRANSPARENCY_LOG_MSG.badSizes })
    .int(TRANSPARENCY_LOG_MSG.badSizes)
    .min(1, TRANSPARENCY_LOG_MSG.badSizes)
    .max(Number.MAX_SAFE_INTEGER, TRANSPARENCY_LOG_MSG.badSizes),
});

/** GET /api/transparency/consistency. */
export const consistencyAnswerSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  proof: z.array(hash).describe('RFC 9162 §2.1.4 consistency proof (empty when from = to)'),
});
export type ConsistencyAnswer = z.infer<typeof consistencyAnswerSchema>;
