/**
 * What of the review pages leaves the server: a queue row (the request, its client, the amount in
 * USD, the client's identity, a withdrawal's masked destination and whether it is new), and the
 * facts of one client's pages (their identity, each withdrawal's full destination).
 */
import type { ClientReviewFacts } from '@common/schemas/review-facts';
import type { PendingReview } from '@common/schemas/transactions';
import { centsToUsd } from '../../lib/money';
import { destinationText, presentIdentity } from './destination-facts';
import type { ClientFactsRow, PendingReviewRow } from './service';

/** A queue row as it leaves the server (amounts cents → USD; the destination masked). */
export function presentPendingReview(row: PendingReviewRow): PendingReview {
  const withdrawal = row.kind !== 'deposit';
  return {
    _id: row.id,
    kind: row.kind,
    userId: row.userId,
    user: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    userBlocked: row.userBlocked,
    amount: centsToUsd(row.amount),
    method: row.method,
    createdAt: row.createdAt.toISOString(),
    identity: presentIdentity(row),
    destination: withdrawal ? destinationText(row.destination) : null,
    newDestination: withdrawal ? row.newDestination : null,
  };
}

/** A client's review facts as they leave the server (each destination in full). */
export function presentClientFacts(row: ClientFactsRow): ClientReviewFacts {
  return {
    identity: presentIdentity(row),
    withdrawals: row.withdrawals.map((w) => ({
      _id: w.id,
      destination: destinationText(w.destination, true),
      newDestination: w.newDestination,
    })),
  };
}
