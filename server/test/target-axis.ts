/**
 * The target axis of the authorization matrix (server/test/authorization.test.ts): for each way a
 * staff route names a person (server/lib/targets.ts `TARGET_SOURCES`), how a request names a given
 * person, with an object of theirs written straight to the tables where the route names an object
 * (staff members cannot make one through the client routes). A new way to name a person without a
 * namer here fails the type check, so every route declaring it is called on every target.
 */
import type { InjectOptions } from 'fastify';
import { can, STAFF_ROLES, type Permission, type StaffRole } from '@common/permissions';
import type { AppInstance } from '../app-context';
import { isOfKind, type TargetRule, type TargetSourceName } from '../lib/targets';
import type { Db } from '../db/client';
import { deposits, supportTickets, tradingActivities, withdrawals } from '../db/schema';
import { client, house, postEntry } from '../modules/ledger/service';
import { createClient, fundClient, type TestUser } from './factories';

/** The parts of a request that name the person. */
export interface Named {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

/** A pending deposit of `userId`'s, made in the table. */
export async function depositOf(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .insert(deposits)
    .values({ userId, amount: 100_00n, wallet: 'bitcoin', proofKey: 'deposits/none.png' })
    .returning({ id: deposits.id });
  return row!.id;
}

/** A pending crypto withdrawal of `userId`'s, its amount held as a request holds it. */
export async function withdrawalOf(db: Db, userId: string): Promise<string> {
  await fundClient(db, userId, 50_00n);
  const [row] = await db
    .insert(withdrawals)
    .values({ userId, method: 'crypto', wallet: 'usdt', address: 'TAddressOfTheTargetAxis', amount: 50_00n })
    .returning({ id: withdrawals.id });
  await db.transaction((tx) =>
    postEntry(tx, {
      type: 'withdrawal_hold',
      userId,
      withdrawalId: row!.id,
      memo: 'test hold',
      lines: [
        { account: client(userId, 'available'), amount: -50_00n },
        { account: client(userId, 'held'), amount: 50_00n },
      ],
    }),
  );
  return row!.id;
}

/** A history line of `userId`'s: a posted bonus entry (voidable). */
async function historyLineOf(db: Db, userId: string): Promise<string> {
  const entry = await db.transaction((tx) =>
    postEntry(tx, {
      type: 'bonus',
      userId,
      memo: 'test bonus',
      lines: [
        { account: house('income_expense'), amount: -10_00n },
        { account: client(userId, 'available'), amount: 10_00n },
      ],
    }),
  );
  return entry.id;
}

const RANDOM_ID = '6f1c2b7e-4d3a-4c55-9e8f-0a1b2c3d4e5f';

/** The route's URL with every parameter filled by a harmless value (no object of anyone). */
export function concreteUrl(pattern: string): string {
  return pattern
    .replace(/\*$/, 'nothing.txt')
    .replace(/:email/g, 'nobody%40example.com')
    .replace(/:side/g, 'front')
    .replace(/:[A-Za-z]+/g, RANDOM_ID);
}

const id = (value: string): Named => ({ params: { id: value } });

/** How a request names `person` under each source. */
export const NAMERS = {
  user: async (_db, person) => id(person.id),
  userEmail: async (_db, person) => ({ params: { email: person.email } }),
  deposit: async (db, person) => id(await depositOf(db, person.id)),
  withdrawal: async (db, person) => id(await withdrawalOf(db, person.id)),
  historyLine: async (db, person) => id(await historyLineOf(db, person.id)),
  activity: async (db, person) => {
    const [row] = await db
      .insert(tradingActivities)
      .values({ userId: person.id, plan: 'investment', tradeAmount: 100_00n })
      .returning({ id: tradingActivities.id });
    return id(row!.id);
  },
  ticket: async (db, person) => {
    const [row] = await db
      .insert(supportTickets)
      .values({ userId: person.id, message: 'A question' })
      .returning({ id: supportTickets.id });
    return id(row!.id);
  },
  bodyUser: async (_db, person) => ({ body: { userId: person.id } }),
  bodyUserOrEmail: async (_db, person) => ({ body: { userId: person.id } }),
  queryUser: async (_db, person) => ({ query: { userId: person.id } }),
} satisfies Record<TargetSourceName, (db: Db, person: TestUser) => Promise<Named>>;

/** The request of `method` `pattern` naming a person as `named` says (other parameters: `fill`). */
export function requestNaming(
  method: string,
  pattern: string,
  named: Named,
  fill: (pattern: string) => string,
  who: TestUser,
): InjectOptions {
  const withParams = pattern.replace(/:([A-Za-z]+)/g, (m, name: string) =>
    named.params?.[name] !== undefined ? encodeURIComponent(named.params[name]) : m,
  );
  const query = named.query ? `?${new URLSearchParams(named.query).toString()}` : '';
  return asCaller(method, fill(withParams) + query, who, named.body);
}

/** The request `method` `url` as `who` (a visitor when null), with a JSON body (`{}` by default) on methods that take one. */
export function asCaller(method: string, url: string, who: TestUser | null, body?: unknown): InjectOptions {
  const withBody = !['GET', 'HEAD', 'DELETE'].includes(method);
  return {
    method: method as InjectOptions['method'],
    url,
    headers: who ? who.headers : {},
    ...(withBody && { payload: (body ?? {}) as InjectOptions['payload'] }),
  };
}

/** A staff route as the route table lists it. */
export interface StaffRoute {
  key: string;
  method: string;
  url: string;
  permission?: Permission;
  target?: TargetRule;
}

/**
 * Calls every staff route that declares a target kind as each staff role, on the actor themselves,
 * on a fresh client and on another staff member of each role (`others`), and answers the failures:
 * a role without the route's permission must get 403; a person of the declared kind must pass the
 * guards (not 401/403/5xx); any other person 404, whatever the object (it exists and is theirs).
 * The other staff members go first, so nothing the client's calls change can hide a wrong answer.
 */
export async function targetAxisFailures(
  app: AppInstance,
  routes: readonly StaffRoute[],
  actors: Record<StaffRole, TestUser>,
  others: Record<StaffRole, TestUser>,
  fill: (pattern: string) => string,
): Promise<string[]> {
  const { db } = app.ctx.database;
  const failures: string[] = [];
  for (const route of routes) {
    const rule = route.target;
    if (!rule || rule === 'none' || !route.permission) continue;
    const targets: Array<[string, TestUser | null]> = [
      ['self', null],
      ...STAFF_ROLES.map((role): [string, TestUser] => [`another ${role}`, others[role]]),
      ['a client', await createClient(app)],
    ];
    for (const [label, person] of targets) {
      for (const role of STAFF_ROLES) {
        const actor = actors[role];
        const target = person ?? actor;
        const named = await NAMERS[rule.named](db, target);
        const res = await app.inject(requestNaming(route.method, route.url, named, fill, actor));
        const s = res.statusCode;
        const [ok, want] = !can(role, route.permission)
          ? [s === 403, '403']
          : isOfKind(target.row.role, rule.kind)
            ? [s !== 401 && s !== 403 && s < 500, 'not 401/403/5xx']
            : [s === 404, '404'];
        if (!ok) failures.push(`${route.key} as ${role} on ${label}: ${s}, expected ${want} ${res.body}`);
      }
    }
  }
  return failures;
}
