/**
 * What a reviewer sees of a deposit or withdrawal before deciding on it (docs/security.md
 * "Withdrawal address book"): the client's identity (their verification status and the level it
 * gives, common/schemas/limits.ts), and for a withdrawal its destination and whether that
 * destination is new for the client. Served on every row of the review queue
 * (GET /api/reviews/pending) and for one client's pages (GET /api/reviews/client/:id).
 */
import { z } from 'zod';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../constants';
import { VERIFICATION_LEVELS } from './limits';

/**
 * A destination is new for `NEW_DESTINATION_DAYS` after the client confirmed it in their address
 * book, and whenever no earlier withdrawal of theirs to it was approved.
 */
export const NEW_DESTINATION_DAYS = 7;

/** The client's identity as a reviewer reads it. */
export const reviewIdentitySchema = z
  .object({
    status: z.enum(VERIFICATION_STATUSES).describe("The client's identity verification status"),
    level: z
      .enum(VERIFICATION_LEVELS)
      .describe('The verification level it gives (identity approved, with proof of address)'),
  })
  .describe("The client's identity: a rejected or failed one is flagged to the reviewer");
export type ReviewIdentity = z.infer<typeof reviewIdentitySchema>;

/** A withdrawal's destination facts (null for a deposit). */
export const destinationFields = {
  destination: z
    .string()
    .nullable()
    .describe(
      'Where a withdrawal goes: masked to its last 4 characters in the queue, in full on a client page; null for a deposit',
    ),
  newDestination: z
    .boolean()
    .nullable()
    .describe(
      `No earlier withdrawal of the client to it was approved, or it was confirmed in the address book less than ${NEW_DESTINATION_DAYS} days ago; null for a deposit`,
    ),
};

/** One withdrawal of a client's page, with its destination facts. */
export const withdrawalFactsSchema = z.object({
  _id: z.uuid(),
  destination: z.string(),
  newDestination: z.boolean(),
});

/** Answer of GET /api/reviews/client/:id: the client's identity, and each of their withdrawals' facts. */
export const clientReviewFactsSchema = z.object({
  data: z.object({ identity: reviewIdentitySchema, withdrawals: z.array(withdrawalFactsSchema) }),
});
export type ClientReviewFacts = z.infer<typeof clientReviewFactsSchema>['data'];

/** The statuses of an identity that was refused: the reviewer is warned. */
export const identityRefused = (status: VerificationStatus): boolean =>
  status === 'rejected' || status === 'failed';
