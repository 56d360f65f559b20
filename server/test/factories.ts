/**
 * Test factories and checks for the money modules (used by *.test.ts only): users with sessions,
 * clients funded through the ledger, the ledger's invariants, images.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Role } from '@common/permissions';
import { expect, it } from 'vitest';
import type { AccountPlan } from '@common/constants';
import { bankWithdrawalSchema, cryptoWithdrawalSchema } from '@common/schemas/withdrawals';
import type { AppInstance } from '../app-context';
import { queryRows, type Db } from '../db/client';
import { beneficiaries, sessions, twoFactors, users } from '../db/schema';
import type { UserRow } from '../db/rows';
import { withdrawalScope, type WithdrawalTarget } from '../modules/withdrawals/request';
import { destinationKey } from '@common/schemas/beneficiaries';
import { isCryptoAddress, WALLET_NETWORKS, type DestinationNetwork } from '@common/destinations';
import { client, house, postEntry } from '../modules/ledger/service';

/** Credits `cents` to a client's available balance with a deposit entry (no HTTP, no request row). */
export async function fundClient(db: Db, userId: string, cents: bigint): Promise<void> {
  await db.transaction((tx) =>
    postEntry(tx, {
      type: 'deposit',
      userId,
      memo: 'test funding',
      lines: [
        { account: house('cash'), amount: -cents },
        { account: client(userId, 'available'), amount: cents },
      ],
    }),
  );
}

/** The users columns of verification level `level`: identity approved, and for `address` the proof of address. */
const levelColumns = (level: 'identity' | 'address') => ({
  verificationStatus: 'verified',
  addressVerifiedAt: level === 'address' ? new Date() : null,
});

/**
 * Approves `userId`'s identity documents (verification level `identity`; with `address` their
 * proof of address too) straight in the database, as staff approval leaves them: withdrawals
 * need it (docs/security.md "Identity gates withdrawals").
 */
export async function approveIdentity(
  db: Db,
  userId: string,
  level: 'identity' | 'address' = 'identity',
): Promise<void> {
  await db.update(users).set(levelColumns(level)).where(eq(users.id, userId));
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
  row: UserRow;
}

/**
 * A user with a live session, written straight to the tables: no password hashing, so money tests
 * stay fast (the auth flows have their own tests). Verified client by default (e-mail confirmed:
 * verification level `email`); `level` `identity` approves their identity documents (withdrawals
 * need it: docs/security.md "Identity gates withdrawals"), `address` their proof of address too.
 */
export async function createTestUser(
  app: AppInstance,
  opts: {
    role?: Role;
    emailVerified?: boolean;
    referredBy?: string;
    plan?: AccountPlan;
    level?: 'identity' | 'address';
  } = {},
): Promise<TestUser> {
  const { db } = app.ctx.database;
  const tag = randomBytes(6).toString('hex');
  const [row] = await db
    .insert(users)
    .values({
      name: `Test ${tag}`,
      email: `money.${tag}@example.com`,
      emailVerified: opts.emailVerified ?? true,
      firstName: 'Test',
      lastName: tag,
      role: opts.role ?? 'client',
      referralId: tag.toUpperCase(),
      referredBy: opts.referredBy ?? null,
      accountPlan: opts.plan ?? 'Basic',
      ...(opts.level && levelColumns(opts.level)),
    })
    .returning();
  const token = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({ token, userId: row!.id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id: row!.id, email: row!.email, token, headers: { authorization: `Bearer ${token}` }, row: row! };
}

/** Turns `u`'s two-factor authentication on as enrolment leaves it (a secret, enabled), without a code. */
export async function enrolTwoFactor(app: AppInstance, u: Pick<TestUser, 'id' | 'email'>): Promise<void> {
  const { db } = app.ctx.database;
  await app.ctx.services.twoFactor.setUp({ id: u.id, email: u.email });
  await db.update(twoFactors).set({ enabledAt: new Date() }).where(eq(twoFactors.userId, u.id));
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, u.id));
}

/**
 * A signed-in verified client with `balance` cents available, at verification level `level`
 * (`createTestUser`; a client who withdraws needs `identity` at least).
 */
export async function createClient(
  app: AppInstance,
  opts: { balance?: bigint; referredBy?: string; plan?: AccountPlan; level?: 'identity' | 'address' } = {},
) {
  const user = await createTestUser(app, opts);
  if (opts.balance) await fundClient(app.ctx.database.db, user.id, opts.balance);
  return user;
}

export const createAdmin = (app: AppInstance) => createTestUser(app, { role: 'owner' });

/**
 * Answers every broken ledger invariant (empty when all hold), in one round trip: entries that do
 * not sum to zero or have fewer than two lines, client balances that differ from their lines, a
 * house account with a cached balance (house balances are the sums of their lines), negative
 * client balances, per-kind totals (`ledger_account_totals`) that differ from their lines, and
 * client balances plus house lines not summing to zero.
 * Takes any Drizzle handle on the database (the bench passes one over its own pg client).
 */
