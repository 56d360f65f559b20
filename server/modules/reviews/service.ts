/**
 * The admin review queue: pending deposits and pending, not deleted withdrawals of every client, in
 * one list, oldest first. Reviewing a request (approve / reject) stays with its own room
 * (server/modules/deposits, server/modules/withdrawals); the rule they share, "only a pending request
 * can be reviewed", is only-pending.ts. Amounts are cents.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { PendingReviewsQuery } from '@common/schemas/transactions';
import { deposits, users, withdrawals } from '../../db/schema';
import type { DateRange } from '@common/schemas/date-range';
import {
  createdWithin,
  hasDateRange,
  listCount,
  readPage,
  sortedBy,
  type PageWindow,
  type SortKey,
} from '../../lib/paging';
import type { ServiceDeps } from '../../lib/service-deps';
import { identityColumns, isNewDestination, type DestinationColumns } from './destination-facts';

/** One request waiting for review, with its client. */
export interface PendingReviewRow {
  id: string;
  kind: 'deposit' | 'crypto-withdrawal' | 'bank-withdrawal';
  userId: string;
  amount: bigint;
  method: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  /** The client is blocked (their withdrawals cannot be approved). */
  userBlocked: boolean;
  /** The client's verification status and level number (destination-facts.ts `identityColumns`). */
  identityStatus: string;
  identityLevel: number;
  /** A withdrawal's destination (null for a deposit). */
  destination: DestinationColumns;
  /** The withdrawal's destination is new for the client (null for a deposit). */
  newDestination: boolean | null;
}

/** What a client's review pages show beside the requests (`clientFacts`). */
export interface ClientFactsRow {
  identityStatus: string;
  identityLevel: number;
  withdrawals: Array<{ id: string; destination: DestinationColumns; newDestination: boolean }>;
}

/** The most withdrawals a client's facts cover: both of the client pages' lists (500 each). */
const CLIENT_WITHDRAWALS = 1000;

/** A queue row as read: the destination's columns flat. */
type ReadRow = Omit<PendingReviewRow, 'destination'> &
  Omit<DestinationColumns, 'method'> & { withdrawalMethod: string | null };

/**
 * Pending deposits (sent on the UTC days `from`–`to` when given): the condition of
 * `deposits_review_queue_idx` and a range on its first key.
 */
export const pendingDeposit = (range: DateRange) =>
  and(eq(deposits.status, 'pending'), createdWithin(deposits.createdAt, range));
// a withdrawal is deleted only once declined (a CHECK of the table), so a pending one is never deleted
export const pendingWithdrawal = (range: DateRange) =>
  and(eq(withdrawals.status, 'pending'), createdWithin(withdrawals.createdAt, range));
const depositOrder: SortKey[] = [
  [deposits.createdAt, 'asc'],
  [deposits.id, 'asc'],
];
/** The queue's order on a union of both kinds (its output columns). */
const queueOrder: SortKey[] = [
  [sql`${sql.identifier('created_at')}`, 'asc'],
  [sql`${sql.identifier('id')}`, 'asc'],
];
const withdrawalOrder: SortKey[] = [
  [withdrawals.createdAt, 'asc'],
  [withdrawals.id, 'asc'],
];

/** The client columns of a queue row (the request's owner, joined). */
const clientColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  userBlocked: users.banned,
  ...identityColumns(sql`${users}`),
};

/** A text column of a deposit's row where a withdrawal has its destination. */
const none = (alias: string) => sql<string | null>`null::text`.as(alias);

