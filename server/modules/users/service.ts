/**
 * Users (seed §2.8 admin users list, §3 "User", §7 "User"): the signed-in user with account figures,
 * and the admin's list, lookup by id and lookup by e-mail. Figures come from the ledger
 * (`getClientFigures`), never from columns an admin types (DESIGN.md §5).
 */
import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UsersQuery, UserWithFigures } from '@common/schemas/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { centsToUsd } from '../../lib/money';
import { getClientFigures } from '../ledger/service';
import { presentUser, type UserRow } from './presenter';

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.email, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  );
}

export function createUsersService(db: Db) {
  /** One user by id. Throws AppError NOT_FOUND. */
  async function findUser(id: string): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return row;
  }

  return {
    findUser,

    /** One user by e-mail (case-insensitive). Throws AppError NOT_FOUND. */
    async findUserByEmail(email: string): Promise<UserRow> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'User not found');
      return row;
    },

    /** One page of users matching `search` in name or e-mail, newest first, with the total. */
    async listUsers(q: UsersQuery): Promise<{ rows: UserRow[]; total: number }> {
      const where = searchWhere(q.search);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    /** `presentUser(row)` with the ledger figures (USD) and who referred the user. */
    async presentWithFigures(row: UserRow): Promise<UserWithFigures> {
      const [figures, referrer] = await Promise.all([
        getClientFigures(db, row.id),
        row.referredBy
          ? db
              .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
              .from(users)
              .where(eq(users.id, row.referredBy))
              .limit(1)
          : Promise.resolve([]),
      ]);
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
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
