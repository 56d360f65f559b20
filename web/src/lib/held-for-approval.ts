/**
 * Four-eyes approval on the web (docs/security.md "Four-eyes approval"): a money route (adjustment,
 * history line, void, plan result, trading activity, withdrawal approval) moving at least the
 * threshold answers 202 `{ message: APPROVAL_MSG.sentForApproval, data: ApprovalRequest }` instead of
 * acting. Nothing moved yet: the screen says so instead of its "posted" text.
 */
import { APPROVAL_MSG } from '@common/messages';
import type { ApprovalAnswer } from '@common/schemas/approvals';

/** What a held money route may answer besides its usual `T`: the approval request it queued. */
export type OrHeld<T> = T | ApprovalAnswer;

/** Whether a money route's answer is the 202 of an action held for a second staff member. */
export function isHeldForApproval(answer: unknown): answer is ApprovalAnswer {
  if (!answer || typeof answer !== 'object') return false;
  const { message, data } = answer as { message?: unknown; data?: unknown };
  return (
    message === APPROVAL_MSG.sentForApproval &&
    typeof data === 'object' &&
    data !== null &&
    (data as { status?: unknown }).status === 'pending'
  );
}
