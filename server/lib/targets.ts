/**
 * Whom a staff route may act on (docs/security.md "Separation of duties"). Every staff route that
 * names a person, in its URL or its payload, declares the kind of person it may target in
 * `config.target`: `{ kind: 'client', named: 'deposit' }` reads "acts on the client who owns the
 * deposit :id". The staff scope (server/app.ts) resolves the declaration for every request in one
 * place, `targetGuard`, and answers 404 when the person named is of another kind: a staff member
 * is never the target of a client route (not even the actor themselves), a client never the target
 * of a staff-management route. A route whose URL names something (`/:id`) must declare a target,
 * `'none'` when that thing belongs to no person (a contact-form message, an outbox mail), or the
 * app refuses to start (`assertTargetDeclared`).
 *
 * The guard runs before validation (`preValidation`), on the raw values: only a well-formed id (or
 * e-mail) is looked up, and anything else goes on to validation's 400. A name that matches no row
 * goes on too, so the route answers its own 404.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { isStaffRole } from '@common/permissions';
import { queryRows, type Db } from '../db/client';
import { AppError } from './errors';

/** The kinds of person a staff route may target: clients, or staff members (through /api/staff only). */
export const TARGET_KINDS = ['client', 'staff'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** Where a request names the person: a part of the request, the field, and the person's role. */
interface TargetSource {
  from: 'params' | 'body' | 'query';
  /** The field(s) read, first present wins. */
  fields: readonly string[];
  /** The role of the person the value names (one row, column `role`), or no row. */
  role: (value: string, field: string) => SQL;
}

const userRole = (value: string, field: string) =>
  field === 'email'
    ? sql`select role from users where lower(email) = lower(${value}) limit 1`
    : sql`select role from users where id = ${value}::uuid`;
/** The role of the user in `column` of the row `value` of `table`. */
const ownerRole = (table: string, column: string) => (value: string) =>
  sql`select u.role from ${sql.identifier(table)} o join users u on u.id = o.${sql.identifier(column)}
    where o.id = ${value}::uuid`;

/** Each way a route names a person (`config.target.named`). */
export const TARGET_SOURCES = {
  /** `:id` is the user. */
  user: { from: 'params', fields: ['id'], role: userRole },
  /** `:email` is the user's e-mail address. */
  userEmail: { from: 'params', fields: ['email'], role: userRole },
  /** `:id` is a deposit; the person is its owner. */
  deposit: { from: 'params', fields: ['id'], role: ownerRole('deposits', 'user_id') },
  /** `:id` is a withdrawal; the person is its owner. */
  withdrawal: { from: 'params', fields: ['id'], role: ownerRole('withdrawals', 'user_id') },
  /** `:id` is a history line (a deposit's or an entry's id); the person is the client it shows to. */
  historyLine: { from: 'params', fields: ['id'], role: ownerRole('transaction_history', 'user_id') },
  /** `:id` is a trading activity; the person is its client. */
  activity: { from: 'params', fields: ['id'], role: ownerRole('trading_activities', 'user_id') },
  /** `:id` is a support ticket; the person is who opened it. */
  ticket: { from: 'params', fields: ['id'], role: ownerRole('support_tickets', 'user_id') },
  /** The body's `userId`. */
  bodyUser: { from: 'body', fields: ['userId'], role: userRole },
  /** The body's `userId`, or else its `email`. */
  bodyUserOrEmail: { from: 'body', fields: ['userId', 'email'], role: userRole },
  /** The query's `userId` (a list of one person's rows). */
  queryUser: { from: 'query', fields: ['userId'], role: userRole },
} as const satisfies Record<string, TargetSource>;
export type TargetSourceName = keyof typeof TARGET_SOURCES;

/** A route's declaration: the kind of person it may act on and where the request names them. */
export type TargetRule = { kind: TargetKind; named: TargetSourceName } | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whom a staff route may act on (server/lib/targets.ts); required when its URL names something. */
    target?: TargetRule;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

/** Whether a user with `role` is of `kind`. */
export function isOfKind(role: string | null | undefined, kind: TargetKind): boolean {
  return kind === 'staff' ? isStaffRole(role) : role === 'client';
}

/** The value naming the person in `req` under `source`, when it is well formed, with its field. */
function namedValue(req: FastifyRequest, source: TargetSource): { value: string; field: string } | null {
  const part = req[source.from] as Record<string, unknown> | null | undefined;
  if (!part || typeof part !== 'object') return null;
  for (const field of source.fields) {
    const value = part[field];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (field === 'email' ? EMAIL.test(trimmed) : UUID.test(trimmed)) return { value: trimmed, field };
  }
  return null;
}

/**
 * The staff scope's `preValidation` hook: when the route declares a target kind and the request
 * names a person of another kind, 404 (`MSG.notFound` on client routes, `STAFF_MSG.memberNotFound`
 * on staff-management routes), the answer an unknown id gets.
 */
export function targetGuard(db: Db) {
  return async (req: FastifyRequest): Promise<void> => {
    const rule = req.routeOptions.config.target;
    if (!rule || rule === 'none') return;
    const source: TargetSource = TARGET_SOURCES[rule.named];
    const named = namedValue(req, source);
    if (!named) return;
    const [row] = await queryRows<{ role: string }>(db, source.role(named.value, named.field));
    if (row && !isOfKind(row.role, rule.kind)) {
      throw new AppError(rule.kind === 'staff' ? 'staff_member_not_found' : 'not_found');
    }
  };
}

/**
 * The staff scope's `onRoute` check. Throws (the app does not start) when a staff route declares
 * no permission (`config.permission`, common/permissions.ts), when its URL names something
 * (`/:param`) and it declares no target (`config.target`), or when it declares a person named by
 * a URL parameter its URL does not have.
 */
export function assertTargetDeclared(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): void {
  const where = `${[route.method].flat().join()} ${route.url}`;
  if (!route.config?.permission) throw new Error(`${where}: a staff route declares config.permission`);
  const rule = route.config.target;
  if (route.url.includes('/:') && !rule) {
    throw new Error(`${where}: a staff route naming something in its URL declares config.target`);
  }
  if (!rule || rule === 'none') return;
  const source: TargetSource = TARGET_SOURCES[rule.named];
  if (source.from === 'params' && !source.fields.some((f) => route.url.includes(`/:${f}`))) {
    throw new Error(`${where}: its target is named by :${source.fields.join('/:')}, which its URL lacks`);
  }
}

/** The declaration of a route acting on a client named by `named` (by default the `:id` user). */
export const onClient = (named: TargetSourceName = 'user'): TargetRule => ({ kind: 'client', named });
