/**
 * Reading the audit log: pages of rows, newest first, with the acting admin's and the
 * target client's e-mail, name and role, and the people the snapshots name by id (maker, checker), filtered by admin, client, action and UTC days `from`–`to` (a
 * range on `created_at`, the last key of each of the log's indexes); and the values the filters
 * offer. Writing happens only through `recordAudit` (server/lib/audit.ts) inside the change's own
 * transaction; the table refuses UPDATE and DELETE (migration `audit_guards`), and nothing here
 * offers either.
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Readable } from 'node:stream';
import {
  AUDIT_PERSON_KEYS,
  type AuditExportQuery,
  type AuditFilters,
  type AuditQuery,
} from '@common/schemas/audit';
import { apiKeys, auditLog, users } from '../../db/schema';
import { csvStream } from '../../lib/csv';
import { decodeCursor, olderThan, readCursorPage } from '../../lib/cursor';
import type { ServiceDeps } from '../../lib/service-deps';
import {
  containsPattern,
  createdWithin,
  hasDateRange,
  listCount,
  readPage,
  sortedBy,
  type PageWindow,
  type SortKey,
} from '../../lib/paging';

const actor = alias(users, 'actor');
const target = alias(users, 'target');
const person = (u: typeof actor | typeof target | typeof users) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
});

/** A person an audit row names: its actor, its target or one its snapshots hold an id of. */
export interface AuditRowPerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** The user ids `snapshot` holds under the person keys (`AUDIT_PERSON_KEYS`, common/schemas/audit.ts). */
function personIds(snapshot: unknown): string[] {
  if (!snapshot || typeof snapshot !== 'object' || Array.isArray(snapshot)) return [];
  const record = snapshot as Record<string, unknown>;
  return AUDIT_PERSON_KEYS.map((k) => record[k]).filter(
    (v): v is string => typeof v === 'string' && z.uuid().safeParse(v).success,
  );
}

/** The list's order: newest first (id breaks ties). */
const AUDIT_ORDER: SortKey[] = [
  [auditLog.createdAt, 'desc'],
  [auditLog.id, 'desc'],
];

