/**
 * What is displayed is what was sealed, on the API's own answers (docs/transparency.md "What your
 * browser checks"): a client's history lines (GET /api/transaction/all) compared with the sealed
 * entries their inclusion proofs carry (GET /api/transparency/inclusion/:id), by the comparison the
 * browser runs (common/transparency/history-line.ts). Untouched, every line matches. A display
 * edit in the database, which leaves the journal and so the log intact (the log's integrity check
 * still passes), shows as "shown X, sealed Y": a deposit's amount (the tamper `UPDATE deposits SET
 * amount = 250000` that once showed +$2,500.00 Verified), a withdrawal's amount and status. A
 * request's date is in its entry's version 2 leaf: edited, the proof fails and the log check names it.
 * Runs on both drivers.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicTransaction } from '@common/schemas/transactions';
import {
  compareLineWithSealed,
  describeDifferences,
  type LineComparison,
} from '@common/transparency/history-line';
import { sealedLeafHash } from '@common/transparency/leaves';
import { deposits, withdrawals } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { client, house, postEntry, type NewEntry } from '../ledger/service';
import { createClient, type TestUser } from '../../test/factories';
import { checkTransparencyLog } from './integrity-log';
import { sealJournal } from './seal';
import { signingKeyFor } from './signing-key';

const { t, inject } = useTestContext();
const db = () => t.database.db;
const post = (entry: NewEntry) => db().transaction((tx) => postEntry(tx, entry));

/** A deposit of `cents` as its approval leaves it: the request approved, its entry posted. */
async function approvedDeposit(c: TestUser, cents: bigint): Promise<string> {
  const [row] = await db()
    .insert(deposits)
    .values({ userId: c.id, amount: cents, wallet: 'bitcoin', proofKey: 'proofs/d.png', status: 'approved' })
    .returning({ id: deposits.id });
  await post({
    type: 'deposit',
    userId: c.id,
    depositId: row!.id,
    memo: 'Deposit via bitcoin',
    lines: [
      { account: house('cash'), amount: -cents },
      { account: client(c.id, 'available'), amount: cents },
    ],
  });
  return row!.id;
}

/** A withdrawal of `cents`: held, and settled when `approved`. */
async function withdrawal(c: TestUser, cents: bigint, approved: boolean): Promise<string> {
  const [row] = await db()
    .insert(withdrawals)
    .values({
      userId: c.id,
      method: 'crypto',
      wallet: 'ethereum',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      amount: cents,
      status: approved ? 'approved' : 'pending',
    })
    .returning({ id: withdrawals.id });
  const move = (
    type: NewEntry['type'],
    from: NewEntry['lines'][number]['account'],
    to: NewEntry['lines'][number]['account'],
  ) =>
    post({
      type,
      userId: c.id,
      withdrawalId: row!.id,
      lines: [
        { account: from, amount: -cents },
        { account: to, amount: cents },
      ],
    });
  await move('withdrawal_hold', client(c.id, 'available'), client(c.id, 'held'));
  if (approved) await move('withdrawal_settle', client(c.id, 'held'), house('cash'));
  return row!.id;
}

/**
 * Every posted line of `c`'s history compared with its sealed entry, by line id; `unsealed` when the
 * answered entry does not hash to its leaf (the browser's proof check fails first).
 */
async function compareHistory(c: TestUser, as = c.id): Promise<Map<string, LineComparison | 'unsealed'>> {
  const history = (await inject('GET', '/api/transaction/all?pageSize=40', c.headers)).json()
    .data as PublicTransaction[];
  const out = new Map<string, LineComparison | 'unsealed'>();
  for (const line of history) {
    const proof = await inject('GET', `/api/transparency/inclusion/${line._id}`, c.headers);
    expect(proof.statusCode, line.type).toBe(200);
    const { entry, leafHash } = proof.json();
    out.set(
      line._id,
      sealedLeafHash(entry) === leafHash ? compareLineWithSealed(line, entry, as) : 'unsealed',
    );
  }
  return out;
}

