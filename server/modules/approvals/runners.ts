/**
 * How an approved request runs: one service call per operation, inside the checker's decision
 * transaction (`uow`), with the checker as the acting staff member (the request's audit rows name
 * the maker). Each runner answers the id of what the action made, kept as the request's result.
 * The services are the ones every route calls, so an approved action follows exactly the rules,
 * audit rows and notices of the same action taken below the threshold.
 */
import type {
  AddProfitInput,
  CreateTradingActivityInput,
  UpdateTradingActivityInput,
} from '@common/schemas/plans';
import type { AddTransactionInput } from '@common/schemas/transactions';
import type { LevelCapsInput, VerificationLevel } from '@common/schemas/limits';
import type { AdjustmentInput } from '@common/schemas/users';
import type { WithdrawalApprovalInput } from '@common/schemas/withdrawals';
import type { AuditActor } from '../../lib/audit';
import type { UnitOfWork } from '../../lib/unit-of-work';
import type { AdjustmentsService } from '../ledger/adjustments';
import type { ProfitPosting } from '../trading-activities/profit-posting';
import type { TradingActivitiesService } from '../trading-activities/service';
import type { TransactionsService } from '../transactions/service';
import type { DepositsService } from '../deposits/service';
import type { LimitsService } from '../limits/service';
import type { StaffSecurity } from '../staff/security';
import type { WithdrawalsService } from '../withdrawals/service';
import type { ApprovalOp, HeldPayload } from './payload';

/**
 * The request being run: its client (or, for a staff operation, the staff member; null for a
 * setting's change), the maker's reason and the held payload.
 */
export interface HeldRequest {
  clientId: string | null;
  reason: string;
  payload: HeldPayload;
}

/** Runs one held operation in `u` as `actor`; answers the id of what it made. */
export type ApprovalRunner = (u: UnitOfWork, actor: AuditActor, request: HeldRequest) => Promise<string>;

/** The services the runners call. */
export interface RunnerServices {
  adjustments: AdjustmentsService;
  transactions: TransactionsService;
  profitPosting: ProfitPosting;
  tradingActivities: TradingActivitiesService;
  withdrawals: WithdrawalsService;
  deposits: DepositsService;
  staffSecurity: StaffSecurity;
  limits: LimitsService;
}

/** The runner of every operation four-eyes can hold. */
export function approvalRunners(s: RunnerServices): Record<ApprovalOp, ApprovalRunner> {
  const target = (r: HeldRequest) => r.payload.target!;
  // every operation but a setting's change names its client or staff member (a CHECK says so)
  const subject = (r: HeldRequest) => r.clientId!;
  return {
    adjustment: async (u, actor, r) =>
      (await s.adjustments.postAdjustment(actor, subject(r), r.payload.input as AdjustmentInput, u)).entry.id,
    transaction: async (u, actor, r) =>
      (await s.transactions.addTransaction(actor, subject(r), r.payload.input as AddTransactionInput, u)).id,
    plan_result: async (u, actor, r) =>
      (await s.profitPosting.addProfit(actor, subject(r), r.payload.input as AddProfitInput, u)).id,
    activity_create: async (u, actor, r) =>
      (await s.tradingActivities.createActivity(actor, r.payload.input as CreateTradingActivityInput, u)).id,
    activity_update: async (u, actor, r) =>
      (
        await s.tradingActivities.updateActivity(
          actor,
          target(r),
          r.payload.input as UpdateTradingActivityInput,
          u,
        )
      ).id,
    activity_delete: async (u, actor, r) => {
      await s.tradingActivities.deleteActivity(actor, target(r), u);
      return target(r);
    },
    void: async (u, actor, r) => (await s.transactions.voidTransaction(actor, target(r), r.reason, u)).id,
    withdrawal_approval: async (u, actor, r) =>
      (
        await s.withdrawals.approveWithdrawal(
          actor,
          r.payload.method ?? 'crypto',
          target(r),
          u,
          (r.payload.input as WithdrawalApprovalInput | undefined)?.payoutReference ?? null,
        )
      ).id,
    deposit_approval: async (u, actor, r) => (await s.deposits.approveDeposit(actor, target(r), u)).id,
    staff_block: async (u, actor, r) => (await s.staffSecurity.block(actor, subject(r), r.reason, u)).id,
    staff_unblock: async (u, actor, r) => (await s.staffSecurity.unblock(actor, subject(r), u)).id,
    staff_reset_two_factor: async (u, actor, r) =>
      (await s.staffSecurity.resetTwoFactor(actor, subject(r), r.reason, u)).id,
    limits_update: async (u, actor, r) => {
      const level = target(r) as VerificationLevel;
      await s.limits.updateLevel(actor, level, r.payload.input as LevelCapsInput, u);
      return level;
    },
  };
}
