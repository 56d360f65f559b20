/**
 * Users: the signed-in user with account figures, and the admin's list (and its CSV export), lookup
 * by id and lookup by e-mail. Figures come from the ledger (`getClientFigures`), never from columns
 * an admin types. Deleted users (`deleted_at` set) are left out of every lookup. The admin's edits,
 * block / unblock and overview live in admin-service.ts and are part of this service; erasing a
 * client is client-eraser.ts, the KYC review server/modules/kyc, adjustments
 * server/modules/ledger/adjustments.ts.
 */
import type { Readable } from 'node:stream';
import { and, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { UserSort, UsersExportQuery, UsersQuery, UserWithFigures } from '@common/schemas/users';
import type { Db } from '../../db/client';
import { plans, users } from '../../db/schema';
import { csvStream } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { pageOrCursorOf } from '../../lib/cursor';
import { containsPattern, createdWithin, hasDateRange, sortedBy, type SortKey } from '../../lib/paging';
import { centsToUsd } from '../../lib/money';
import { preparedPerHandle } from '../../lib/prepared';
import type { ServiceDeps } from '../../lib/service-deps';
import { clientFiguresJson, getClientFigures, readClientFigures } from '../ledger/service';
import { currentActivePlan, presentIfCurrent } from '../plans/service';
import { createUserAdminService } from './admin-service';
import type { UserRow } from '../../db/rows';
import { presentUser } from '../../lib/user-presenter';

/**
 * First name, last name and e-mail as one text ("first last", a line break, the e-mail): the
 * expression of the trigram index `users_search_trgm_idx` (migration users_list_indexes), which a
 * search must repeat exactly for PostgreSQL to use it. A search (one line) matches it where it
 * matches the first name, the last name, the full name or the e-mail.
 */
const searchText = sql`(${users.firstName} || ' ' || ${users.lastName} || E'\\n' || ${users.email})`;

/**
 * Live (not deleted) users matching `search` in first name, last name, full name or e-mail: the
 * condition of the admin users list and its export (exported for the index test).
 */
export function searchWhere(search: string | undefined): SQL | undefined {
  const live = isNull(users.deletedAt);
  return search ? and(live, ilike(searchText, containsPattern(search))) : live;
}

/**
 * The users list's condition: live clients (staff are listed on /api/staff: docs/security.md
 * "Separation of duties") matching `search`, in the identity verification state
 * `verification` when given (read from `users_verification_idx`), joined on the UTC days `from`–`to`
 * (a range on `created_at`, the first key of `users_live_created_idx` and the second of
 * `users_verification_idx` after its equality).
 */
export function listWhere(q: Omit<UsersExportQuery, 'sort'>): SQL | undefined {
  return and(
    searchWhere(q.search),
    eq(users.role, 'client'),
    q.verification ? eq(users.verificationStatus, q.verification) : undefined,
    createdWithin(users.createdAt, q),
  );
}

/**
 * The users list's orders (`sort`), each ending with the id so the order is total, each in one
 * direction so a cursor can follow it; each read from an index of live clients (users_live_*_idx).
 */
const USER_ORDERS: Record<UserSort, readonly SortKey[]> = {
  newest: [
    [users.createdAt, 'desc'],
    [users.id, 'desc'],
  ],
  oldest: [
    [users.createdAt, 'asc'],
    [users.id, 'asc'],
  ],
  name: [
    [users.lastName, 'asc'],
    [users.firstName, 'asc'],
    [users.id, 'asc'],
  ],
  email: [
    [users.email, 'asc'],
    [users.id, 'asc'],
  ],
};

/** A user as the CSV export reads it (raw columns). */
interface UserExportRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  role: string;
  verification_status: string;
  banned: boolean | null;
  account_plan: string;
  created_at: Date | string;
}

const USERS_CSV_HEAD = [
  'No',
  'First name',
  'Last name',
  'E-mail',
  'Phone',
  'Country',
  'Role',
  'Verification',
  'Blocked',
  'Account plan',
  'Date joined',
  'ID',
];

/**
 * GET /user/me's reads in one round trip (docs/performance.md "GET /user/me in one statement"):
 * the user's active plan (null without one) and their ledger figures (`clientFiguresJson`).
 */
const planAndFiguresQuery = preparedPerHandle((db: Db) =>
  db
    .select({ plan: plans, figures: clientFiguresJson(sql.placeholder('userId')) })
    .from(users)
    .leftJoin(plans, and(eq(plans.userId, users.id), eq(plans.status, 'active')))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_plan_figures'),
);