export function createReviewsService({ db }: ServiceDeps) {
  /**
   * The ids of the requests in `window` of the queue: each kind read from its own index
   * (`*_review_queue_idx`, the ids alone) up to the window's end, merged.
   */
  function windowIds(window: PageWindow, range: DateRange) {
    const take = window.offset + window.limit;
    const ids = unionAll(
      db
        .select({ id: deposits.id, createdAt: deposits.createdAt })
        .from(deposits)
        .where(pendingDeposit(range))
        .orderBy(...sortedBy(depositOrder, window.fromEnd))
        .limit(take),
      db
        .select({ id: withdrawals.id, createdAt: withdrawals.createdAt })
        .from(withdrawals)
        .where(pendingWithdrawal(range))
        .orderBy(...sortedBy(withdrawalOrder, window.fromEnd))
        .limit(take),
    )
      .orderBy(...sortedBy(queueOrder, window.fromEnd))
      .limit(window.limit)
      .offset(window.offset)
      .as('queue_page');
    return db.select({ id: ids.id }).from(ids);
  }

  /** The requests of `window` with their clients, in the order read (newest first from the end). */
  async function readWindow(window: PageWindow, range: DateRange) {
    const page = windowIds(window, range);
    const withdrawalKind = sql<PendingReviewRow['kind']>`case ${withdrawals.method}
      when 'bank' then 'bank-withdrawal' else 'crypto-withdrawal' end`.as('kind');
    const depositRows = db
      .select({
        id: deposits.id,
        kind: sql<PendingReviewRow['kind']>`'deposit'`.as('kind'),
        userId: deposits.userId,
        amount: deposits.amount,
        method: deposits.wallet,
        createdAt: deposits.createdAt,
        ...clientColumns,
        withdrawalMethod: none('d_method'),
        wallet: none('d_wallet'),
        address: none('d_address'),
        bankName: none('d_bank_name'),
        iban: none('d_iban'),
        accountNumber: none('d_account_number'),
        routing: none('d_routing'),
        swift: none('d_swift'),
        newDestination: sql<boolean | null>`null::boolean`.as('new_destination'),
      })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(and(pendingDeposit(range), inArray(deposits.id, page)));
    const withdrawalRows = db
      .select({
        id: withdrawals.id,
        kind: withdrawalKind,
        userId: withdrawals.userId,
        amount: withdrawals.amount,
        method: sql<string>`coalesce(${withdrawals.wallet}, 'bank')`.as('method'),
        createdAt: withdrawals.createdAt,
        ...clientColumns,
        withdrawalMethod: sql<string | null>`${withdrawals.method}`.as('d_method'),
        wallet: sql<string | null>`${withdrawals.wallet}`.as('d_wallet'),
        address: sql<string | null>`${withdrawals.address}`.as('d_address'),
        bankName: sql<string | null>`${withdrawals.bankName}`.as('d_bank_name'),
        iban: sql<string | null>`${withdrawals.iban}`.as('d_iban'),
        accountNumber: sql<string | null>`${withdrawals.accountNumber}`.as('d_account_number'),
        routing: sql<string | null>`${withdrawals.routing}`.as('d_routing'),
        swift: sql<string | null>`${withdrawals.swift}`.as('d_swift'),
        newDestination: isNewDestination(sql`${withdrawals}`).as('new_destination'),
      })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(and(pendingWithdrawal(range), inArray(withdrawals.id, page)));
    const rows = (await unionAll(depositRows, withdrawalRows).orderBy(
      ...sortedBy(queueOrder, window.fromEnd),
    )) as ReadRow[];
    return rows.map(
      ({ withdrawalMethod, wallet, address, bankName, iban, accountNumber, routing, swift, ...row }) => ({
        ...row,
        destination: {
          method: withdrawalMethod,
          wallet,
          address,
          bankName,
          iban,
          accountNumber,
          routing,
          swift,
        },
      }),
    );
  }

  /**
   * How many requests the queue holds: the kept count (`list_counts`) unfiltered, else a count of
   * each kind within the range (each a range scan of its queue index).
   */
  async function queueTotal(range: DateRange): Promise<number> {
    if (!hasDateRange(range)) return listCount(db, 'pending_reviews');
    const [[d], [w]] = await Promise.all([
      db.select({ n: count() }).from(deposits).where(pendingDeposit(range)),
      db.select({ n: count() }).from(withdrawals).where(pendingWithdrawal(range)),
    ]);
    return Number(d?.n ?? 0) + Number(w?.n ?? 0);
  }

  return {
    /**
     * What the review pages of client `userId` show beside their requests: their identity, and for
     * each of their withdrawals not deleted (newest first, at most `CLIENT_WITHDRAWALS`) its
     * destination and whether it is new for them; in one statement. Null for an unknown user.
     */
    async clientFacts(userId: string): Promise<ClientFactsRow | null> {
      const rows = await db
        .select({
          ...identityColumns(sql`${users}`),
          id: withdrawals.id,
          method: withdrawals.method,
          wallet: withdrawals.wallet,
          address: withdrawals.address,
          bankName: withdrawals.bankName,
          iban: withdrawals.iban,
          accountNumber: withdrawals.accountNumber,
          routing: withdrawals.routing,
          swift: withdrawals.swift,
          newDestination: isNewDestination(sql`${withdrawals}`),
        })
        .from(users)
        .leftJoin(withdrawals, and(eq(withdrawals.userId, users.id), isNull(withdrawals.deletedAt)))
        .where(eq(users.id, userId))
        .orderBy(desc(withdrawals.createdAt), asc(withdrawals.id))
        .limit(CLIENT_WITHDRAWALS);
      const [first] = rows;
      if (!first) return null;
      return {
        identityStatus: first.identityStatus,
        identityLevel: first.identityLevel,
        withdrawals: rows.flatMap(({ id, newDestination, identityStatus: _s, identityLevel: _l, ...d }) =>
          id ? [{ id, destination: d, newDestination }] : [],
        ),
      };
    },

    /**
     * One page of the admin review queue: pending deposits and withdrawals of every client, oldest
     * first (created_at, then id), sent on the UTC days `from`–`to` when given, and how many there
     * are (kept in `list_counts` when no range is given, else counted). A page past the
     * middle is read from the newest end (lib/paging.ts `pageWindow`), and only the page's rows are
     * joined with their clients, so a deep page reads ids from the indexes alone.
     */
    async listPendingReviews(q: PendingReviewsQuery): Promise<{ rows: PendingReviewRow[]; total: number }> {
      return readPage(
        q,
        () => queueTotal(q),
        (window) => readWindow(window, q),
      );
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
