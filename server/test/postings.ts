/**
 * Postings the ledger and transparency tests share: a profit entry built by hand (house income to
 * the client's available account) and a staff transaction dated in the past through the API.
 * Amounts: `cents` are integer cents (bigint); `amount` in `postDated` is USD, as the route takes it.
 */
import { client, house, type NewEntry } from '../modules/ledger/service';
import type { TestUser } from './factories';
import type { useTestContext } from './context';

/** A profit of `cents` to `userId`'s available account from the house's income, with `memo`. */
export function profitEntry(userId: string, cents: bigint, memo?: string): NewEntry {
  return {
    type: 'profit',
    userId,
    ...(memo === undefined ? {} : { memo }),
    lines: [
      { account: house('income_expense'), amount: -cents },
      { account: client(userId, 'available'), amount: cents },
    ],
  };
}

type Inject = ReturnType<typeof useTestContext>['inject'];

/**
 * `staff` posts `transactionType` of `amount` USD dated `date` (YYYY-MM-DD) for `c` with `details`,
 * through POST /api/transaction/:id (below the four-eyes threshold). Throws unless it answers 201.
 */
export async function postDated(
  inject: Inject,
  staff: TestUser,
  c: TestUser,
  transactionType: string,
  amount: number,
  date: string,
  details: string,
): Promise<void> {
  const res = await inject('POST', `/api/transaction/${c.id}`, staff.headers, {
    amount,
    transactionType,
    date,
    details,
  });
  if (res.statusCode !== 201) throw new Error(`adding answered ${res.statusCode}: ${res.body}`);
}