export async function ledgerViolations(db: Pick<Db, 'execute'>): Promise<string[]> {
  const [r] = await queryRows<{
    unbalanced: number;
    stale: number;
    negative: number;
    totals: number;
    total: string;
  }>(
    db,
    sql`select
    (select count(*) from (select entry_id from journal_lines group by entry_id
       having count(*) < 2 or sum(amount) <> 0) x)::int
     + (select count(*) from journal_entries e where not exists (select 1 from journal_lines l where l.entry_id = e.id))::int
       as unbalanced,
    (select count(*) from ledger_accounts a
       left join (select account_id, sum(amount) as total from journal_lines group by account_id) s on s.account_id = a.id
      where a.balance <> case when a.user_id is null then 0 else coalesce(s.total, 0) end)::int as stale,
    (select count(*) from ledger_accounts where kind in ('available', 'held', 'invested') and balance < 0)::int as negative,
    (select count(*) from ledger_account_totals t
       full join (select l.account_id, coalesce(o.type, e.type) as entry_type, sum(l.amount) as total
                    from journal_lines l
                    join ledger_accounts a on a.id = l.account_id and a.user_id is not null
                    join journal_entries e on e.id = l.entry_id
                    left join journal_entries o on o.id = e.reverses
                   group by 1, 2) s on s.account_id = t.account_id and s.entry_type = t.entry_type
      where t.total is distinct from s.total)::int as totals,
    ((select coalesce(sum(balance), 0) from ledger_accounts where user_id is not null)
      + (select coalesce(sum(l.amount), 0) from journal_lines l
           join ledger_accounts a on a.id = l.account_id where a.user_id is null))::text as total`,
  );
  if (!r) throw new Error('the invariant query answered no row');
  return [
    ...(r.unbalanced ? [`${r.unbalanced} entries do not balance`] : []),
    ...(r.stale ? [`${r.stale} cached balances differ from their lines`] : []),
    ...(r.negative ? [`${r.negative} client accounts are negative`] : []),
    ...(r.totals ? [`${r.totals} per-kind totals differ from their lines`] : []),
    ...(r.total !== '0' ? [`accounts sum to ${r.total}, not 0`] : []),
  ];
}

/**
 * Submits a pending deposit of `amount` USD through POST /api/deposits as `c` and answers its id.
 * Throws when the answer is not 201.
 */
export async function submitDeposit(app: AppInstance, c: TestUser, amount = 100): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/deposits',
    headers: c.headers,
    payload: { amount, image: await imageDataUrl(), wallet: 'bitcoin' },
  });
  if (res.statusCode !== 201) throw new Error(`deposit answered ${res.statusCode}: ${res.body}`);
  return res.json().data._id as string;
}

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
 * Saves the destination the withdrawal `payload` of `method` names (as it is POSTed: a crypto
 * wallet and address, on the wallet's network the address is valid on; a bank account number,
 * routing number and BIC) active in `userId`'s withdrawal address book with `addDestination`,
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
    d = {
      accountNumber: String(payload.accountNumber),
      routing: String(payload.routing),
      swift: String(payload.swift),
    };
  }
  const key = destinationKey('network' in d ? { kind: 'crypto', ...d } : { kind: 'bank', iban: '', ...d });
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
  const body = cryptoWithdrawal(amount, opts.wallet);
  await addDestinationOf(app.ctx.database.db, c.id, body);
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
  const body = cryptoWithdrawal(amount);
  await addDestinationOf(app.ctx.database.db, c.id, body);
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
  if (method === 'bank') await addDestinationOf(app.ctx.database.db, c.id, fields, method);
  const res =
    method === 'crypto'
      ? await withdrawCrypto(app, c, amount)
      : await app.inject({
          method: 'POST',
          url: '/api/b-withdrawals',
          headers: c.headers,
          payload: { ...fields, token: await withdrawalCode(app, c.id, fields, method) },
        });
  if (res.statusCode !== 201) throw new Error(`withdrawal answered ${res.statusCode}: ${res.body}`);
  return res.json().data._id as string;
}

/** A destination of the withdrawal address book: a crypto address on a network, or a bank account. */
export type TestDestination =
  | { network: DestinationNetwork; address: string }
  | { accountNumber: string; routing: string; swift: string; bankName?: string; accountName?: string };

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
          accountNumber: d.accountNumber,
          routing: d.routing,
          swift: d.swift.toUpperCase(),
          bankName: d.bankName ?? 'Bank',
          accountName: d.accountName ?? 'Test User',
          destinationKey: destinationKey({ kind: 'bank', iban: '', ...d }),
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

/** A small real image as a data URL. */
export async function imageDataUrl(format: 'png' | 'jpeg' | 'webp' = 'png', size = 8): Promise<string> {
  const data = await sharp({ create: { width: size, height: size, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer();
  return `data:image/${format};base64,${data.toString('base64')}`;
}

/**
 * Registers a test (titled `title`) that `send(headers)` answers 401 without headers and 403 for a
 * signed-in client whose e-mail is not verified. `t` is read when the test runs.
 */
export function itNeedsVerifiedClient(
  t: { app: AppInstance },
  send: (headers: Record<string, string>) => Promise<{ statusCode: number }>,
  title = 'needs a signed-in client with a verified e-mail',
) {
  it(title, async () => {
    expect((await send({})).statusCode).toBe(401);
    const unverified = await createTestUser(t.app, { emailVerified: false });
    expect((await send(unverified.headers)).statusCode).toBe(403);
  });
}
