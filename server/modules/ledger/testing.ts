/**
 * Test factories and checks for the money modules (used by *.test.ts only): fund a client through
 * the ledger, check the ledger's invariants, make images, sign in an admin.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppInstance } from '../../app';
import type { Db } from '../../db/client';
import { createSignedInUser } from '../../test/app';
import { client, house, postEntry } from './service';

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

/** A signed-in client with `balance` cents available. */
export async function createClient(app: AppInstance, opts: { balance?: bigint; referredBy?: string } = {}) {
  const user = await createSignedInUser(app, { referredBy: opts.referredBy });
  if (opts.balance) await fundClient(app.ctx.database.db, user.id, opts.balance);
  return user;
}

export const createAdmin = (app: AppInstance) => createSignedInUser(app, { role: 'admin' });

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));

/**
 * Answers every broken ledger invariant (empty when all hold): entries that do not sum to zero or
 * have fewer than two lines, cached balances that differ from their lines, negative client
 * balances, and a non-zero total over all accounts.
 */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const out: string[] = [];
  const unbalanced = rowsOf<{ id: string }>(
    await db.execute(sql`select e.id from journal_entries e left join journal_lines l on l.entry_id = e.id
      group by e.id having count(l.id) < 2 or coalesce(sum(l.amount), 0) <> 0`),
  );
  out.push(...unbalanced.map((r) => `entry ${r.id} does not balance`));
  const stale = rowsOf<{ id: string }>(
    await db.execute(sql`select a.id from ledger_accounts a left join journal_lines l on l.account_id = a.id
      group by a.id having a.balance <> coalesce(sum(l.amount), 0)`),
  );
  out.push(...stale.map((r) => `account ${r.id} cached balance differs from its lines`));
  const negative = rowsOf<{ id: string }>(
    await db.execute(sql`select id from ledger_accounts where kind in ('available', 'held', 'invested') and balance < 0`),
  );
  out.push(...negative.map((r) => `client account ${r.id} is negative`));
  const [total] = rowsOf<{ total: string | number }>(await db.execute(sql`select coalesce(sum(balance), 0) as total from ledger_accounts`));
  if (BigInt(total?.total ?? 0) !== 0n) out.push(`accounts sum to ${total?.total}, not 0`);
  return out;
}

/** A small real image as a data URL. */
export async function imageDataUrl(format: 'png' | 'jpeg' | 'webp' = 'png', size = 8): Promise<string> {
  const data = await sharp({ create: { width: size, height: size, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer();
  return `data:image/${format};base64,${data.toString('base64')}`;
}