export function createUsersService(deps: ServiceDeps) {
  const { db } = deps;

  /** One live user by id. Throws AppError NOT_FOUND (also for a deleted user). */
  async function findUser(id: string): Promise<UserRow> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    if (!row) throw new AppError('user_not_found');
    return row;
  }

  return {
    ...createUserAdminService(deps),

    findUser,

    /** One live user by e-mail (case-insensitive). Throws AppError NOT_FOUND. */
    async findUserByEmail(email: string): Promise<UserRow> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), isNull(users.deletedAt)))
        .limit(1);
      if (!row) throw new AppError('user_not_found');
      return row;
    },

    /**
     * One page of live clients matching `search` in name or e-mail, in the `verification` state and
     * joined on the days `from`–`to` when given, in the order `sort` names, with the total; a page by
     * number, or by cursor with `cursor`/`limit` (lib/cursor.ts). Throws 400 `invalid_cursor`.
     */
    async listUsers(q: UsersQuery): Promise<{ rows: UserRow[]; total: number; nextCursor?: string | null }> {
      // unfiltered, the list is every live client: its total is kept (list_counts)
      const counted = q.search || q.verification || hasDateRange(q) ? undefined : 'live_users';
      return pageOrCursorOf(db, users, listWhere(q), USER_ORDERS[q.sort], q, counted);
    },

    /**
     * The users list matching `search`, `verification` and the joined days `from`–`to` (as GET
     * /user/admin pages it, newest first), every match (no cap), as a CSV stream with formula-safe cells (server/lib/csv.ts), read from a cursor a batch at
     * a time on PostgreSQL (db/client.ts `streamRows`).
     */
    exportUsersCsv(q: UsersExportQuery): Promise<Readable> {
      const rows = deps.streamRows<UserExportRow>(
        sql`select ${users.id} as id, ${users.firstName} as first_name, ${users.lastName} as last_name,
          ${users.email} as email, ${users.phone} as phone, ${users.country} as country, ${users.role} as role,
          ${users.verificationStatus} as verification_status, ${users.banned} as banned,
          ${users.accountPlan} as account_plan, ${users.createdAt} as created_at
          from ${users} where ${listWhere(q)}
          order by ${sql.join(sortedBy(USER_ORDERS[q.sort]), sql`, `)}`,
      );
      return csvStream(USERS_CSV_HEAD, rows, (u, i) => [
        String(i + 1),
        u.first_name,
        u.last_name,
        u.email,
        u.phone,
        u.country,
        u.role,
        u.verification_status,
        u.banned ? 'yes' : 'no',
        u.account_plan,
        new Date(u.created_at).toISOString(),
        u.id,
      ]);
    },

    /**
     * `presentUser(row)` with the ledger figures (USD), who referred the user and their active plan
     * (or null). The plan and the figures come in one statement; a plan whose end date has passed
     * is completed first, and the figures read again, so its capital shows as available. `staff`:
     * the answer is the back office's, which also names who decided the identity documents.
     */
    async presentWithFigures(row: UserRow, { staff = false } = {}): Promise<UserWithFigures> {
      const named = (id: string | null) =>
        id
          ? db
              .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
              .from(users)
              .where(eq(users.id, id))
              .limit(1)
          : Promise.resolve([]);
      const [[read], referrer, decider] = await Promise.all([
        planAndFiguresQuery(db).execute({ userId: row.id }),
        named(row.referredBy),
        named(staff ? row.verificationDecidedBy : null),
      ]);
      let activePlan = read ? presentIfCurrent(read.plan) : undefined;
      let figures = read && readClientFigures(read.figures);
      if (activePlan === undefined || !figures) {
        activePlan = await currentActivePlan(deps, row.id);
        figures = await getClientFigures(db, row.id);
      }
      const user = presentUser(row);
      return {
        ...user,
        account: {
          ...user.account,
          balance: centsToUsd(figures.balance),
          totalProfit: centsToUsd(figures.totalProfit),
          totalDeposit: centsToUsd(figures.totalDeposit),
          referralBonus: centsToUsd(figures.referralBonus),
          invested: centsToUsd(figures.invested),
          held: centsToUsd(figures.held),
        },
        referredBy: referrer[0] ?? null,
        verificationDecidedBy: decider[0] ?? null,
        activePlan,
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
