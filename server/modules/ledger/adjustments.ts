/**
 * Ledger adjustments: an admin credits or debits a client's available balance with a reason. The
 * route is POST /api/user/admin/account/:id/adjustments (server/modules/users/routes.ts, with an
 * Idempotency-Key); the posting lives here, next to the ledger it moves money through.
 *
 * Two round trips (docs/performance.md "Money in two round trips"): one read (the client, the ids
 * of the two accounts), then ONE statement (lib/unit-of-work.ts `StatementOfWork`) that locks the
 * client's row (FOR UPDATE, as `lockUser` does) and then their available account (FOR UPDATE,
 * answered as it is after any wait), and posts the `adjustment` entry with its audit row
 * (`account.adjustment`, amounts in USD) only when the client is still there and a debit does not
 * overdraw the balance it locked. Amounts inside are cents.
 *
 * Errors (AppError): 404 unknown, deleted or not a client; 409 a debit beyond the available balance.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MSG, USER_ADMIN_MSG } from '@common/messages';
import type { AdjustmentInput } from '@common/schemas/users';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, users } from '../../db/schema';
import { auditInStatement, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { formatUsd } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { StatementOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { client, house, refKey, type EntryRow } from './service';
import { accountIdOf, isAccountRace, postInStatement } from './statement';

/** An adjustment as it was posted: the entry and the client's available balance after it (cents). */
export interface PostedAdjustment {
  entry: EntryRow;
  available: bigint;
}

/** Cents as a USD jsonb number in SQL, as `centsToUsd` writes it (170.5, 50). */
const usdJson = (cents: ReturnType<typeof sql>) => sql`to_jsonb(trim_scale(${cents}::numeric / 100))`;

export function createAdjustmentsService({ db, log }: ServiceDeps) {
  /** Round trip 1: the live user's role and the two account ids (null when not created yet). */
  async function read(conn: DbOrTx, id: string) {
    const [row] = await conn
      .select({
        role: users.role,
        available: accountIdOf(users.id, 'available'),
        income: accountIdOf(null, 'income_expense'),
      })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!row) throw new AppError('NOT_FOUND', MSG.notFound);
    if (row.role !== 'client') throw new AppError('NOT_FOUND', USER_ADMIN_MSG.onlyClients);
    return row;
  }

  /** Round trip 2: the statement; answers what it found and whether it posted. */
  async function post(
    r: Awaited<ReturnType<typeof read>>,
    actor: AuditActor,
    id: string,
    input: AdjustmentInput,
    uow?: UnitOfWork,
  ) {
    const signed = input.direction === 'credit' ? input.amount : -input.amount;
    const stmt = new StatementOfWork();
    const clientRow = stmt.with(
      stmt.name('client'),
      sql`select id from ${users} where id = ${id}::uuid and deleted_at is null and role = 'client' for update`,
      { materialized: true },
    );
    // after the client's lock (it reads that part), as in the one lock order; by owner, so an
    // account created since the read is found too
    const account = stmt.with(
      stmt.name('available'),
      sql`select balance from ${ledgerAccounts}
        where user_id = ${id}::uuid and kind = 'available' and exists (select 1 from ${clientRow}) for update`,
      { materialized: true },
    );
    const before = sql`coalesce((select balance from ${account}), 0)`;
    const found = sql`exists (select 1 from ${clientRow})`;
    const gate = sql`(${found} and ${before} + ${signed.toString()}::bigint >= 0)`;
    const known = new Map([
      [refKey(client(id, 'available')), r.available],
      [refKey(house('income_expense')), r.income],
    ]);
    const [entryId] = postInStatement(
      stmt,
      [
        {
          gate,
          type: 'adjustment',
          userId: id,
          actorId: actor.id,
          memo: input.reason,
          lines: [
            { account: house('income_expense'), amount: -signed },
            { account: client(id, 'available'), amount: signed },
          ],
        },
      ],
      known,
    );
    auditInStatement(
      stmt,
      actor,
      {
        action: 'account.adjustment',
        targetUserId: id,
        targetId: entryId,
        before: sql`jsonb_build_object('available', ${usdJson(before)})`,
        after: sql`jsonb_build_object('available', ${usdJson(sql`(${before} + ${signed.toString()}::bigint)`)},
          'direction', ${input.direction}::text, 'amount', ${usdJson(sql`${input.amount.toString()}::bigint`)},
          'reason', ${input.reason}::text)`,
      },
      gate,
    );
    stmt.output('found', found);
    stmt.output('posted', gate);
    stmt.output('before', sql`(${before})::text`);
    stmt.output('at_ms', sql`(extract(epoch from now()) * 1000)::float8`);
    const out = await stmt.run(uow?.tx ?? db, log, uow);
    return { entryId: entryId!, signed, out };
  }

  return {
    /**
     * Posts an `adjustment` entry of `input.amount` cents — credit: income/expense → available;
     * debit: available → income/expense — with the reason as its memo (the client's history shows
     * it) and the admin as actor. Audit `account.adjustment`. Runs in `uow` when given (the
     * idempotency layer's transaction, the approvals runner). Throws 404 (unknown, deleted or not a
     * client), 409 (a debit beyond the available balance).
     */
    async postAdjustment(
      actor: AuditActor,
      id: string,
      input: AdjustmentInput,
      uow?: UnitOfWork,
    ): Promise<PostedAdjustment> {
      const conn = uow?.tx ?? db;
      for (let attempt = 1; ; attempt++) {
        let r = await read(conn, id);
        if (uow && (!r.available || !r.income)) {
          // Inside the caller's transaction a statement that lost the race to create an account
          // (the client's first, or the house's on a new database) could not be tried again: create
          // the missing ones first (waiting for a racing creator), then read again.
          const missing = [
            ...(r.available ? [] : [{ userId: id, kind: 'available' }]),
            ...(r.income ? [] : [{ userId: null, kind: 'income_expense' }]),
          ];
          await uow.tx.insert(ledgerAccounts).values(missing).onConflictDoNothing();
          r = await read(conn, id);
        }
        let result: Awaited<ReturnType<typeof post>>;
        try {
          result = await post(r, actor, id, input, uow);
        } catch (err) {
          // an account the statement was to create appeared meanwhile: once more finds it
          if (!uow && attempt === 1 && isAccountRace(err)) continue;
          throw err;
        }
        const { entryId, signed, out } = result;
        const before = BigInt(String(out.before ?? '0'));
        if (out.found !== true) throw new AppError('NOT_FOUND', MSG.notFound);
        if (out.posted !== true) {
          throw new AppError('CONFLICT', USER_ADMIN_MSG.adjustmentOverdraw(formatUsd(before)));
        }
        const at = new Date(Number(out.at_ms));
        const entry: EntryRow = {
          id: entryId,
          type: 'adjustment',
          userId: id,
          memo: input.reason,
          actorId: actor.id,
          reverses: null,
          depositId: null,
          withdrawalId: null,
          planId: null,
          tradingActivityId: null,
          effectiveAt: at,
          createdAt: at,
        };
        return { entry, available: before + signed };
      }
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
