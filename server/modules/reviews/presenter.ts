/** What of a review-queue row leaves the server: the request, its client, the amount in USD. */
import type { PendingReview } from '@common/schemas/transactions';
import { centsToUsd } from '../../lib/money';
import type { PendingReviewRow } from './service';

export function presentPendingReview(row: PendingReviewRow): PendingReview {
  return {
    _id: row.id,
    kind: row.kind,
    userId: row.userId,
    user: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    userBlocked: row.userBlocked,
    amount: centsToUsd(row.amount),
    method: row.method,
    createdAt: row.createdAt.toISOString(),
  };
}
