/**
 * The app's route table (method, URL, guard and schema of every route), collected by an
 * `onRoute` hook that buildApp adds before any route. The audit test reads it to find every
 * mutating staff route (those declaring a `permission`) and checks each writes exactly one audit
 * row; the authorization test checks every route against the permission table; the fuzz test (server/test/fuzz.test.ts) generates hostile input from each route's schema; the rooms test
 * (server/test/route-rooms.test.ts) checks each URL prefix is served from its room.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ErrorCode } from '@common/errors';
import type { Permission } from '@common/permissions';
import { routeGuards } from '../../lib/guarded-scope';
import type { TargetRule } from '../../lib/targets';

/** One registered route. */
export interface RouteEntry {
  method: string;
  /** The full URL pattern, e.g. `/api/user/admin/:id`. */
  url: string;
  /**
   * The route's guards, which run before validation: its scope's guard (server/lib/guarded-scope.ts:
   * the staff guard for the staff routes), then its own onRequest hooks (`guards.requireUser`, ...).
   */
  onRequest: RouteOptions['onRequest'];
  /** The permission a staff route declares (common/permissions.ts); none on other routes. */
  permission: Permission | undefined;
  /** Whom a staff route may act on (server/lib/targets.ts); none on other routes. */
  target: TargetRule | undefined;
  /**
   * The error codes the route's own code may answer (`config.errorCodes`, server/lib/openapi.ts
   * `operationCodes`); `undefined` when it names none, and its document lists the whole catalogue.
   */
  errorCodes: readonly ErrorCode[] | undefined;
  /** The route's validation schemas (zod body, params, querystring); server/test/fuzz.test.ts fuzzes them. */
  schema: RouteOptions['schema'];
  /**
   * The room (folder of server/modules, docs/architecture.md "Rooms") whose file declared the
   * route, read from the call stack when it was added; `undefined` for a route added outside
   * server/modules (app.ts: the prerendered pages).
   */
  room: string | undefined;
}

/** A file of a room on a stack line: `…/server/modules/<room>/<file>.ts` (or `.js` when built). */
const ROOM_FILE = /[\\/]modules[\\/]([\w-]+)[\\/]([\w.-]+)\.[cm]?[jt]s:\d+/;

/**
 * The room of the first stack frame in a room's file other than this one. The stack is captured
 * (cheap) when the route is added and formatted only when the room is read.
 */
function roomOf(site: { stack?: string }): string | undefined {
  for (const line of (site.stack ?? '').split('\n')) {
    const m = ROOM_FILE.exec(line);
    if (m && !(m[1] === 'audit' && m[2] === 'route-table')) return m[1];
  }
  return undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in registration order. */
    routeTable: RouteEntry[];
  }
}

/** Starts collecting the routes of `app` into `app.routeTable`; call before registering routes. */
export function trackRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40;
    const site: { stack?: string } = {};
    Error.captureStackTrace(site);
    Error.stackTraceLimit = limit;
    for (const method of [route.method].flat())
      table.push({
        method,
        url: route.url,
        // read when asked: a scope's onRoute hook sets the scope's guard after this hook has run
        get onRequest() {
          const guards = routeGuards(route);
          return (guards.length > 0 ? guards : route.onRequest) as RouteOptions['onRequest'];
        },
        schema: route.schema,
        permission: route.config?.permission,
        target: route.config?.target,
        errorCodes: route.config?.errorCodes,
        get room() {
          return roomOf(site);
        },
      });
  });
}
