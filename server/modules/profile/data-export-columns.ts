/**
 * The columns of each part of the client's data export (data-export.ts), in order: its name (the
 * JSON key and the CSV header) and what it holds, in the words README.txt gives them. Units as
 * README.txt says: amounts are USD as decimal strings ("1234.50"), times ISO 8601 in UTC.
 */

const TIME = 'ISO 8601, UTC';

export const PROFILE_COLUMNS = [
  ['id', 'Your account id'],
  ['email', 'Your e-mail address (your sign-in name)'],
  ['email_confirmed', 'true once you confirmed your e-mail address'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['phone', 'Phone number as you gave it (empty if none)'],
  ['gender', 'male, female or other (empty if none)'],
  ['country', 'Country'],
  ['address', 'Address given with your identity documents'],
  ['state', 'State or region given with your identity documents'],
  ['account_plan', 'Account plan: Basic, Bronze, Silver, Gold or Platinum'],
  ['identity_verification', 'awaiting, pending, verified, rejected or failed'],
  ['identity_document_type', 'passport, national-id, driver-license or other (empty if none sent)'],
  ['identity_submitted_at', `When you sent your identity documents (${TIME})`],
  ['identity_decided_at', `When they were verified or rejected (${TIME})`],
  ['identity_rejection_reason', 'Why they were rejected, as you were told (empty otherwise)'],
  ['address_verified_at', `When your proof of address was approved (${TIME})`],
  ['two_factor_enabled', 'true when sign-in asks for an authenticator code'],
  ['referral_id', 'Your referral code'],
  ['terms_accepted_at', `When you accepted the terms and the privacy policy (${TIME})`],
  ['created_at', `When your account was opened (${TIME})`],
  ['available_usd', 'Available balance now, USD'],
  ['held_usd', 'Held for withdrawals waiting for review now, USD'],
  ['invested_usd', 'Invested in plans now, USD'],
] as const;

export const HISTORY_COLUMNS = [
  ['id', 'The line\'s reference (as in "Reference" of the history\'s CSV export)'],
  ['date', `The line's date (${TIME})`],
  [
    'type',
    'deposit, withdrawal, profit, bonus, referral_bonus, adjustment, reversal, plan_open or plan_close',
  ],
  ['direction', 'credit (money in) or debit (money out)'],
  ['amount_usd', 'The amount, USD, always positive: direction says which way'],
  ['status', 'pending (waiting for review), approved (done) or rejected; only approved lines moved money'],
  ['method', 'How the money moved (e.g. bitcoin, bank), or the kind of entry'],
  ['details', 'Details shown with the line'],
  ['voided', 'true when the line was voided by a reversing entry'],
] as const;

export const STATEMENT_COLUMNS = [
  ['id', "The statement's id"],
  ['from', 'First day covered (YYYY-MM-DD, UTC)'],
  ['to', 'Last day covered (YYYY-MM-DD, UTC)'],
  ['issued_at', `When it was issued (${TIME})`],
  ['downloaded', 'false for a corrected statement you have not downloaded yet'],
  ['tree_head_size', 'Entries in the transparency log tree head it names (empty if none)'],
  ['superseded_at', `When a later entry made it out of date (${TIME}; empty if current)`],
  ['corrected_by', 'The id of the corrected statement that replaces it'],
  ['superseded_by_entry', 'The entry that made it out of date'],
  ['superseded_by_amount_usd', "That entry's effect on your total funds, USD, signed"],
  ['superseded_by_description', "That entry's description"],
] as const;

export const NOTIFICATION_COLUMNS = [
  ['id', "The notice's id"],
  ['created_at', `When it was sent (${TIME})`],
  ['title', 'Title'],
  ['message', 'Text'],
  ['read_at', `When you read it (${TIME}; empty if unread)`],
] as const;

export const SUPPORT_COLUMNS = [
  ['ticket_id', 'The ticket the message belongs to'],
  ['message_id', "The message's id (a ticket's first message has the ticket's id)"],
  ['sent_at', `When it was sent (${TIME})`],
  ['from', 'you, or support'],
  ['message', 'Text'],
  ['ticket_status', 'open or closed (the ticket now)'],
  ['ticket_closed_at', `When the ticket was closed (${TIME}; empty if open)`],
] as const;

export const SIGN_IN_COLUMNS = [
  ['at', `When the attempt was made (${TIME})`],
  ['result', 'success, wrong_password, locked, blocked or two_factor_failed'],
  ['ip', 'The IP address it came from'],
  ['user_agent', 'The browser or app it came from, as it named itself'],
] as const;
