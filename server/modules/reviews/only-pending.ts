/**
 * The rule every review shares: only a pending request can be reviewed. A deposit and a withdrawal
 * are approved or rejected once; a second review (a double click, two admins at once) is refused
 * with 409 naming the status it already has. The caller locks the request's row first, in the
 * transaction that reviews it, so two racing reviews are checked one after the other and the second
 * sees the first one's status.
 */
import { AppError } from '../../lib/errors';

/**
 * Answers the locked request when it is pending. Throws AppError 404 when there is none, 409
 * `already(status)` (e.g. "Deposit is already approved") when it was reviewed before.
 */
export function onlyPending<T extends { status: string }>(
  row: T | undefined,
  already: (status: string) => string,
): T {
  if (!row) throw new AppError('not_found');
  if (row.status !== 'pending') throw new AppError('already_reviewed', already(row.status));
  return row;
}

/**
 * The reviewer of a request is never its owner (docs/security.md "Separation of duties"): a staff
 * member deciding on their own deposit, withdrawal or identity documents is refused with 409
 * `STAFF_MSG.ownReview`. The database's CHECKs (`deposits_reviewer_not_owner`,
 * `withdrawals_reviewer_not_owner`) hold the same rule for the rows.
 */
export function notOwnRequest(ownerId: string, reviewerId: string): void {
  if (ownerId === reviewerId) throw new AppError('own_review');
}
