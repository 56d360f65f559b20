/**
 * The app's route table (method, URL, guard and schema of every route), collected by an
 * `onRoute` hook that buildApp adds before any route. The audit test reads it to find every
 * mutating staff route (those declaring a `permission`) and checks each writes exactly one audit
 * row; the authorization test checks every route against the permission table; the fuzz test (server/test/fuzz.test.ts) generates hostile input from each route's schema.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
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
  /** The route's validation schemas (zod body, params, querystring); server/test/fuzz.test.ts fuzzes them. */
  schema: RouteOptions['schema'];
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
      });
  });
}
