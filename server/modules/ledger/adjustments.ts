/**
 * Ledger adjustments: an admin credits or debits a client's available balance with a reason. The
 * route is POST /api/user/admin/account/:id/adjustments (server/modules/users/routes.ts, with an
 * Idempotency-Key); the posting lives here, next to the ledger it moves money through.
 *
 * One unit of work: the client's row lock, the ordered account locks, the `adjustment` entry and
 * its audit row (`account.adjustment`, amounts in USD). Amounts inside are cents.
 *
 * Errors (AppError): 404 unknown, deleted or not a client; 409 a debit beyond the available balance.
 */
import { USER_ADMIN_MSG } from '@common/messages';
import type { AdjustmentInput } from '@common/schemas/users';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { centsToUsd, formatUsd } from '../../lib/money';
import type { ServiceDeps } from '../../lib/service-deps';
import { withUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work';
import { lockUser } from '../users/lock-user';
import { client, ensureAccounts, house, lockAccounts, postEntry, type EntryRow } from './service';

/** An adjustment as it was posted: the entry and the client's available balance after it (cents). */
export interface PostedAdjustment {
  entry: EntryRow;
  available: bigint;
}

export function createAdjustmentsService({ db, log }: ServiceDeps) {
  return {
    /**
     * Posts an `adjustment` entry of `input.amount` cents — credit: income/expense → available;
     * debit: available → income/expense — with the reason as its memo (the client's history shows
     * it) and the admin as actor. Audit `account.adjustment`. Runs in `uow` when given (the
     * idempotency layer's transaction). Throws 404 (unknown, deleted or not a client), 409 (a debit
     * beyond the available balance).
     */
    async postAdjustment(
      actor: AuditActor,
      id: string,
      input: AdjustmentInput,
      uow?: UnitOfWork,
    ): Promise<PostedAdjustment> {
      return withUnitOfWork(db, log, uow, async ({ tx }) => {
        const row = await lockUser(tx, id);
        if (row.role !== 'client') throw new AppError('NOT_FOUND', USER_ADMIN_MSG.onlyClients);
        const ids = await ensureAccounts(tx, [client(id, 'available'), house('income_expense')]);
        const locked = await lockAccounts(tx, [...ids.values()]);
        const before = locked.find((a) => a.userId === id)?.balance ?? 0n;
        if (input.direction === 'debit' && input.amount > before) {
          throw new AppError('CONFLICT', USER_ADMIN_MSG.adjustmentOverdraw(formatUsd(before)));
        }
        const signed = input.direction === 'credit' ? input.amount : -input.amount;
        const entry = await postEntry(tx, {
          type: 'adjustment',
          userId: id,
          actorId: actor.id,
          memo: input.reason,
          lines: [
            { account: house('income_expense'), amount: -signed },
            { account: client(id, 'available'), amount: signed },
          ],
        });
        await recordAudit(tx, actor, {
          action: 'account.adjustment',
          targetUserId: id,
          targetId: entry.id,
          before: { available: centsToUsd(before) },
          after: {
            available: centsToUsd(before + signed),
            direction: input.direction,
            amount: centsToUsd(input.amount),
            reason: input.reason,
          },
        });
        return { entry, available: before + signed };
      });
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
