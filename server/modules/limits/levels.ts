/**
 * Limits by verification level (docs/security.md "Limits by verification level", "Identity gates
 * withdrawals"): a client's level (0 e-mail confirmed, 1 identity approved, 2 identity and proof of
 * address approved) picks a row of `verification_levels`, whose caps bound the deposits and the
 * withdrawals of a rolling 24 hours and a rolling 30 days. Pending and approved requests count; a
 * rejected one frees its amount. Every amount here is cents.
 *
 * This file holds the SQL both money flows share and the refusals they throw: the withdrawal's
 * statement (withdrawals/request.ts, `withdrawalLimitParts`), the deposit's submission
 * (`assertDepositWithinCaps`) and the client's view (`readLimitState`).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  LEVEL_RAISE,
  LIMITS_MSG,
  VERIFICATION_LEVELS,
  type LimitKind,
  type LimitWindow,
  type VerificationLevel,
} from '@common/schemas/limits';
import { queryRows, type DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { usd } from '../../lib/money';
import type { StatementOfWork } from '../../lib/unit-of-work';

/** The level number of the users row `u` (SQL): identity approved 1, with proof of address 2, else 0. */
export const levelOf = (u: SQL) =>
  sql`case when ${u}.verification_status = 'verified'
    then case when ${u}.address_verified_at is not null then 2 else 1 end else 0 end`;

/** The table of requests each kind of cap counts, and the statuses that count. */
const COUNTED: Record<LimitKind, SQL> = {
  deposit: sql`deposits d where d.status in ('pending', 'approved')`,
  withdrawal: sql`withdrawals d where d.status in ('pending', 'approved') and d.deleted_at is null`,
};

/** What `kind` used in the windows (cents, as `day_used`, `month_used`), as of the statement's snapshot. */
const usage = (kind: LimitKind, userId: string) =>
  sql`select coalesce(sum(d.amount) filter (where d.created_at > now() - interval '24 hours'), 0) as day_used,
      coalesce(sum(d.amount), 0) as month_used
    from ${COUNTED[kind]} and d.user_id = ${userId}::uuid and d.created_at > now() - interval '30 days'`;

/** A client's level and the caps and use of `kind` (one row; cents as text). */
const stateOf = (kind: LimitKind, userId: string) =>
  sql`select l.level, u.verification_status = 'verified' as identity_ok,
      l.${sql.raw(kind)}_day::text as day_cap, l.${sql.raw(kind)}_month::text as month_cap,
      w.day_used::text, w.month_used::text
    from users u join verification_levels l on l.level = ${levelOf(sql`u`)}
      cross join (${usage(kind, userId)}) w
    where u.id = ${userId}::uuid`;

/** A client's level, its caps and their use for one kind, as read (cents). */
export interface KindState {
  level: VerificationLevel;
  identityOk: boolean;
  cap: Record<LimitWindow, bigint>;
  used: Record<LimitWindow, bigint>;
}

interface StateRow {
  level: number;
  identity_ok: boolean;
  day_cap: string;
  month_cap: string;
  day_used: string;
  month_used: string;
}

const toState = (r: StateRow): KindState => ({
  level: VERIFICATION_LEVELS[r.level]!,
  identityOk: r.identity_ok,
  cap: { day: BigInt(r.day_cap), month: BigInt(r.month_cap) },
  used: { day: BigInt(r.day_used), month: BigInt(r.month_used) },
});

/** Reads `userId`'s level and the caps and use of `kind` (throws 404 for an unknown user). */
export async function readLimitState(db: DbOrTx, kind: LimitKind, userId: string): Promise<KindState> {
  const [row] = await queryRows<StateRow>(db, stateOf(kind, userId));
  if (!row) throw new AppError('user_not_found');
  return toState(row);
}

/** What is left of a cap (never below 0), in cents. */
export const leftOf = (s: KindState, window: LimitWindow) => {
  const left = s.cap[window] - s.used[window];
  return left > 0n ? left : 0n;
};

/** The window whose cap `amount` more would pass, if any (the daily one first). */
export function windowPassed(s: KindState, amount: bigint): LimitWindow | null {
  for (const window of ['day', 'month'] as const) if (s.used[window] + amount > s.cap[window]) return window;
  return null;
}

/** The 422 of a request over `window`'s cap of `s`: names the cap and how to raise it. */
export function overLimit(kind: LimitKind, s: KindState, window: LimitWindow): AppError {
  const message = LIMITS_MSG.overLimit(kind, window, usd(s.cap[window]), LEVEL_RAISE[s.level]);
  return new AppError(kind === 'deposit' ? 'deposit_limit_exceeded' : 'withdrawal_limit_exceeded', message);
}

/** The 422 of a withdrawal (or its code) by a client whose identity is not approved. */
export const identityRequired = () => new AppError('identity_not_verified');

/**
 * Refuses a deposit of `amount` cents that would pass a deposit cap of `userId`'s level (422
 * `deposit_limit_exceeded`). Call it inside the submission's transaction after the client's row
 * is locked (deposits/service.ts `assertRoomForDeposit`): its read then starts after the lock,
 * so two submissions at once are counted one after the other.
 */
export async function assertDepositWithinCaps(tx: DbOrTx, userId: string, amount: bigint): Promise<void> {
  const s = await readLimitState(tx, 'deposit', userId);
  const window = windowPassed(s, amount);
  if (window) throw overLimit('deposit', s, window);
}

/**
 * Adds the limit parts to a withdrawal's statement (withdrawals/request.ts) of `amount` cents by
 * `userId`, whose ledger accounts `locked` (a part: `id`, `version` = xmin as text, FOR UPDATE)
 * holds. Answers SQL booleans: `identity` (approved identity), `within` (the amount fits both
 * windows) and `fresh`.
 *
 * Why `fresh`: the statement reads the window's withdrawals in its one snapshot, taken before it
 * waits for the accounts' lock; a request that held the lock meanwhile and committed is not in
 * that snapshot, so two requests at once could each pass a cap alone (READ COMMITTED). Every
 * withdrawal request moves the client's available balance in the transaction that inserts it,
 * so the lock answers the accounts' newest versions: when one differs from the version the
 * snapshot sees, someone committed between the snapshot and the lock, and the statement decides
 * nothing (`fresh` false); the caller runs it again, in a new snapshot that sees that commit.
 * `stateOutput` is the limit state as JSON for `limitState` to read after the run.
 */
export function withdrawalLimitParts(stmt: StatementOfWork, userId: string, amount: bigint, locked: SQL) {
  const state = stmt.with(stmt.name('limits'), stateOf('withdrawal', userId));
  const fresh = sql`not exists (select 1 from ${locked} k join ledger_accounts a on a.id = k.id
    where a.xmin::text <> k.version)`;
  const identity = sql`coalesce((select identity_ok from ${state}), false)`;
  const within = sql`coalesce((select day_used::bigint + ${amount.toString()}::bigint <= day_cap::bigint
      and month_used::bigint + ${amount.toString()}::bigint <= month_cap::bigint from ${state}), false)`;
  const stateOutput = sql`(select row_to_json(s) from ${state} s)`;
  return { identity, within, fresh, stateOutput };
}

/** The limit state a statement answered (`withdrawalLimitParts`'s `stateOutput`). */
export function limitState(out: unknown): KindState {
  return toState(out as StateRow);
}
