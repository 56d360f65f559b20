/**
 * The admin users list and its search read their indexes (migrations users_list_indexes and
 * users_list_client_indexes): with sequential scans off, the plan of the list's first page uses
 * `users_live_created_idx` with no row filter (its condition is the list's), and the
 * plan of a search uses the trigram index `users_search_trgm_idx`, which only happens when the
 * search repeats the index's expression exactly. On both drivers (PGlite loads pg_trgm).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { users } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { listWhere, searchWhere } from './service';

const { db } = useTestContext();

describe('the admin users list reads its indexes', () => {
  /**
   * The plan of `query` with sequential scans off, in a transaction that is rolled back; `without`
   * names the indexes dropped in it first (an empty table makes any index look cheap, so the
   * list's own indexes are taken away to see whether the search can use the trigram one).
   */
  async function planOf(query: ReturnType<typeof sql>, ...without: string[]): Promise<string> {
    let plan = '';
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        for (const index of without) await tx.execute(sql`drop index ${sql.identifier(index)}`);
        const rows = await queryRows<Record<string, string>>(tx, sql`explain ${query}`);
        plan = rows.map((r) => Object.values(r)[0]).join('\n');
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!plan) throw err;
      });
    return plan;
  }

  it('pages live clients newest first by users_live_created_idx, filtering nothing', async () => {
    const page = sql`select ${users.id} from ${users} where ${listWhere({})}
      order by ${users.createdAt} desc, ${users.id} desc limit 10`;
    const plan = await planOf(page);
    expect(plan).toContain('users_live_created_idx');
    // the list's whole condition is the index's: a deep page skips its rows in the index alone,
    // never reading one from the table to check its role (bench: adminListP50Ms, usersDeepPage)
    expect(plan).not.toContain('Filter:');
  });

  it('pages them by name and by e-mail by their own indexes, filtering nothing', async () => {
    for (const [index, order] of [
      ['users_live_name_idx', sql`${users.lastName}, ${users.firstName}, ${users.id}`],
      ['users_live_email_idx', sql`${users.email}, ${users.id}`],
    ] as const) {
      const plan = await planOf(
        sql`select ${users.id} from ${users} where ${listWhere({})} order by ${order} limit 10`,
      );
      expect(plan, index).toContain(index);
      expect(plan, index).not.toContain('Filter:');
    }
  });

  it('finds the users a search matches by the trigram index users_search_trgm_idx', async () => {
    const matches = sql`select ${users.id} from ${users} where ${searchWhere('ann')}`;
    // the search is the index's condition (a bare scan of the partial index would have none)
    expect(await planOf(matches, 'users_live_created_idx', 'users_verification_idx')).toMatch(
      /Bitmap Index Scan on users_search_trgm_idx .*\n\s+Index Cond: [\s\S]*~~\* '%ann%'/,
    );
    // the index is still there after the rolled-back drop
    const page = sql`select ${users.id} from ${users} where ${listWhere({})}
      order by ${users.createdAt} desc, ${users.id} desc limit 10`;
    expect(await planOf(page)).toContain('users_live_created_idx');
  });

  it('pages the clients in one verification state by users_verification_idx', async () => {
    const page = sql`select ${users.id} from ${users} where ${listWhere({ verification: 'pending' })}
      order by ${users.createdAt} desc, ${users.id} desc limit 10`;
    const plan = await planOf(page, 'users_live_created_idx');
    expect(plan).toContain('users_verification_idx');
    expect(plan).not.toContain('Filter:');
  });

  it('reads a joined date range as an index condition on created_at', async () => {
    const joined = { from: '2026-03-01', to: '2026-03-31' };
    const page = sql`select ${users.id} from ${users} where ${listWhere(joined)}
      order by ${users.createdAt} desc, ${users.id} desc limit 10`;
    expect(await planOf(page)).toMatch(/users_live_created_idx[\s\S]*Index Cond: \(\(?created_at >=/);
    const inState = sql`select ${users.id} from ${users} where ${listWhere({ ...joined, verification: 'pending' })}
      order by ${users.createdAt} desc, ${users.id} desc limit 10`;
    expect(await planOf(inState, 'users_live_created_idx')).toMatch(
      /users_verification_idx[\s\S]*Index Cond: [^\n]*verification_status[^\n]*created_at >=/,
    );
  });
});
