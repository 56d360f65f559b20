/**
 * A unit of work: one database transaction plus tasks to run once it has committed (e-mails,
 * removing a stored file) or once it has rolled back (recording a wrong confirmation code, which
 * must count even though the request fails). Money-moving service functions take an optional `UnitOfWork` so a caller
 * (the idempotency layer) can run them inside its own transaction; without one they open their own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';

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
