/** What leaves the server of an address-book row (common/schemas/beneficiaries.ts). */
import { NETWORK_LABELS, type DestinationNetwork } from '@common/destinations';
import type { BeneficiaryStatus, PublicBeneficiary } from '@common/schemas/beneficiaries';
import type { beneficiaries } from '../../db/schema';

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;

/**
 * The public form of a row. A `waiting` row whose `active_from` has passed is answered `active`
 * (the sweep stores it a little later), so a screen never shows a usable destination as waiting.
 */
export function presentBeneficiary(row: BeneficiaryRow, now = new Date()): PublicBeneficiary {
  const due = row.status === 'waiting' && row.activeFrom !== null && row.activeFrom <= now;
  return {
    _id: row.id,
    kind: row.kind as 'crypto' | 'bank',
    label: row.label,
    network: row.network as DestinationNetwork | null,
    address: row.address,
    iban: row.iban,
    accountNumber: row.accountNumber,
    routing: row.routing,
    swift: row.swift,
    bankName: row.bankName,
    accountName: row.accountName,
    status: (due ? 'active' : row.status) as BeneficiaryStatus,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    activeFrom: row.activeFrom?.toISOString() ?? null,
  };
}

/** The destination as a line of text, in full (a mail or a notice lets its client check every character). */
export function destinationText(
  row: Pick<BeneficiaryRow, 'kind' | 'network' | 'address' | 'iban' | 'accountNumber' | 'routing' | 'swift'>,
): string {
  if (row.kind === 'crypto') return `${NETWORK_LABELS[row.network as DestinationNetwork]}: ${row.address}`;
  const account = row.iban ? `IBAN ${row.iban}` : `account ${row.accountNumber}, routing ${row.routing}`;
  return `${account}, BIC ${row.swift}`;
}
