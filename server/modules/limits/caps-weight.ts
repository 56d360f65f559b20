/**
 * What four-eyes weighs of a change of a verification level's caps (docs/security.md "Four-eyes
 * approval", "A raise of the caps by verification level"), in the spirit of the money aggregate
 * (approvals/aggregate.ts): a raise of one cap is measured against the LOWEST value that cap had at
 * any time in the last 24 hours, not against its value now, so raises cut into slices under the
 * threshold (ten raises of $999 in a row, or a cap lowered by $5,000 then raised by $5,500) add up
 * and wait for a second owner once together they reach it.
 *
 * The record is the `limits.update` audit rows of the level (written by the service in the
 * transaction that changes the caps, append-only by trigger, migration audit_guards): their
 * `before` and `after` hold the four caps in USD (`capsUsd`), so the lowest value of the window is
 * the smallest of them and of the row as it is now. Every change counts, whoever made it (an
 * approved raise too, its checker as actor): a cap is one row that binds every client, and its risk
 * is how far it climbed unseen, not who climbed it. The money aggregate sums per maker and client
 * because many staff serve one client and its lock is the pair's; a level's changes are rare and
 * its row lock already orders every owner's change.
 *
 * Race: the caller locks the level's row (FOR UPDATE) in its transaction first, then calls
 * `lowestCaps`; a change of the same level made meanwhile committed before the lock was granted, so
 * this later statement of a READ COMMITTED transaction sees its audit row, and the change then runs
 * in the same transaction.
 */
import { sql } from 'drizzle-orm';
import {
  CAP_LABELS,
  LEVEL_TITLES,
  VERIFICATION_LEVELS,
  type CapField,
  type LevelCapsInput,
} from '@common/schemas/limits';
import { queryRows, type DbOrTx } from '../../db/client';
import type { verificationLevels } from '../../db/schema';
import { centsToUsd, usd } from '../../lib/money';
import type { SettingChange } from '../approvals/payload';

/** A row of the caps table as stored (cents). */
export type LevelRow = typeof verificationLevels.$inferSelect;

/** The four caps of a level, in cents. */
export type Caps = Record<CapField, bigint>;

/** The rolling window raises of one cap add up over. */
export const CAPS_WINDOW = '24 hours';

const CAPS = Object.keys(CAP_LABELS) as CapField[];

/** The four caps of a level in USD, as the `limits.update` audit rows keep them (`lowestCaps` reads them). */
export const capsUsd = (r: Pick<LevelRow, CapField>) => ({
  depositDay: centsToUsd(r.depositDay),
  depositMonth: centsToUsd(r.depositMonth),
  withdrawalDay: centsToUsd(r.withdrawalDay),
  withdrawalMonth: centsToUsd(r.withdrawalMonth),
});

/**
 * The lowest value (cents) each cap of `row`'s level had in the last 24 hours: the smallest of the
 * row as it is now and of the `before` and `after` of the level's `limits.update` audit rows of the
 * window. Call it after locking the row, in the transaction that then weighs and acts (module header).
 */
export async function lowestCaps(tx: DbOrTx, row: LevelRow): Promise<Caps> {
  const level = VERIFICATION_LEVELS[row.level]!;
  const lows = sql.join(
    CAPS.map(
      (f) =>
        sql`(min(least((a.before ->> ${f})::numeric, (a.after ->> ${f})::numeric)) * 100)::bigint::text as ${sql.identifier(f)}`,
    ),
    sql`, `,
  );
  const [seen] = await queryRows<Record<CapField, string | null>>(
    tx,
    sql`select ${lows} from audit_log a
      where a.action = 'limits.update' and a.target_id = ${level}
        and a.created_at > now() - ${CAPS_WINDOW}::interval`,
  );
  const lowest = {} as Caps;
  for (const f of CAPS) {
    const low = seen?.[f] == null ? row[f] : BigInt(seen[f]);
    lowest[f] = low < row[f] ? low : row[f];
  }
  return lowest;
}

/**
 * What four-eyes weighs of setting `row`'s caps to `input` (docs/security.md "Four-eyes
 * approval"), `lowest` being each cap's lowest value of the last 24 hours (`lowestCaps`, cents):
 * `amount`, the largest raise of one cap in cents, measured from its lowest value (0 when every cap
 * stays or gets stricter than it is now: a stricter cap is never a risk, so only raises count, and
 * each cap on its own, as each bounds money on its own), and `summary`, the changed caps old → new
 * in USD, a raised cap naming its lower value of the window, e.g. `Caps of "Identity approved":
 * deposits per 24 h $100,999.00 → $101,998.00 (lowest in the last 24 hours $100,000.00)`.
 */
export function weighCaps(row: LevelRow, input: LevelCapsInput, lowest: Caps): SettingChange {
  const raised = (f: CapField) => input[f] > row[f];
  const amount = CAPS.reduce((max, f) => {
    const climb = raised(f) ? input[f] - lowest[f] : 0n;
    return climb > max ? climb : max;
  }, 0n);
  const changed = CAPS.filter((f) => input[f] !== row[f]).map((f) => {
    const since = raised(f) && lowest[f] < row[f] ? ` (lowest in the last 24 hours ${usd(lowest[f])})` : '';
    return `${CAP_LABELS[f].toLowerCase()} ${usd(row[f])} → ${usd(input[f])}${since}`;
  });
  const title = LEVEL_TITLES[VERIFICATION_LEVELS[row.level]!];
  return { amount, summary: `Caps of "${title}": ${changed.join('; ') || 'unchanged'}` };
}