describe('history lines against their sealed entries', () => {
  it('every line matches untouched; a display edit of a deposit or a withdrawal shows shown X, sealed Y', async () => {
    const c = await createClient(t.app);
    const deposit = await approvedDeposit(c, 250_00n);
    const pending = await withdrawal(c, 40_00n, false);
    const paid = await withdrawal(c, 30_00n, true);
    await post({
      type: 'profit',
      userId: c.id,
      memo: 'plan result',
      lines: [
        { account: house('income_expense'), amount: -12_34n },
        { account: client(c.id, 'available'), amount: 12_34n },
      ],
    });
    await sealJournal(db(), signingKeyFor(t.app.ctx.config));

    const clean = await compareHistory(c);
    expect(clean.size).toBe(4);
    for (const result of clean.values()) expect(result).toEqual({ kind: 'match', limited: false });

    const log = () => db().transaction((tx) => checkTransparencyLog(tx));
    const differs = async (id: string, change: ReturnType<typeof sql>, undo: ReturnType<typeof sql>) => {
      await db().execute(change);
      const found = (await compareHistory(c)).get(id)!;
      // the journal is untouched: the log still verifies; only the comparison sees the edit
      expect(await log()).toBeNull();
      await db().execute(undo);
      return typeof found === 'string'
        ? found
        : found.kind === 'mismatch'
          ? describeDifferences(found.differences)
          : found.kind;
    };
    expect(
      await differs(
        deposit,
        sql`update deposits set amount = 250000 where id = ${deposit}`,
        sql`update deposits set amount = 25000 where id = ${deposit}`,
      ),
    ).toBe('shown +$2,500.00, sealed +$250.00');
    // the request's date is in its entry's version 2 leaf: an edit of it changes the leaf, so the
    // proof fails in the browser and the integrity check names the entry
    const [{ at }] = await db()
      .select({ at: sql<string>`created_at::text` })
      .from(deposits)
      .where(eq(deposits.id, deposit));
    await db().execute(
      sql`update deposits set created_at = created_at - interval '30 days' where id = ${deposit}`,
    );
    expect((await compareHistory(c)).get(deposit)).toBe('unsealed');
    expect(await log()).toMatch(/^entry .*: leaf hash differs from the sealed log at index \d+$/);
    await db().execute(sql`update deposits set created_at = ${at}::timestamptz where id = ${deposit}`);
    expect(await log()).toBeNull();
    // each: the withdrawal, its edit, the undo (constant SET clauses), what the comparison says
    const withdrawalEdits = [
      [pending, 'amount = 400000', 'amount = 4000', 'shown -$4,000.00, sealed -$40.00'],
      [paid, "status = 'rejected'", "status = 'approved'", 'shown rejected, sealed withdrawal_settle'],
      // the hold of a pending withdrawal is sealed; shown as approved, its settlement is not sealed yet
      [pending, "status = 'approved'", "status = 'pending'", 'later'],
    ] as const;
    for (const [id, edit, undo, said] of withdrawalEdits) {
      const update = (set: string) => sql`update withdrawals set ${sql.raw(set)} where id = ${id}`;
      expect(await differs(id, update(edit), update(undo)), edit).toBe(said);
    }
  });

  it("another client's entries never pass as the signed-in client's", async () => {
    const [c, other] = [await createClient(t.app), await createClient(t.app)];
    await approvedDeposit(c, 99_00n);
    await sealJournal(db(), signingKeyFor(t.app.ctx.config));
    const [result] = [...(await compareHistory(c, other.id)).values()];
    expect(result).not.toBe('unsealed');
    expect(result).toEqual({
      kind: 'mismatch',
      differences: [{ field: 'owner', shown: 'your accounts', sealed: `another client's (${c.id})` }],
    });
  });
});
