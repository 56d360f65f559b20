/**
 * What the recovery commands of `npm run staff` read and change (scripts/staff.ts; docs/operations.md
 * "Recovery commands"), beside the owner actions they share with the routes (security.ts,
 * service.ts):
 *
 * - `staffOverview`: every staff member with their sign-in lock (`list`).
 * - `unlockAddress`: clears an e-mail address's sign-in lock and failed-code counters (the account
 *   throttle's rows, auth/throttle.ts), audited as `auth.unlock` (`unlock`).
 * - `rekeyTwoFactor`: re-seals every two-factor secret under the newest key (auth/two-factor.ts
 *   `rekey`), audited as `two_factor.rekey` with the counts (`rekey-two-factor`).
 *
 * Audit rows made here have no actor: nobody is signed in on the command line.
 */
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitHits, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { RekeyCounts, TwoFactor } from '../auth/two-factor';
import { codeFailureKey, signInKey, SIGNIN_LIMITS } from '../auth/throttle';
import type { StaffService } from './service';

/** A staff member as `list` prints them. `lockedUntil`: the end of a running sign-in lock, else null. */
export interface StaffOverviewRow {
  email: string;
  role: string;
  twoFactorEnabled: boolean;
  state: 'active' | 'blocked' | 'deactivated';
  lockedUntil: Date | null;
}

/** Every staff member (by last name) with whether their sign-in is locked now. */
export async function staffOverview(db: Db, staff: StaffService): Promise<StaffOverviewRow[]> {
  const members = await staff.list();
  const keys = members.map((m) => signInKey(m.email));
  const locks = keys.length
    ? await db
        .select({ key: rateLimitHits.key, resetAt: rateLimitHits.resetAt })
        .from(rateLimitHits)
        .where(
          and(
            inArray(rateLimitHits.key, keys),
            gt(rateLimitHits.resetAt, sql`now()`),
            sql`${rateLimitHits.hits} >= ${SIGNIN_LIMITS.failures}`,
          ),
        )
    : [];
  return members.map((m) => ({
    email: m.email,
    role: m.role,
    twoFactorEnabled: m.twoFactorEnabled,
    state: !m.active ? 'deactivated' : m.isBlocked ? 'blocked' : 'active',
    lockedUntil: locks.find((l) => l.key === signInKey(m.email))?.resetAt ?? null,
  }));
}

/** One counter `unlockAddress` cleared: what it counted, its count and when its window would have ended. */
export interface ClearedCounter {
  kind: 'sign-in' | 'password reset' | 'e-mail verification' | 'withdrawal codes';
  failures: number;
  until: Date;
}

/**
 * Clears `email`'s sign-in failures (and so its lock) and its failed password-reset and
 * verification codes, and, when an account has that address, its failed withdrawal codes; audits
 * `auth.unlock` (target: the account, if any) in the same transaction when anything was running.
 * Answers what was cleared (empty: nothing to clear, nothing audited).
 */
export async function unlockAddress(db: Db, email: string): Promise<ClearedCounter[]> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    const kinds = new Map<string, ClearedCounter['kind']>([
      [signInKey(email), 'sign-in'],
      [codeFailureKey('reset', email), 'password reset'],
      [codeFailureKey('verify', email), 'e-mail verification'],
      ...(user ? [[codeFailureKey('withdrawal', user.id), 'withdrawal codes'] as const] : []),
    ]);
    const deleted = await tx
      .delete(rateLimitHits)
      .where(inArray(rateLimitHits.key, [...kinds.keys()]))
      .returning();
    const cleared = deleted
      .filter((row) => row.resetAt > new Date() && row.hits > 0)
      .map((row) => ({ kind: kinds.get(row.key)!, failures: row.hits, until: row.resetAt }));
    if (cleared.length > 0) {
      await recordAudit(tx, null, {
        action: 'auth.unlock',
        targetUserId: user?.id ?? null,
        targetId: user?.id ?? null,
        before: {
          email: email.toLowerCase(),
          failures: Object.fromEntries(cleared.map((c) => [c.kind, c.failures])),
        },
        after: { failures: 0 },
      });
    }
    return cleared;
  });
}

/** Re-seals the two-factor secrets (auth/two-factor.ts `rekey`) and audits the counts. */
export async function rekeyTwoFactor(db: Db, twoFactor: TwoFactor): Promise<RekeyCounts> {
  const counts = await twoFactor.rekey();
  await db.transaction((tx) =>
    recordAudit(tx, null, {
      action: 'two_factor.rekey',
      before: { rows: counts.total },
      after: {
        resealed: counts.resealed,
        current: counts.current,
        changed: counts.changed,
        unreadable: counts.unreadable.length,
      },
    }),
  );
  return counts;
}
