/**
 * An address-book destination as the server answers it (`PublicBeneficiary`), for the component
 * tests of the address book and the withdrawal forms: an active bitcoin one with no bank fields,
 * unless `fields` say otherwise.
 */
import type { PublicBeneficiary } from '@common/schemas/beneficiaries';

/** The destination named `label`, with `fields` over the defaults above (a fresh `_id` each call). */
export function destination(label: string, fields: Partial<PublicBeneficiary> = {}): PublicBeneficiary {
  return {
    _id: crypto.randomUUID(),
    kind: 'crypto',
    label,
    network: 'bitcoin',
    address: null,
    iban: null,
    accountNumber: null,
    routing: null,
    swift: null,
    bankName: null,
    accountName: null,
    status: 'active',
    createdAt: '2026-11-20T10:00:00.000Z',
    confirmedAt: '2026-11-20T10:05:00.000Z',
    activeFrom: '2026-11-21T10:05:00.000Z',
    ...fields,
  };
}
