/**
 * What a reviewer reads of a request's client and destination, as SQL on the request's own row, so
 * the queue and a client's page read it in their one statement (no read per row):
 *
 * - the client's identity: `users.verification_status` and the level it gives (limits/levels.ts
 *   `levelOf`, docs/security.md "Limits by verification level");
 * - whether a withdrawal's destination is new for its client (common/schemas/review-facts.ts): no
 *   other withdrawal of theirs to the same destination was approved before this one was reviewed
 *   (any time for a pending one), or it was confirmed in their address book less than
 *   `NEW_DESTINATION_DAYS` days ago (docs/security.md "Withdrawal address book").
 *
 * The same destination: a crypto one is the same wallet and address (the address compared without
 * case in the book, where it is kept as typed); a bank one the same account number, routing number
 * and BIC, or the same IBAN and BIC, as the address book matches a withdrawal (beneficiaries/service.ts `usableDestination`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { NEW_DESTINATION_DAYS, type ReviewIdentity } from '@common/schemas/review-facts';
import { VERIFICATION_LEVELS } from '@common/schemas/limits';
import type { VerificationStatus } from '@common/constants';
import { walletName } from '@common/sentences';
import { beneficiaries, withdrawals } from '../../db/schema';
import { levelOf } from '../limits/levels';
import { maskedDestination, type WithdrawalTarget } from '../withdrawals/request';

/** The withdrawal columns a destination is made of (a crypto one's or a bank one's). */
export interface DestinationColumns {
  method: string | null;
  wallet: string | null;
  address: string | null;
  bankName: string | null;
  /** A bank destination's IBAN, in place of the account and routing numbers. */
  iban: string | null;
  accountNumber: string | null;
  routing: string | null;
  swift: string | null;
}

/**
 * SQL boolean: the withdrawal row `w` (a table name or alias in scope, e.g. sql`withdrawals`) goes
 * to a destination new for its client.
 */
export function isNewDestination(w: SQL): SQL<boolean> {
  // both keep an IBAN in electronic format (beneficiaries/service.ts, withdrawals/destination.ts)
  const sameAccount = (o: SQL) => sql`(${o}.iban = ${w}.iban
      or (${o}.account_number = ${w}.account_number and ${o}.routing = ${w}.routing))`;
  const sameAs = (o: SQL) => sql`${o}.method = ${w}.method and (
      (${w}.method = 'crypto' and ${o}.wallet = ${w}.wallet and ${o}.address = ${w}.address)
      or (${w}.method = 'bank' and ${sameAccount(o)} and ${o}.swift = ${w}.swift))`;
  const paidBefore = sql`exists (select 1 from ${withdrawals} p where p.user_id = ${w}.user_id
      and p.id <> ${w}.id and p.status = 'approved'
      and p.reviewed_at < coalesce(${w}.reviewed_at, 'infinity') and ${sameAs(sql`p`)})`;
  const networkOf = sql`case ${w}.wallet when 'usdt' then array['usdt_tron', 'usdt_ethereum']
      else array[${w}.wallet] end`;
  const confirmedLately = sql`exists (select 1 from ${beneficiaries} b where b.user_id = ${w}.user_id
      and b.status in ('waiting', 'active')
      and b.confirmed_at > now() - make_interval(days => ${NEW_DESTINATION_DAYS})
      and ((${w}.method = 'crypto' and b.kind = 'crypto' and b.network = any(${networkOf})
            and lower(b.address) = lower(${w}.address))
        or (${w}.method = 'bank' and b.kind = 'bank' and ${sameAccount(sql`b`)} and b.swift = ${w}.swift)))`;
  return sql<boolean>`(not ${paidBefore} or ${confirmedLately})`;
}

/** The identity columns of the users row `u` (a table name or alias in scope): status and level number. */
export const identityColumns = (u: SQL) => ({
  identityStatus: sql<string>`${u}.verification_status`.as('identity_status'),
  identityLevel: sql<number>`(${levelOf(u)})::int`.as('identity_level'),
});

/** The identity as it leaves the server, from the columns of `identityColumns`. */
export function presentIdentity(row: { identityStatus: string; identityLevel: number }): ReviewIdentity {
  return {
    status: row.identityStatus as VerificationStatus,
    level: VERIFICATION_LEVELS[Number(row.identityLevel)] ?? 'email',
  };
}

/**
 * A withdrawal's destination in words: masked to its last 4 characters as the confirmation code's
 * e-mail names it (withdrawals/request.ts `maskedDestination`), or in full for a client's page
 * ("Ethereum (ETH) 0x5290…", "account 1234 (routing 021000021, SWIFT DEUTDEFF) at Bank", "IBAN DE89… (SWIFT
 * DEUTDEFF) at Bank").
 */
export function destinationText(w: DestinationColumns, full = false): string {
  if (full) {
    if (w.method === 'crypto') return `${walletName(w.wallet ?? '')} ${w.address}`;
    const account = w.iban
      ? `IBAN ${w.iban} (SWIFT ${w.swift})`
      : `account ${w.accountNumber} (routing ${w.routing}, SWIFT ${w.swift})`;
    return `${account} at ${w.bankName}`;
  }
  // maskedDestination reads only the destination's fields
  const target = (
    w.method === 'crypto'
      ? { method: 'crypto', input: { wallet: w.wallet, address: w.address ?? '' } }
      : {
          method: 'bank',
          input: { iban: w.iban ?? '', accountNumber: w.accountNumber ?? '', bankName: w.bankName },
        }
  ) as WithdrawalTarget;
  return maskedDestination(target);
}
