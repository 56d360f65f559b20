/**
 * The one way a route module declares its routes: `const route = declareRoutes(app, tags)`, then
 * `route.get(url, { summary, schema, handler, ...options })`. Every route's OpenAPI tags and
 * summary go into its schema in the same order (docs/architecture.md "API contract"), so a module
 * writes only what is its own: the summary, the zod schemas of common/ (`params`, `querystring`,
 * `body`, `response`), its guard or `config` (permission and target of a staff route,
 * server/lib/targets.ts; rate limits) and the handler. The handler's request and answer are typed
 * from the schema by the zod type provider, as with `app.get(url, { schema }, handler)`.
 */
import type { FastifySchema, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../app-context';

type Generic = Record<never, never>;

/** One route: its OpenAPI summary, its schemas (without tags and summary), options and handler. */
export type RouteDeclaration<S extends FastifySchema> = Omit<
  RouteShorthandOptions<Server, IncomingMessage, ServerResponse, Generic, unknown, S, ZodTypeProvider>,
  'schema'
> & {
  /** The OpenAPI summary: what the route does, and who may call it. */
  summary: string;
  /** The route's zod schemas: `response` always, `params`, `querystring`, `body`, `headers` as it takes them. */
  schema: S;
  handler: RouteHandlerMethod<Server, IncomingMessage, ServerResponse, Generic, unknown, S, ZodTypeProvider>;
};

type Declare = <S extends FastifySchema>(url: string, route: RouteDeclaration<S>) => void;

const METHODS = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' } as const;

/**
 * The route declarers of one module on `app`, one per HTTP method, all documented under `tags`.
 * Each registers `url` (relative to the module's prefix) with the schema
 * `{ tags, summary, ...schema }` and the other options as given.
 */
export function declareRoutes(app: AppInstance, tags: string[]): Record<keyof typeof METHODS, Declare> {
  const declare =
    (method: (typeof METHODS)[keyof typeof METHODS]): Declare =>
    (url, { summary, schema, ...options }) => {
      app.route({ method, url, schema: { tags, summary, ...schema }, ...options } as never);
    };
  return {
    get: declare(METHODS.get),
    post: declare(METHODS.post),
    put: declare(METHODS.put),
    patch: declare(METHODS.patch),
    delete: declare(METHODS.delete),
  };
}
