/**
 * The audit log: every admin action that changes anything writes one row — who, what,
 * which client and row, before → after, time, IP — in the same transaction as the change, so the
 * log and the data can never disagree. Rows are append-only (trigger in migration `audit_guards`).
 *
 * Routes build an `AuditActor` from the request with `auditActor(req)` and pass it to the service,
 * which calls `recordAudit(tx, actor, event)` inside its transaction.
 */
import { is, SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';
import { AppError, type ErrorCode } from './errors';
import { StatementOfWork, type LazySql, type StatementSql } from './unit-of-work';

/** The admin acting and where from; `keyId` when they act through an API key (docs/integrations.md). */
export interface AuditActor {
  id: string;
  ip: string;
  keyId?: string | null;
}

/** One audited change. `before` / `after` are small JSON snapshots of the changed fields (USD amounts, not cents). */
export interface AuditEvent {
  /** Dotted verb, e.g. `deposit.approve`, `user.update`, `plan.clear`. */
  action: string;
  /** The client concerned, when there is one. */
  targetUserId?: string | null;
  /** The row acted on (its id), when there is one. */
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** The signed-in admin of `req` as an audit actor. Throws 401 when nobody is signed in. */
export function auditActor(req: FastifyRequest): AuditActor {
  if (!req.auth) throw new AppError('not_signed_in');
  return { id: req.auth.user.id, ip: req.ip, keyId: req.auth.apiKey?.id ?? null };
}

/**
 * Appends one audit row inside `tx` (one statement: `auditInStatement`). BigInts in snapshots are
 * written as strings. `actor` is null for an action made on the command line (`npm run staff`),
 * where nobody is signed in: the row has no actor and no IP.
 */
export async function recordAudit(tx: Tx, actor: AuditActor | null, event: AuditEvent): Promise<void> {
  // the statement part below is the one audit insert; here it runs alone in the caller's transaction
  const stmt = new StatementOfWork('audit.record');
  auditInStatement(stmt, actor, event, always);
  stmt.output('audited', always);
  await stmt.run(tx, null);
}

/** The gate of an audit row written on its own. */
const always = () => sql`true`;

/** A snapshot as JSON text, BigInts as strings; null for `undefined`. */
function jsonText(value: unknown): string | null {
  return value === undefined
    ? null
    : JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * `recordAudit` as a part of a one-statement unit of work (lib/unit-of-work.ts): the same row,
 * inserted only when `gate` (an SQL condition over the statement's other parts, e.g.
 * `exists (select 1 from reviewed)`) holds. `before` / `after` may also be SQL jsonb expressions,
 * for snapshots only the statement knows (a balance it locked); given as SQL (built already), they
 * or the gate make the statement one built on every run, else its values are parameters.
 */
export function auditInStatement(
  stmt: StatementOfWork,
  actor: AuditActor | null,
  event: AuditEvent,
  gate: StatementSql,
): void {
  const snapshot = (value: unknown): LazySql => {
    if (is(value, SQL)) {
      const built = stmt.lazy(value);
      return () => sql`(${built()})`;
    }
    const p = stmt.param(jsonText(value));
    return () => sql`${p}::jsonb`;
  };
  const actorId = stmt.param(actor?.id ?? null);
  const actorKeyId = stmt.param(actor?.keyId ?? null);
  const action = stmt.param(event.action);
  const targetUserId = stmt.param(event.targetUserId ?? null);
  const targetId = stmt.param(event.targetId ?? null);
  const before = snapshot(event.before);
  const after = snapshot(event.after);
  const ip = stmt.param(actor?.ip ?? null);
  const when = stmt.lazy(gate);
  stmt.part(
    stmt.name('audit'),
    () =>
      sql`insert into ${auditLog} (actor_id, actor_key_id, action, target_user_id, target_id, before, after, ip)
      select ${actorId}::uuid, ${actorKeyId}::uuid, ${action}::text, ${targetUserId}::uuid,
        ${targetId}::text, ${before()}, ${after()}, ${ip}::text
      where ${when()}`,
  );
}

/**
 * Deletes one row (an admin's action) and writes its audit row in one transaction: `remove(tx)`
 * deletes and answers the deleted rows (drizzle's `.returning()`), `event(row)` describes the
 * change. Answers the deleted row. Throws AppError `notFound` (a 404 code of common/errors.ts) when
 * none was deleted.
 */
export async function auditedDelete<R>(
  db: Db,
  actor: AuditActor,
  notFound: ErrorCode,
  remove: (tx: Tx) => Promise<R[]>,
  event: (row: R) => AuditEvent,
): Promise<R> {
  return db.transaction(async (tx) => {
    const [row] = await remove(tx);
    if (!row) throw new AppError(notFound);
    await recordAudit(tx, actor, event(row));
    return row;
  });
}
