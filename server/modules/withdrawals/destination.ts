/**
 * What a withdrawal request is and where it goes: its types, the columns and e-mailed code scope
 * of its destination, how notices and the code's mail name it, and whether it goes to an active
 * destination of the client's address book. Amounts are cents.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ibanElectronic } from '@common/destinations';
import { walletName } from '@common/sentences';
import type { BankWithdrawalInput, CryptoWithdrawalInput } from '@common/schemas/withdrawals';
import type { withdrawals } from '../../db/schema';
import type { ServiceDeps } from '../../lib/service-deps';
import { usableDestination } from '../beneficiaries/service';

/** A withdrawal request as stored. */
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalMethod = 'crypto' | 'bank';
/** What a client asks for: the method and its fields (amounts in cents). */
export type WithdrawalInput =
  { method: 'crypto'; input: CryptoWithdrawalInput } | { method: 'bank'; input: BankWithdrawalInput };
/**
 * A withdrawal without its confirmation code: what a code is asked for (POST /api/withdrawals/code).
 * A bank one without `iban` names an account number and routing number.
 */
export type WithdrawalTarget =
  | { method: 'crypto'; input: Omit<CryptoWithdrawalInput, 'token'> }
  | { method: 'bank'; input: Omit<BankWithdrawalInput, 'token' | 'iban'> & { iban?: string } };

/**
 * The columns of a new withdrawal of `request` (the bank's SWIFT upper-cased; an IBAN in electronic
 * format, ISO 13616, in place of the account and routing numbers).
 */
export function withdrawalDetails(request: WithdrawalTarget) {
  if (request.method === 'crypto') return { wallet: request.input.wallet, address: request.input.address };
  const { bankName, accountName, iban, accountNumber, routing } = request.input;
  const account = iban ? { iban: ibanElectronic(iban) } : { accountNumber, routing };
  return { bankName, accountName, ...account, swift: request.input.swift.toUpperCase() };
}

/**
 * What an e-mailed code for `target` may confirm (its one-time code's scope): the method, the
 * amount in cents and every destination field as the withdrawal stores them. A request whose
 * fields differ in any way needs a new code (docs/product.md "Confirmation code").
 */
export function withdrawalScope(target: WithdrawalTarget): string {
  return JSON.stringify([target.method, target.input.amount.toString(), withdrawalDetails(target)]);
}

/**
 * The destination of `target` as a code's e-mail names it, masked to its last 4 characters
 * ("Tether (USDT) address ending in 9EE7", "account ending in 1234 at Bank", "IBAN ending in 3000 at Bank"):
 * enough to recognise, not to reuse.
 */
export function maskedDestination(target: WithdrawalTarget): string {
  if (target.method === 'crypto')
    return `${walletName(target.input.wallet)} address ending in ${target.input.address.slice(-4)}`;
  const { iban, accountNumber, bankName } = target.input;
  const [what, number] = iban ? ['IBAN', ibanElectronic(iban)] : ['account', accountNumber];
  return `${what} ending in ${number.slice(-4)} at ${bankName}`;
}

/** "bank transfer to …" / "Bitcoin (BTC) to …": how the ledger's memo and the notices name a withdrawal. */
export function destination(w: WithdrawalRow): string {
  return w.method === 'bank'
    ? `bank transfer to ${w.bankName}`
    : `${walletName(w.wallet ?? '')} to ${w.address}`;
}

/**
 * Whether `target` goes to an active destination of `userId`'s address book, as SQL (`true` when
 * BENEFICIARY_REQUIRED is off; docs/security.md "Withdrawal address book"): the request's read and
 * the code's request (service.ts `requestCode`) both ask it.
 */
export function toActiveDestination(
  config: Pick<ServiceDeps['config'], 'beneficiaryRequired'>,
  userId: string,
  target: WithdrawalTarget,
): SQL {
  if (config.beneficiaryRequired === false) return sql`true`;
  return usableDestination(
    userId,
    target.method === 'crypto'
      ? { method: 'crypto', wallet: target.input.wallet, address: target.input.address }
      : {
          method: 'bank',
          iban: target.input.iban ?? '',
          accountNumber: target.input.accountNumber,
          routing: target.input.routing,
          swift: target.input.swift,
        },
  );
}
