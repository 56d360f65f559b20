/**
 * One guard for a whole scope of routes (docs/architecture.md, "How a request flows"): the staff
 * routes are registered inside one encapsulated Fastify scope whose single `onRequest` hook is
 * the staff guard, and each plugin whose routes are all for a signed-in user inside a scope guarded
 * by `requireUser` (server/app.ts `signedIn`), instead of each route naming it. The hook is added once, and an `onRoute` hook
 * records it in each route's `config.guard`, so what reads the route options still knows the
 * route is guarded: the OpenAPI transform (server/lib/openapi.ts: bearer security, 401/403) and
 * the route table (server/modules/audit/route-table.ts).
 *
 * A guard is known by identity, not by being an `onRequest` hook: plugins add hooks of their own to
 * every route (@fastify/compress does), and those guard nothing. `markGuard` registers a function as
 * a guard (server/modules/auth/guard.ts marks `requireUser` and the others; `guardScope` marks the
 * scope's guard), and `routeGuards` counts only marked functions, so only a route a real guard
 * protects is documented as needing the bearer token (docs/architecture.md "API contract").
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ErrorCode } from '@common/errors';
import type { Permission } from '@common/permissions';

/** A guard: resolves when the request may go on, else throws an AppError 401/403. */
export type Guard = (req: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The guard of the scope the route was registered in (set by `guardScope`, not by routes). */
    guard?: Guard;
    /** What a staff route needs (common/permissions.ts); every route of the staff scope declares one. */
    permission?: Permission;
    /**
     * A client's read-only API key may GET this route (docs/integrations.md "Client keys"): their
     * own history, statements and balances. Every other signed-in route refuses keys.
     */
    clientKeys?: true;
    /**
     * The codes the route's own work may answer (common/errors.ts), besides those of its guard,
     * validation and rate limit: given, its error answers list exactly these per status
     * (server/lib/openapi.ts); absent, every code of each status.
     */
    errorCodes?: readonly ErrorCode[];
    /**
     * What the body parser's refusals answer on this route when its own error handler answers them
     * (`tooLargeAs`: 413 `file_too_large`), in place of the parser's usual codes (server/lib/openapi.ts).
     */
    parserCodes?: readonly ErrorCode[];
  }
}

/** Every function registered as a guard (see the module comment). */
const GUARDS = new WeakSet<object>();

/** Registers `guard` as a guard, so `routeGuards` counts it; returns it unchanged. */
export function markGuard<T extends object>(guard: T): T {
  GUARDS.add(guard);
  return guard;
}

/** Whether `fn` was registered with `markGuard`. */
export function isGuard(fn: unknown): boolean {
  return typeof fn === 'function' && GUARDS.has(fn);
}

/**
 * Guards every route registered in `scope` (and its children) with `guard`, run as the scope's
 * `onRequest` hook, so it answers 401/403 before the body is parsed. Call before registering the
 * scope's routes.
 */
export function guardScope(scope: FastifyInstance, guard: Guard): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    // a copy: routes may share one config object (a rate limit), and each app has its own guards
    route.config = { ...route.config, guard };
  });
  scope.addHook('onRequest', markGuard(guard));
}

/**
 * The guards that run on a route: its scope's guard, then those of its own `onRequest` hooks that
 * are guards (`markGuard`); hooks that plugins add (compression) are not.
 */
export function routeGuards(route: Pick<RouteOptions, 'config' | 'onRequest'>): unknown[] {
  const own = [route.onRequest ?? []].flat().filter(isGuard);
  const scope = route.config?.guard;
  return scope ? [scope, ...own] : own;
}
