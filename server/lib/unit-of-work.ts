/**
 * A unit of work: one database transaction plus tasks to run once it has committed (e-mails,
 * removing a stored file) or once it has rolled back (recording a wrong confirmation code, which
 * must count even though the request fails). Money-moving service functions take an optional `UnitOfWork` so a caller
 * (the idempotency layer) can run them inside its own transaction; without one they open their own.
 * A `StatementOfWork` is the same promise in one statement (no BEGIN/COMMIT): see below.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db, type DbOrTx, type Tx } from '../db/client';

export interface UnitOfWork {
  tx: Tx;
  /** Queues a task to run after commit; never runs if the transaction rolls back. */
  afterCommit(task: () => Promise<unknown>): void;
  /** Queues a task to run after a rollback (on the root handle); never runs if it commits. */
  afterRollback(task: () => Promise<unknown>): void;
}

type Task = () => Promise<unknown>;

/**
 * Runs `work` in one transaction, then the after-commit tasks (or, when it throws, the
 * after-rollback tasks before rethrowing). A failing task is logged and never changes the outcome.
 */
export async function inTransaction<T>(
  db: Db,
  log: FastifyBaseLogger,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  const onCommit: Task[] = [];
  const onRollback: Task[] = [];
  const run = async (tasks: Task[]) => {
    for (const task of tasks)
      await task().catch((err: unknown) => log.error({ err }, 'transaction follow-up task failed'));
  };
  let result: T;
  try {
    result = await db.transaction((tx) =>
      work({
        tx,
        afterCommit: (task) => onCommit.push(task),
        afterRollback: (task) => onRollback.push(task),
      }),
    );
  } catch (e) {
    await run(onRollback);
    throw e;
  }
  await run(onCommit);
  return result;
}

/** Runs `work` in the given unit of work, or in a new transaction when there is none. */
export function withUnitOfWork<T>(
  db: Db,
  log: FastifyBaseLogger,
  uow: UnitOfWork | undefined,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  return uow ? work(uow) : inTransaction(db, log, work);
}

/** The row the final SELECT of a `StatementOfWork` answers: each `output` by its alias. */
export type StatementOutput = Record<string, unknown>;

/**
 * A unit of work that is ONE data-modifying statement, `WITH a AS (…), b AS (…) SELECT …`: outside
 * a transaction it is its own implicit transaction, so the whole change reaches the database in one
 * round trip, with no BEGIN or COMMIT (docs/performance.md "Money in two round trips").
 *
 * Builders kept next to each table's owner add their parts: the guarded UPDATE that decides
 * (deposits), a posting (`postInStatement`, ledger/statement.ts), the audit row
 * (`auditInStatement`, lib/audit.ts), notices and their mails (notifications, lib/mail.ts). Each
 * insert is gated on an SQL condition, usually "the guarded UPDATE returned its row", so a change
 * someone else decided first inserts nothing. What to keep in mind when writing a part: all parts
 * see one snapshot (taken when the statement starts) and see each other's rows only through
 * RETURNING; row triggers and foreign keys fire at the end of the statement and deferred
 * constraint triggers at its commit, as they would in a transaction; the order in which parts run
 * is not defined, except that a part runs before any part that reads it.
 */
export class StatementOfWork {
  private readonly parts: SQL[] = [];
  private readonly outputs: SQL[] = [];
  private readonly tasks: Array<(out: StatementOutput) => unknown> = [];
  private readonly taken = new Map<string, number>();

  /** A name for a new part, `prefix` (lower-case letters and `_`) with a number when reused. */
  name(prefix: string): string {
    if (!/^[a-z_]+$/.test(prefix)) throw new Error(`bad part name ${prefix}`);
    const n = (this.taken.get(prefix) ?? 0) + 1;
    this.taken.set(prefix, n);
    return n === 1 ? prefix : `${prefix}_${n}`;
  }

  /**
   * Adds the part `name AS [MATERIALIZED] (body)` after the ones added before; answers the name as
   * an identifier for later parts to read (`select id from ${part}`).
   */
  with(name: string, body: SQL, { materialized = false } = {}): SQL {
    const id = sql.identifier(name);
    this.parts.push(sql`${id} as ${materialized ? sql`materialized ` : sql``}(${body})`);
    return sql`${id}`;
  }

  /** Adds `expr AS alias` to the final SELECT; `run` answers it under `alias` (a plain lower-case name). */
  output(alias: string, expr: SQL): void {
    this.outputs.push(sql`${expr} as ${sql.identifier(alias)}`);
  }

  /** Queues a task to run once the statement has committed, with the final SELECT's row. */
  afterCommit(task: (out: StatementOutput) => unknown): void {
    this.tasks.push(task);
  }

  /** The whole statement (for tests and EXPLAIN). */
  toSql(): SQL {
    if (this.parts.length === 0 || this.outputs.length === 0) throw new Error('an empty statement of work');
    return sql`with ${sql.join(this.parts, sql`, `)} select ${sql.join(this.outputs, sql`, `)}`;
  }

  /**
   * Sends the statement. Without `uow` it commits on its own and the after-commit tasks run before
   * this answers (a failing task is logged, never thrown); inside `uow` (`conn` is then `uow.tx`)
   * the tasks wait for that transaction's commit. Answers the final SELECT's row. Throws the
   * database's error when any part fails (nothing of the statement is then kept).
   */
  async run(conn: DbOrTx, log: FastifyBaseLogger, uow?: UnitOfWork): Promise<StatementOutput> {
    const [out] = await queryRows<StatementOutput>(conn, this.toSql());
    const row = out ?? {};
    for (const task of this.tasks) {
      const runTask = async () => task(row);
      if (uow) uow.afterCommit(runTask);
      else await runTask().catch((err: unknown) => log.error({ err }, 'statement follow-up task failed'));
    }
    return row;
  }
}