function auditWhere(q: Partial<AuditQuery>): SQL | undefined {
  const client = q.client ? containsPattern(q.client) : undefined;
  return and(
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.targetUserId ? eq(auditLog.targetUserId, q.targetUserId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    createdWithin(auditLog.createdAt, q),
    client
      ? or(ilike(target.email, client), ilike(sql`${target.firstName} || ' ' || ${target.lastName}`, client))
      : undefined,
  );
}

/** An audit row joined with its actor and target (the target is null when the action has none). */
export interface AuditRow {
  id: string;
  action: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  createdAt: Date;
  /** Null for an action made on the command line (`npm run staff`). */
  actor: AuditRowPerson | null;
  /** The API key the actor acted through (docs/integrations.md "API keys"), else null. */
  apiKey: { id: string; name: string; prefix: string } | null;
  target: AuditRowPerson | null;
  /** The people whose ids the snapshots hold (a user erased from the table is left out). */
  people: AuditRowPerson[];
}

/** One row of the audit export, as the query names its columns. */
interface AuditExportRow {
  id: string;
  created_at: string | Date;
  action: string;
  actor_email: string | null;
  actor_name: string | null;
  key_name: string | null;
  key_prefix: string | null;
  client_email: string | null;
  client_name: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

const AUDIT_CSV_HEAD = [
  'Time (UTC)',
  'Action',
  'Staff e-mail',
  'Staff name',
  'API key',
  'Client e-mail',
  'Client name',
  'Row',
  'Before',
  'After',
  'IP',
  'Id',
];

/** A snapshot as one cell: its JSON, or empty. */
const snapshotText = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

export function createAuditService({ db, streamRows }: ServiceDeps) {
  return {
    /**
     * Every audit row matching the filters as CSV (lib/csv.ts: formula-safe, streamed a batch at a
     * time), newest first: time, action, the staff member (or "command line") and the API key they
     * acted through, the client, the row, the snapshots as JSON, the address and the row's id.
     */
    exportAuditCsv(q: AuditExportQuery): Promise<Readable> {
      const rows = streamRows<AuditExportRow>(
        sql`select ${auditLog.id} as id, ${auditLog.createdAt} as created_at, ${auditLog.action} as action,
          ${actor.email} as actor_email, ${actor.firstName} || ' ' || ${actor.lastName} as actor_name,
          ${apiKeys.name} as key_name, ${apiKeys.prefix} as key_prefix,
          ${target.email} as client_email, ${target.firstName} || ' ' || ${target.lastName} as client_name,
          ${auditLog.targetId} as target_id, ${auditLog.before} as before, ${auditLog.after} as after,
          ${auditLog.ip} as ip
          from ${auditLog}
          -- the joins name the aliases the filters' columns use (\`actor\`, \`target\` above)
          left join ${users} as "actor" on ${actor.id} = ${auditLog.actorId}
          left join ${apiKeys} on ${apiKeys.id} = ${auditLog.actorKeyId}
          left join ${users} as "target" on ${target.id} = ${auditLog.targetUserId}
          where ${auditWhere(q) ?? sql`true`}
          order by ${auditLog.createdAt} desc, ${auditLog.id} desc`,
      );
      return csvStream(AUDIT_CSV_HEAD, rows, (r) => [
        new Date(r.created_at).toISOString(),
        r.action,
        r.actor_email ?? 'command line',
        r.actor_name ?? '',
        r.key_name ? `${r.key_name} (${r.key_prefix}…)` : '',
        r.client_email ?? '',
        r.client_name ?? '',
        r.target_id ?? '',
        snapshotText(r.before),
        snapshotText(r.after),
        r.ip ?? '',
        r.id,
      ]);
    },

    /**
     * One page of audit rows matching the filters, newest first, and how many match in all (kept in
     * `list_counts` when nothing filters). The page's ids are read first (from `audit_log_order_idx`
     * alone when nothing filters), from the nearer end (lib/paging.ts), then joined with their
     * actor and target.
     */
    async listAudit(q: AuditQuery): Promise<{ rows: AuditRow[]; total: number; nextCursor?: string | null }> {
      const where = auditWhere(q);
      const filtered = Boolean(q.actorId || q.targetUserId || q.action || q.client || hasDateRange(q));
      const total = async () => {
        if (!filtered) return listCount(db, 'audit_log');
        const [row] = await db
          .select({ n: count() })
          .from(auditLog)
          .leftJoin(target, eq(target.id, auditLog.targetUserId))
          .where(where);
        return Number(row?.n ?? 0);
      };
      const read = async (window: PageWindow, after?: SQL): Promise<AuditRow[]> => {
        const ids = db
          .select({ id: auditLog.id })
          .from(auditLog)
          .leftJoin(target, eq(target.id, auditLog.targetUserId))
          .where(and(where, after))
          .orderBy(...sortedBy(AUDIT_ORDER, window.fromEnd))
          .limit(window.limit)
          .offset(window.offset);
        const rows = await db
          .select({
            id: auditLog.id,
            action: auditLog.action,
            targetId: auditLog.targetId,
            before: auditLog.before,
            after: auditLog.after,
            ip: auditLog.ip,
            createdAt: auditLog.createdAt,
            actor: person(actor),
            apiKey: { id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix },
            target: person(target),
          })
          .from(auditLog)
          .leftJoin(actor, eq(actor.id, auditLog.actorId))
          .leftJoin(apiKeys, eq(apiKeys.id, auditLog.actorKeyId))
          .leftJoin(target, eq(target.id, auditLog.targetUserId))
          .where(inArray(auditLog.id, ids))
          .orderBy(...sortedBy(AUDIT_ORDER, window.fromEnd));
        const named = [...new Set(rows.flatMap((r) => [...personIds(r.before), ...personIds(r.after)]))];
        const found = named.length
          ? await db.select(person(users)).from(users).where(inArray(users.id, named))
          : [];
        const byId = new Map(found.map((p) => [p.id, p]));
        return rows.map((r) => ({
          ...r,
          actor: r.actor as AuditRow['actor'],
          target: r.target as AuditRow['target'],
          people: [...new Set([...personIds(r.before), ...personIds(r.after)])].flatMap((id) => {
            const p = byId.get(id);
            return p ? [p] : [];
          }),
        }));
      };
      if (q.cursor === undefined && q.limit === undefined) return readPage(q, total, (w) => read(w));
      // a cursor page (lib/cursor.ts): the rows after the cursor's, newest first
      const after = q.cursor
        ? olderThan(auditLog, auditLog.createdAt, auditLog.id, decodeCursor(q.cursor))
        : undefined;
      const [page, n] = await Promise.all([
        readCursorPage(q.limit ?? 100, (limit) => read({ offset: 0, limit, fromEnd: false }, after)),
        total(),
      ]);
      return { rows: page.rows, total: n, nextCursor: page.nextCursor };
    },

    /** The admins who have acted (by e-mail) and the actions recorded (alphabetical), for the filters. */
    async listFilters(): Promise<{
      admins: AuditRowPerson[];
      actions: AuditFilters['actions'];
    }> {
      const [admins, actions] = await Promise.all([
        db
          .selectDistinct(person(actor))
          .from(auditLog)
          .innerJoin(actor, eq(actor.id, auditLog.actorId))
          .orderBy(asc(actor.email))
          .limit(500),
        db
          .selectDistinct({ action: auditLog.action })
          .from(auditLog)
          .orderBy(asc(auditLog.action))
          .limit(500),
      ]);
      return { admins, actions: actions.map((a) => a.action) };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
