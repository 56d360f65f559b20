/**
 * The error codes shared code paths of the money routes answer, for the routes' exact
 * `config.errorCodes` (lib/openapi.ts `operationCodes` adds the guard's, validation's, body's, path
 * parameters' and rate limit's): each list names the AppErrors of one helper.
 */
import type { ErrorCode } from '@common/errors';

/**
 * An idempotent route (`config.idempotent`, lib/idempotency.ts): a malformed Idempotency-Key
 * (400), a key used before with another body (409).
 */
export const IDEMPOTENCY_CODES = [
  'invalid_idempotency_key',
  'idempotency_key_reused',
] as const satisfies readonly ErrorCode[];

/**
 * A money action four-eyes may hold (approvals/routes.ts `holdOrRun`): the client gone (404), the
 * same row already waiting for approval (409). `refuseImpossible`'s codes are the route's own.
 */
export const FOUR_EYES_CODES = [
  'not_found',
  'already_waiting_for_approval',
] as const satisfies readonly ErrorCode[];

/**
 * The review of a pending deposit or withdrawal (reviews/only-pending.ts): gone (404), no longer
 * pending (409), the reviewer's own request (403).
 */
export const REVIEW_CODES = [
  'not_found',
  'already_reviewed',
  'own_review',
] as const satisfies readonly ErrorCode[];

/**
 * Posting a trading activity's result (trading-activities/profit-posting.ts): the plan ended, a
 * loss beyond the plan's capital, profit taken back the balance no longer covers.
 */
export const ACTIVITY_POSTING_CODES = [
  'plan_ended',
  'loss_exceeds_capital',
  'profit_not_covered',
] as const satisfies readonly ErrorCode[];
