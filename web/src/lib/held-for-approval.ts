/**
 * Four-eyes approval on the web (docs/security.md "Four-eyes approval"): a money route (adjustment,
 * history line, void, plan result, trading activity, withdrawal or deposit approval) whose amount,
 * alone or with what the same staff member moved on the client in the last 24 hours, reaches the
 * threshold answers 202 `{ message: APPROVAL_MSG.sentForApproval, data: ApprovalRequest }` instead of
 * acting; an owner's block, unblock or two-factor reset of another owner answers 202 with
 * `APPROVAL_MSG.waitingForOwner`. Nothing happened yet: the screen says so instead of its "done" text.
 * The answer is known by its shape (a pending approval request of a known action), not its text.
 */
import { APPROVAL_ACTIONS, type ApprovalAnswer } from '@common/schemas/approvals';

/** What a held money route may answer besides its usual `T`: the approval request it queued. */
export type OrHeld<T> = T | ApprovalAnswer;

/** Whether an answer is the 202 of an action held for a second staff member (or a second owner). */
export function isHeldForApproval(answer: unknown): answer is ApprovalAnswer {
  if (!answer || typeof answer !== 'object') return false;
  const { message, data } = answer as { message?: unknown; data?: unknown };
  if (typeof message !== 'string' || !data || typeof data !== 'object') return false;
  const { status, action } = data as { status?: unknown; action?: unknown };
  return status === 'pending' && (APPROVAL_ACTIONS as readonly unknown[]).includes(action);
}
