/**
 * Test withdrawals (used by tests only): the test destinations, confirmation codes issued directly,
 * and withdrawal requests through the API to a destination saved in the address book.
 */
import { bankWithdrawalSchema, cryptoWithdrawalSchema } from '@common/schemas/withdrawals';
import type { AppInstance } from '../../app-context';
import { withdrawalScope, type WithdrawalTarget } from '../../modules/withdrawals/request';
import { addDestinationOf } from './destinations';
import type { TestUser } from './users';

/**
 * A withdrawal confirmation code for user `userId`, issued directly (as the e-mail would carry it),
 * for the withdrawal `payload` of `method` as it is POSTed (USD amount; any `token` ignored): it
 * confirms only a request with the same fields (withdrawals/request.ts `withdrawalScope`).
 */
export async function withdrawalCode(
  app: AppInstance,
  userId: string,
  payload: Record<string, unknown>,
  method: 'crypto' | 'bank' = 'crypto',
): Promise<string> {
  const fields = { ...payload, token: '000000' };
  const target: WithdrawalTarget =
    method === 'crypto'
      ? { method, input: cryptoWithdrawalSchema.parse(fields) }
      : { method, input: bankWithdrawalSchema.parse(fields) };
  return app.ctx.services.codes.issue(app.ctx.database.db, userId, 'withdrawal', withdrawalScope(target));
}

/**
 * `withdrawalCode` for `userId`'s withdrawal `payload` of `method`, its destination saved active in
 * their address book first (`addDestinationOf`): the code confirms a request there.
 */
export async function savedWithdrawalCode(...args: Parameters<typeof withdrawalCode>): Promise<string> {
  const [app, userId, payload, method] = args;
  await addDestinationOf(app.ctx.database.db, userId, payload, method);
  return withdrawalCode(...args);
}

/** The test clients' crypto withdrawal addresses, by wallet. */
export const TEST_ADDRESSES = {
  ethereum: '0x52908400098527886E0F7030069857D2E4169EE7',
  bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
} as const;

/** The test clients' bank account, as a bank withdrawal sends it. */
export const TEST_BANK_ACCOUNT = {
  bankName: 'Bank',
  accountName: 'Test User',
  accountNumber: '1234',
  routing: '021000021',
  swift: 'DEUTDEFF',
} as const;

/**
 * The body of a crypto withdrawal of `amount` USD to the test address of `wallet` (ethereum unless
 * said), without its code: what POST /api/withdrawals/code takes with `method: 'crypto'`, and
 * POST /api/c-withdrawals with a `token`.
 */
export function cryptoWithdrawal(
  amount: number | string = 10,
  wallet: keyof typeof TEST_ADDRESSES = 'ethereum',
) {
  return { amount, wallet, address: TEST_ADDRESSES[wallet] };
}

/**
 * `cryptoWithdrawal(amount, wallet)` with its address saved active in `userId`'s address book first
 * (`addDestinationOf`): a request of it passes the address-book check.
 */
export async function savedCryptoWithdrawal(
  app: AppInstance,
  userId: string,
  amount: number | string = 10,
  wallet: keyof typeof TEST_ADDRESSES = 'ethereum',
) {
  const body = cryptoWithdrawal(amount, wallet);
  await addDestinationOf(app.ctx.database.db, userId, body);
  return body;
}

/**
 * POSTs /api/c-withdrawals as `c`: `amount` USD to the test address of `opts.wallet` (ethereum),
 * saved active in their address book first (`addDestinationOf`), confirmed by `opts.token` or a
 * code issued directly for it; `opts.headers` replace `c.headers` (an Idempotency-Key, say).
 * Answers the response, whatever its status.
 */
export async function withdrawCrypto(
  app: AppInstance,
  c: Pick<TestUser, 'id' | 'headers'>,
  amount: number | string = 10,
  opts: { wallet?: keyof typeof TEST_ADDRESSES; token?: string; headers?: Record<string, string> } = {},
) {
  const body = await savedCryptoWithdrawal(app, c.id, amount, opts.wallet);
  const token = opts.token ?? (await withdrawalCode(app, c.id, body));
  return app.inject({
    method: 'POST',
    url: '/api/c-withdrawals',
    headers: opts.headers ?? c.headers,
    payload: { ...body, token },
  });
}

/**
 * POSTs /api/withdrawals/code as `c` for a crypto withdrawal of `amount` USD to the test Ethereum
 * address, saved active in their address book first (`addDestinationOf`): the code's mail is
 * queued. Answers the response, whatever its status.
 */
export async function requestCryptoCode(
  app: AppInstance,
  c: Pick<TestUser, 'id' | 'headers'>,
  amount: number | string = 10,
) {
  const body = await savedCryptoWithdrawal(app, c.id, amount);
  return app.inject({
    method: 'POST',
    url: '/api/withdrawals/code',
    headers: c.headers,
    payload: { method: 'crypto', ...body },
  });
}

/**
 * Requests a withdrawal of `amount` USD as `c` (crypto to the test Ethereum address, or bank to the
 * test account), saved active in their address book first (`addDestinationOf`), with a
 * confirmation code issued directly, and answers its id. Throws when the answer is not 201.
 */
export async function submitWithdrawal(
  app: AppInstance,
  c: TestUser,
  amount = 10,
  method: 'crypto' | 'bank' = 'crypto',
): Promise<string> {
  const fields = { amount, ...TEST_BANK_ACCOUNT };
  const res =
    method === 'crypto'
      ? await withdrawCrypto(app, c, amount)
      : await app.inject({
          method: 'POST',
          url: '/api/b-withdrawals',
          headers: c.headers,
          payload: { ...fields, token: await savedWithdrawalCode(app, c.id, fields, method) },
        });
  if (res.statusCode !== 201) throw new Error(`withdrawal answered ${res.statusCode}: ${res.body}`);
  return res.json().data._id as string;
}
