/**
 * What an approval request replays: the held action's operation, the row it acts on and the
 * maker's validated input, kept as JSON in `approval_requests.payload`. Cents (bigint) and dates do
 * not survive plain JSON, so they are written as `{ "$cents": "500000" }` and `{ "$date": "…" }` and
 * read back as bigint and Date: the runner gets exactly what the maker's route validated.
 */
import type { Permission } from '@common/permissions';
import type { ApprovalAction } from '@common/schemas/approvals';

/**
 * The operations four-eyes holds, each run by one service call (runners.ts): money actions, staff
 * operations on an owner, and a raise of a verification level's caps.
 */
export const APPROVAL_OPS = {
  adjustment: { action: 'adjustment', permission: 'ledger.adjust' },
  transaction: { action: 'transaction', permission: 'ledger.adjust' },
  plan_result: { action: 'profit', permission: 'profits.post' },
  activity_create: { action: 'profit', permission: 'tradingActivity.edit' },
  activity_update: { action: 'profit', permission: 'tradingActivity.edit' },
  activity_delete: { action: 'profit', permission: 'tradingActivity.edit' },
  void: { action: 'void', permission: 'transactions.void' },
  withdrawal_approval: { action: 'withdrawal_approval', permission: 'withdrawals.review' },
  deposit_approval: { action: 'deposit_approval', permission: 'deposits.review' },
  // staff operations on an owner (docs/security.md "Four-eyes approval"): another owner decides
  staff_block: { action: 'staff_block', permission: 'staff.manage' },
  staff_unblock: { action: 'staff_unblock', permission: 'staff.manage' },
  staff_reset_two_factor: { action: 'staff_reset_two_factor', permission: 'staff.manage' },
  // a raise of a verification level's caps (docs/security.md "Limits by verification level")
  limits_update: { action: 'limits_update', permission: 'limits.manage' },
} as const satisfies Record<string, { action: ApprovalAction; permission: Permission }>;
export type ApprovalOp = keyof typeof APPROVAL_OPS;

/** A held action as stored: the operation, what it acts on, its input and how the queue names it. */
export interface HeldPayload {
  op: ApprovalOp;
  /**
   * The row acted on (a history line, an activity, a withdrawal, a deposit, a staff member, a
   * verification level), when there is one.
   */
  target?: string;
  /** A withdrawal's method (its routes are per method). */
  method?: 'crypto' | 'bank';
  /** The route's validated body (cents as bigint, dates as Date). */
  input?: unknown;
  /** What would run, in words, e.g. "Credit adjustment of $5,000.00". */
  summary: string;
}

/** `payload` as JSON for the jsonb column: bigint → `{ $cents }`, Date → `{ $date }`. */
export function storePayload(payload: HeldPayload): unknown {
  return JSON.parse(
    JSON.stringify(payload, function (this: Record<string, unknown>, key, value: unknown) {
      const raw = this[key];
      if (typeof raw === 'bigint') return { $cents: raw.toString() };
      if (raw instanceof Date) return { $date: raw.toISOString() };
      return value;
    }),
  );
}

/** The stored JSON back as the payload it was made from (the inverse of `storePayload`). */
export function readPayload(stored: unknown): HeldPayload {
  return JSON.parse(JSON.stringify(stored), (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const v = value as Record<string, unknown>;
      if (typeof v.$cents === 'string') return BigInt(v.$cents);
      if (typeof v.$date === 'string') return new Date(v.$date);
    }
    return value;
  }) as HeldPayload;
}

/**
 * A change of a setting that binds every client (a verification level's caps), weighed by its
 * service in the transaction that then applies it: `amount` is the largest raise of one value
 * (cents; 0 or less when nothing is raised) and `summary` says old → new in words.
 */
export interface SettingChange {
  amount: bigint;
  summary: string;
}
