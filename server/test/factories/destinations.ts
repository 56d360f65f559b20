/**
 * Test withdrawal address book (used by tests only): destinations saved straight in the database,
 * active or still waiting (docs/security.md "Withdrawal address book").
 */
import { and, eq, sql } from 'drizzle-orm';
import { destinationKey } from '@common/schemas/beneficiaries';
import {
  ibanElectronic,
  isCryptoAddress,
  WALLET_NETWORKS,
  type DestinationNetwork,
} from '@common/destinations';
import type { Db } from '../../db/client';
import { beneficiaries } from '../../db/schema';

/**
 * Saves the destination the withdrawal `payload` of `method` names (as it is POSTed: a crypto
 * wallet and address, on the wallet's network the address is valid on; a bank IBAN, or account
 * number and routing number, and BIC) active in `userId`'s withdrawal address book with `addDestination`,
 * unless their book holds it already: what a client needs to withdraw there (docs/security.md
 * "Withdrawal address book").
 */
export async function addDestinationOf(
  db: Db,
  userId: string,
  payload: Record<string, unknown>,
  method: 'crypto' | 'bank' = 'crypto',
): Promise<void> {
  let d: TestDestination;
  if (method === 'crypto') {
    const address = String(payload.address);
    const networks = WALLET_NETWORKS[payload.wallet as keyof typeof WALLET_NETWORKS] ?? [];
    d = { network: networks.find((n) => isCryptoAddress(n, address)) ?? networks[0]!, address };
  } else {
    const text = (name: string) => (payload[name] === undefined ? '' : String(payload[name]));
    d = {
      iban: text('iban'),
      accountNumber: text('accountNumber'),
      routing: text('routing'),
      swift: text('swift'),
    };
  }
  const key = 'network' in d ? destinationKey({ kind: 'crypto', ...d }) : bankKey(d);
  const held = async () =>
    (
      await db
        .select({ id: beneficiaries.id })
        .from(beneficiaries)
        .where(and(eq(beneficiaries.userId, userId), eq(beneficiaries.destinationKey, key)))
    ).length > 0;
  if (await held()) return;
  try {
    await addDestination(db, userId, d);
  } catch (err) {
    // a call in parallel saved it first (the book holds each live destination once)
    if (!(await held())) throw err;
  }
}

/**
 * A destination of the withdrawal address book: a crypto address on a network, or a bank account
 * (an IBAN, or an account number with its routing number).
 */
export type TestDestination =
  | { network: DestinationNetwork; address: string }
  | {
      iban?: string;
      accountNumber?: string;
      routing?: string;
      swift: string;
      bankName?: string;
      accountName?: string;
    };

/** The address book's key of the bank account `d` (an IBAN, or an account and routing number). */
const bankKey = (d: { iban?: string; accountNumber?: string; routing?: string }) =>
  destinationKey({
    kind: 'bank',
    iban: d.iban ?? '',
    accountNumber: d.accountNumber ?? '',
    routing: d.routing ?? '',
  });

/**
 * Saves `d` in `userId`'s withdrawal address book as it is once confirmed by its link and past its
 * waiting period (`active`), straight in the database: a withdrawal to it passes the address-book
 * check (docs/security.md "Withdrawal address book"). `status` `waiting` leaves it an hour short of
 * usable, `pending_confirmation` unconfirmed. Answers its id.
 */
export async function addDestination(
  db: Db,
  userId: string,
  d: TestDestination,
  status: 'active' | 'waiting' | 'pending_confirmation' = 'active',
): Promise<string> {
  const fields =
    'network' in d
      ? {
          kind: 'crypto',
          network: d.network,
          address: d.address,
          destinationKey: destinationKey({ kind: 'crypto', ...d }),
        }
      : {
          kind: 'bank',
          ...(d.iban
            ? { iban: ibanElectronic(d.iban) }
            : { accountNumber: d.accountNumber, routing: d.routing }),
          swift: d.swift.toUpperCase(),
          bankName: d.bankName ?? 'Bank',
          accountName: d.accountName ?? 'Test User',
          destinationKey: bankKey(d),
        };
  const times =
    status === 'pending_confirmation'
      ? {}
      : {
          confirmedAt: sql`now() - interval '1 day'`,
          activeFrom: status === 'active' ? sql`now() - interval '1 hour'` : sql`now() + interval '1 hour'`,
        };
  const [row] = await db
    .insert(beneficiaries)
    .values({
      ...fields,
      ...times,
      userId,
      label: 'Test destination',
      status,
      confirmExpiresAt: sql`now() + interval '1 day'`,
    })
    .returning({ id: beneficiaries.id });
  return row!.id;
}
