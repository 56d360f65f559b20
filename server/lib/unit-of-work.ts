/**
 * A unit of work: one database transaction plus tasks to run once it has committed (e-mails,
 * removing a stored file) or once it has rolled back (recording a wrong confirmation code, which
 * must count even though the request fails). Money-moving service functions take an optional `UnitOfWork` so a caller
 * (four-eyes, `keyedTransaction` in lib/idempotency.ts) can run them inside its own transaction;
 * without one they open their own.
 * A `StatementOfWork` is the same promise in one statement (no BEGIN/COMMIT): see below.
 */
import { fillPlaceholders, is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { queryText, type Db, type DbOrTx, type Tx } from '../db/client';

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

/** SQL built only when it is needed: when a statement's text is not known yet for its shape. */
export type LazySql = () => SQL;
/** SQL a part of a statement is given (a gate, a snapshot): built already, or lazily. */
export type StatementSql = SQL | LazySql;
/** A part's name as an identifier, for later parts to read (`select id from ${part}`). */
export type PartName = ReturnType<typeof sql.identifier>;

const dialect = new PgDialect();
/** The placeholder of a statement's `n`th value, made once. */
const slots: Placeholder[] = [];
const slot = (n: number): Placeholder => (slots[n] ??= sql.placeholder(String(n)));

/** A statement's text for one shape: the text and, for each `$k`, the index of its value. */
interface Built {
  text: string;
  slots: number[];
  values: number;
}
/** Texts by shape (per process, for every database: a text depends on its shape only). */
const builtTexts = new Map<string, Built>();
/** Shapes remembered at most (far more than the code has); past it the map starts again. */
const MAX_SHAPES = 1_000;
/** Under the tests every statement is built again and checked against its shape's text. */
const CHECK_SHAPES = process.env.VITEST !== undefined || process.env.NODE_ENV === 'test';

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
 *
 * **Built once per shape** (docs/performance.md "The API's CPU"). A statement made with a `shape`
 * (a string naming everything that changes its text: which parts, how many entries, which gate
 * each builder is given) whose parts are all lazy (`part`, `output` with a function, builders given
 * `LazySql` gates) has its text built on the first run of that shape only; later runs only gather
 * their values (`param`) and send the remembered text. Every value goes through `param` (a value
 * written into lazy SQL would be remembered with the text: building refuses it), and `param` is
 * called while adding parts, never inside a lazy builder. The parts' names, materialization and
 * builder tokens join the shape by themselves. A statement without a shape, or given any SQL built
 * already (`with`, an SQL gate or output), is built on every run, as before. Under the tests every
 * run builds its text anyway and throws when it differs from the one remembered for its shape.
 */
export class StatementOfWork {
  private readonly parts: LazySql[] = [];
  private readonly outputs: LazySql[] = [];
  private readonly values: unknown[] = [];
  private readonly tasks: Array<(out: StatementOutput) => unknown> = [];
  private readonly taken = new Map<string, number>();
  /** The key of the statement's text; null once anything was given built (then built every run). */
  private shape: string | null;
  private building = false;

  /** `shape`: see the class; without one the statement is built on every run. */
  constructor(shape?: string) {
    this.shape = shape ?? null;
  }

  /** A name for a new part, `prefix` (lower-case letters and `_`) with a number when reused. */
  name(prefix: string): string {
    if (!/^[a-z_]+$/.test(prefix)) throw new Error(`bad part name ${prefix}`);
    const n = (this.taken.get(prefix) ?? 0) + 1;
    this.taken.set(prefix, n);
    return n === 1 ? prefix : `${prefix}_${n}`;
  }

  /** `value` as a parameter of the statement (sent as is: a string, a number, null). */
  param(value: unknown): Placeholder {
    if (this.building) throw new Error('a statement value added while building its text');
    return slot(this.values.push(value) - 1);
  }

  /** `piece` as lazy SQL; SQL built already makes the statement one that is built on every run. */
  lazy(piece: StatementSql): LazySql {
    if (typeof piece === 'function') return piece;
    this.shape = null;
    return () => piece;
  }

  /**
   * Adds the part `name AS [MATERIALIZED] (body)` after the ones added before, its body built
   * when the text is (see the class); `shape` names whatever else changes the body's text (e.g.
   * how many rows it inserts). Answers the name as an identifier for later parts to read.
   */
  part(name: string, body: LazySql, { materialized = false, shape = '' } = {}): PartName {
    if (this.shape !== null) this.shape += `;${name}${materialized ? '*' : ''}:${shape}`;
    const id = sql.identifier(name);
    this.parts.push(() => sql`${id} as ${materialized ? sql`materialized ` : sql``}(${body()})`);
    return id;
  }

  /**
   * Adds the part `name AS [MATERIALIZED] (body)`, `body` built already (the statement is then
   * built on every run); answers the name as an identifier for later parts to read.
   */
  with(name: string, body: SQL, { materialized = false } = {}): SQL {
    this.shape = null;
    return sql`${this.part(name, () => body, { materialized })}`;
  }

  /** Adds `expr AS alias` to the final SELECT; `run` answers it under `alias` (a plain lower-case name). */
  output(alias: string, expr: StatementSql): void {
    const build = this.lazy(expr);
    if (this.shape !== null) this.shape += `=${alias}`;
    this.outputs.push(() => sql`${build()} as ${sql.identifier(alias)}`);
  }

  /** Queues a task to run once the statement has committed, with the final SELECT's row. */
  afterCommit(task: (out: StatementOutput) => unknown): void {
    this.tasks.push(task);
  }

  /** The whole statement (for tests and EXPLAIN); its values are placeholders named by `param`. */
  toSql(): SQL {
    if (this.parts.length === 0 || this.outputs.length === 0) throw new Error('an empty statement of work');
    this.building = true;
    try {
      return sql`with ${sql.join(
        this.parts.map((p) => p()),
        sql`, `,
      )} select ${sql.join(
        this.outputs.map((o) => o()),
        sql`, `,
      )}`;
    } finally {
      this.building = false;
    }
  }

  /** The text to send and its parameters: the shape's text when known, else built now. */
  query(): { text: string; params: unknown[] } {
    if (this.shape === null) {
      const q = dialect.sqlToQuery(this.toSql());
      // the values by their placeholders' names: '0', '1', … index the array
      return {
        text: q.sql,
        params: fillPlaceholders(q.params, this.values as unknown as Record<string, unknown>),
      };
    }
    let built = builtTexts.get(this.shape);
    if (!built || CHECK_SHAPES) {
      const q = dialect.sqlToQuery(this.toSql());
      const fresh: Built = {
        text: q.sql,
        slots: q.params.map((p) => {
          if (!is(p, Placeholder))
            throw new Error(`a value written into the text of statement shape ${this.shape}`);
          return Number(p.name);
        }),
        values: this.values.length,
      };
      if (built && (built.text !== fresh.text || built.slots.join() !== fresh.slots.join()))
        throw new Error(`statement shape ${this.shape} built two different texts`);
      if (!built) {
        if (builtTexts.size >= MAX_SHAPES) builtTexts.clear();
        builtTexts.set(this.shape, (built = fresh));
      }
    }
    if (built.values !== this.values.length)
      throw new Error(
        `statement shape ${this.shape} was given ${this.values.length} values, not ${built.values}`,
      );
    return { text: built.text, params: built.slots.map((n) => this.values[n]) };
  }

  /**
   * Sends the statement (a named prepared statement, as every query with parameters:
   * db/client.ts). Without `uow` it commits on its own and the after-commit tasks run before
   * this answers (a failing task is logged, never thrown; thrown when `log` is null: a caller
   * inside a transaction it does not own, such as `postEntries`); inside `uow` (`conn` is then `uow.tx`)
   * the tasks wait for that transaction's commit. Answers the final SELECT's row. Throws the
   * database's error when any part fails (nothing of the statement is then kept).
   */
  async run(conn: DbOrTx, log: FastifyBaseLogger | null, uow?: UnitOfWork): Promise<StatementOutput> {
    const { text, params } = this.query();
    const rows = await queryText<StatementOutput>(conn, text, params);
    const row = rows[0] ?? {};
    for (const task of this.tasks) {
      const runTask = async () => task(row);
      if (uow) uow.afterCommit(runTask);
      else if (!log) await runTask();
      else await runTask().catch((err: unknown) => log.error({ err }, 'statement follow-up task failed'));
    }
    return row;
  }
}
