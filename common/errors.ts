/**
 * The one catalogue of error codes (docs/architecture.md "Errors"). Every error answer of the API is
 * `{ code, message, details? }`: `code` is a key of `ERRORS` (snake_case, stable: clients and the web
 * branch on it, never on the text), `message` the text a screen shows, `details` the field problems
 * of a `validation_failed`. Each entry gives the HTTP status the code is answered with and its default
 * message; the texts come from common/messages.ts and the schemas' message tables, word for word (the
 * product's texts, docs/product.md). A code whose text depends on the case (a status, an amount)
 * has a generic default here and the thrower passes the text (server/lib/errors.ts `AppError`).
 */
import { PLAN_CONFIG } from './constants';
import {
  APPROVAL_MSG,
  MESSAGING_MSG,
  MONEY_MSG,
  MSG,
  PLAN_MSG,
  PROFILE_MSG,
  SECURITY_MSG,
  STAFF_MSG,
  USER_ADMIN_MSG,
} from './messages';
import { API_KEY_MSG } from './schemas/api-keys';
import { BENEFICIARY_MSG } from './schemas/beneficiaries';
import { EVIDENCE_MSG } from './schemas/evidence';
import { LIABILITIES_MSG } from './schemas/liabilities';
import { LIMITS_MSG } from './schemas/limits';
import { PASSKEY_MSG } from './schemas/passkeys';
import { SECURITY_HOLD_MSG } from './schemas/security-holds';
import { STATEMENT_MSG } from './schemas/statements';
import { TRANSPARENCY_LOG_MSG as LOG_MSG } from './schemas/transparency-log';
import { WEBHOOK_MSG } from './schemas/webhooks';

/** An entry: the HTTP status and the default message. */
const e = <S extends number>(status: S, message: string) => ({ status, message });

/** Whole dollars as the plan limits are written ("$115,000"). */
const wholeUsd = (n: number) => `$${n.toLocaleString('en-US')}`;

