/**
 * Test money (used by tests only): funding a client through the ledger, the ledger's invariants
 * as one query, deposits through the API, images for proofs.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppInstance } from '../../app-context';
import { queryRows, type Db } from '../../db/client';
import { client, house, postEntry } from '../../modules/ledger/service';
import type { TestUser } from './users';

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

/** A small real image as a data URL. */
export async function imageDataUrl(format: 'png' | 'jpeg' | 'webp' = 'png', size = 8): Promise<string> {
  const data = await sharp({ create: { width: size, height: size, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer();
  return `data:image/${format};base64,${data.toString('base64')}`;
}