/** Every error code → its HTTP status and default message. */
export const ERRORS = {
  // Requests the framework refuses (any route)
  validation_failed: e(400, 'Invalid request'),
  bad_request: e(400, 'Invalid request'),
  invalid_cursor: e(400, 'This cursor is not one a list answered: start again without it'),
  unstorable_text: e(400, 'Invalid request'),
  not_signed_in: e(401, MSG.notSignedIn),
  forbidden: e(403, MSG.forbidden),
  not_found: e(404, MSG.notFound),
  method_not_allowed: e(405, 'Method not allowed'),
  not_acceptable: e(406, 'Not acceptable'),
  uri_too_long: e(414, 'The address is too long'),
  payload_too_large: e(413, 'Request is too large'),
  unsupported_media_type: e(415, 'Unsupported media type'),
  too_many_requests: e(429, MSG.tooManyRequests),
  internal_error: e(500, MSG.serverError),
  service_unavailable: e(503, MSG.unavailable),
  // Sign-up, sign-in, sessions and account security (docs/security.md)
  email_taken: e(409, MSG.emailTaken),
  invalid_credentials: e(401, MSG.invalidCredentials),
  account_blocked: e(403, MSG.accountBlocked),
  invalid_otp: e(400, MSG.invalidOtp),
  too_many_code_attempts: e(400, MSG.tooManyAttempts),
  wrong_old_password: e(400, MSG.wrongOldPassword),
  password_too_short: e(400, MSG.passwordTooShort),
  invalid_email: e(400, MSG.invalidEmail),
  unknown_referral: e(400, MSG.unknownReferral),
  already_verified: e(409, MSG.alreadyVerified),
  email_not_verified: e(403, MSG.emailNotVerified),
  xsrf_token_invalid: e(403, 'Invalid XSRF token. Please sign in again.'),
  account_locked: e(429, SECURITY_MSG.locked),
  wrong_password: e(400, SECURITY_MSG.wrongPassword),
  sign_in_expired: e(401, SECURITY_MSG.challengeExpired),
  invalid_authentication_code: e(400, SECURITY_MSG.invalidCode),
  authentication_code_used: e(409, SECURITY_MSG.codeUsed),
  two_factor_not_set_up: e(409, SECURITY_MSG.notSetUp),
  two_factor_already_on: e(409, SECURITY_MSG.alreadyEnabled),
  two_factor_not_on: e(409, SECURITY_MSG.notEnabled),
  two_factor_required: e(403, SECURITY_MSG.staffRequired),
  use_authenticator: e(409, SECURITY_MSG.useAuthenticator),
  passkey_failed: e(401, PASSKEY_MSG.failed),
  passkey_registration_failed: e(400, PASSKEY_MSG.registrationFailed),
  passkey_session_not_fresh: e(403, PASSKEY_MSG.notFresh),
  reverification_required: e(403, PASSKEY_MSG.reverify),
  passkey_confirmation_required: e(403, PASSKEY_MSG.confirmFirst),
  metrics_token_required: e(401, 'A valid metrics token is required'),
  // Staff roles and staff management (docs/security.md "Staff roles")
  not_admin: e(403, MSG.notAdmin),
  role_not_allowed: e(403, STAFF_MSG.notAllowed),
  staff_deactivated: e(403, STAFF_MSG.deactivated),
  staff_network_refused: e(403, STAFF_MSG.networkRefused),
  clients_only: e(403, STAFF_MSG.clientsOnly),
  staff_member_not_found: e(404, STAFF_MSG.memberNotFound),
  not_yourself: e(409, STAFF_MSG.notYourself),
  last_owner: e(409, STAFF_MSG.lastOwner),
  already_deactivated: e(409, STAFF_MSG.alreadyDeactivated),
  not_deactivated: e(409, STAFF_MSG.notDeactivated),
  already_blocked: e(409, STAFF_MSG.alreadyBlocked),
  not_blocked: e(409, STAFF_MSG.notBlocked),
  unblock_deactivated: e(409, STAFF_MSG.unblockDeactivated),
  invitation_invalid: e(400, STAFF_MSG.invitationInvalid),
  invitation_not_needed: e(409, STAFF_MSG.invitationNotNeeded),
  own_review: e(409, STAFF_MSG.ownReview),
  // API keys (docs/integrations.md "API keys")
  api_key_revoked: e(401, API_KEY_MSG.revokedKey),
  api_key_expired: e(401, API_KEY_MSG.expiredKey),
  api_key_network_refused: e(403, API_KEY_MSG.networkRefused),
  api_key_not_allowed: e(403, API_KEY_MSG.notForKeys),
  api_key_scope: e(403, API_KEY_MSG.scope),
  api_key_not_grantable: e(400, 'These permissions cannot be given to an API key'),
  api_key_expiry_invalid: e(400, API_KEY_MSG.expiry),
  api_key_network_invalid: e(400, API_KEY_MSG.network),
  api_key_second_factor_needed: e(409, API_KEY_MSG.secondFactorNeeded),
  api_key_not_found: e(404, API_KEY_MSG.notFound),
  api_key_already_revoked: e(409, API_KEY_MSG.alreadyRevoked),
  webhook_endpoint_not_found: e(404, WEBHOOK_MSG.notFound),
  webhook_delivery_not_found: e(404, WEBHOOK_MSG.deliveryNotFound),
  webhook_delivery_pending: e(409, WEBHOOK_MSG.deliveryPending),
  webhook_endpoint_disabled: e(409, WEBHOOK_MSG.disabledEndpoint),
  webhook_https_only: e(400, WEBHOOK_MSG.httpsOnly),
  webhook_second_factor_needed: e(409, WEBHOOK_MSG.secondFactorNeeded),
  // Four-eyes approval (docs/security.md "Four-eyes approval")
  own_approval_request: e(409, APPROVAL_MSG.ownRequest),
  approval_about_yourself: e(409, APPROVAL_MSG.aboutYourself),
  already_waiting_for_approval: e(409, APPROVAL_MSG.alreadyWaiting),
  // Clients, profile and identity verification
  user_not_found: e(404, MESSAGING_MSG.userNotFound),
  client_not_found: e(404, PLAN_MSG.clientNotFound),
  only_clients: e(404, USER_ADMIN_MSG.onlyClients),
  cannot_block_self: e(409, USER_ADMIN_MSG.cannotBlockSelf),
  cannot_delete_self: e(409, USER_ADMIN_MSG.cannotDeleteSelf),
  block_reason_required: e(400, USER_ADMIN_MSG.blockReasonRequired),
  reject_on_its_route: e(409, USER_ADMIN_MSG.rejectOnItsRoute),
  delete_refused_balance: e(409, 'This client still has money on their account'),
  delete_refused_plan: e(409, USER_ADMIN_MSG.deleteRefusedPlan),
  delete_refused_pending_deposit: e(409, USER_ADMIN_MSG.deleteRefusedPendingDeposit),
  verification_not_pending: e(409, 'Only a pending verification can be reviewed'),
  verification_locked: e(409, 'Documents cannot be uploaded now'),
  gender_locked: e(400, PROFILE_MSG.genderLocked),
  file_too_large: e(413, MONEY_MSG.fileTooLarge),
  image_type: e(400, MONEY_MSG.imageType),
  image_unreadable: e(400, MONEY_MSG.imageUnreadable),
  // Money: deposits, withdrawals, history lines, adjustments (docs/product.md)
  insufficient_balance: e(422, MONEY_MSG.insufficientBalance),
  too_many_deposits: e(422, MONEY_MSG.tooManyDeposits),
  already_reviewed: e(409, 'This request was already reviewed'),
  deposit_not_deletable: e(409, MONEY_MSG.depositNotDeletable),
  withdrawal_not_deletable: e(409, MONEY_MSG.withdrawalNotDeletable),
  invalid_confirmation_code: e(400, MONEY_MSG.invalidCode),
  client_blocked: e(409, MONEY_MSG.clientBlocked),
  not_voidable: e(409, MONEY_MSG.notVoidable),
  already_voided: e(409, MONEY_MSG.alreadyVoided),
  idempotency_key_reused: e(409, MONEY_MSG.idempotencyMismatch),
  invalid_idempotency_key: e(400, MONEY_MSG.invalidIdempotencyKey),
  adjustment_overdraw: e(409, 'A debit cannot take the available balance below zero'),
  adjustment_busy: e(409, USER_ADMIN_MSG.adjustmentBusy),
  // The withdrawal address book (docs/security.md "Withdrawal address book")
  beneficiary_exists: e(409, BENEFICIARY_MSG.exists),
  beneficiary_link_invalid: e(400, BENEFICIARY_MSG.linkInvalid),
  beneficiary_not_cancellable: e(409, BENEFICIARY_MSG.notCancellable),
  beneficiary_not_active: e(422, BENEFICIARY_MSG.notActive),
  // Limits by verification level (docs/security.md "Limits by verification level"); the thrower
  // names the cap and how to raise it
  identity_not_verified: e(422, LIMITS_MSG.identityRequired),
  withdrawal_limit_exceeded: e(422, 'Your withdrawal limit is reached'),
  deposit_limit_exceeded: e(422, 'Your deposit limit is reached'),
  address_already_verified: e(409, LIMITS_MSG.addressAlready),
  address_needs_identity: e(409, LIMITS_MSG.addressNeedsIdentity),
  address_not_verified: e(409, LIMITS_MSG.addressNotApproved),
  // Holds after security changes (docs/security.md "Holds after security changes")
  withdrawals_on_hold: e(422, SECURITY_HOLD_MSG.paused),
  not_me_link_invalid: e(400, SECURITY_HOLD_MSG.linkInvalid),
  // Plans and trading activity
  plan_already_active: e(409, PLAN_MSG.alreadyActive),
  plan_amount_out_of_range: e(
    422,
    PLAN_MSG.amountOutOfRange(wholeUsd(PLAN_CONFIG.minimumUsd), wholeUsd(PLAN_CONFIG.maximumUsd)),
  ),
  insufficient_funds_for_trade: e(422, PLAN_MSG.insufficientFunds),
  no_active_plan: e(409, PLAN_MSG.noActivePlan),
  plan_ended: e(409, PLAN_MSG.planEnded),
  loss_exceeds_capital: e(409, PLAN_MSG.lossExceedsCapital),
  profit_not_covered: e(409, PLAN_MSG.profitNotCovered),
  // Notifications, support and e-mailing
  notification_not_found: e(404, 'Notification not found'),
  ticket_not_found: e(404, 'Ticket not found'),
  contact_message_not_found: e(404, 'Contact message not found'),
  ticket_closed: e(409, MESSAGING_MSG.ticketClosed),
  mail_not_failed: e(409, MESSAGING_MSG.mailNotFailed),
  // The transparency log, statements, evidence and proofs of liabilities (docs/transparency.md)
  no_tree_head: e(404, LOG_MSG.noTreeHead),
  entry_not_sealed: e(404, LOG_MSG.notSealed),
  entry_after_head: e(404, LOG_MSG.leafOutsideHead),
  entry_left_out: e(404, LOG_MSG.overdue),
  no_such_tree_head: e(400, LOG_MSG.noSuchHead),
  bad_tree_sizes: e(400, LOG_MSG.badSizes),
  no_checkpoint: e(404, LOG_MSG.noCheckpoint),
  not_a_checkpoint: e(400, LOG_MSG.notACheckpoint),
  unknown_witness: e(403, LOG_MSG.unknownWitness),
  bad_cosignature: e(400, 'A cosignature does not verify over this checkpoint'),
  not_our_checkpoint: e(409, LOG_MSG.notOurCheckpoint),
  statement_in_future: e(422, STATEMENT_MSG.futureRange),
  statement_too_long: e(422, 'This range has too many lines: choose a shorter range'),
  statement_file_missing: e(415, STATEMENT_MSG.noFile),
  statement_too_large: e(413, STATEMENT_MSG.tooLarge),
  no_evidence_checkpoint: e(404, EVIDENCE_MSG.noCheckpoint),
  evidence_too_large: e(422, EVIDENCE_MSG.tooMany),
  no_liabilities_snapshot: e(404, LIABILITIES_MSG.noSnapshot),
  no_such_tree_size: e(400, LIABILITIES_MSG.badTreeSize),
  no_clients_yet: e(409, LIABILITIES_MSG.noClients),
} as const;

/** A stable error code: a key of `ERRORS`. */
export type ErrorCode = keyof typeof ERRORS;

/** Every code, in catalogue order (the OpenAPI document's enum). */
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

/** One field problem of a `validation_failed` answer: where (`path`, e.g. `amount` or `items.0.id`) and what. */
export type ErrorDetail = { path: string; message: string };

/** The body of every error answer. */
export type ErrorAnswer = { code: ErrorCode; message: string; details?: ErrorDetail[] };

/** Whether `value` is a code of the catalogue (for answers read from the wire). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/**
 * The catalogue's code for an HTTP error status the framework answered by itself (a malformed body
 * 400, an unknown route 404, a body over the limit 413, …); `bad_request` for another 4xx.
 */
export function codeOfStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    401: 'not_signed_in',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    406: 'not_acceptable',
    413: 'payload_too_large',
    414: 'uri_too_long',
    415: 'unsupported_media_type',
    429: 'too_many_requests',
    503: 'service_unavailable',
  };
  return byStatus[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}
