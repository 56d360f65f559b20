/**
 * The OpenAPI document served at /api/docs (docs/architecture.md "API contract"). Routes declare
 * their request and answer schemas with zod; this module adds what holds for every operation, from
 * the route itself, so no route repeats it:
 * - an `operationId` from the method and path (`POST /api/auth/signin` → `postAuthSignin`,
 *   `GET /api/user/admin/:id` → `getUserAdminById`) and a summary when the route gives none;
 * - the bearer security scheme on routes behind a guard (a guard of server/modules/auth/guard.ts as
 *   their own `onRequest`, or their scope's: server/lib/guarded-scope.ts, which knows guards by
 *   identity, so a plugin's hook counts for nothing), `security: []` on public ones, unless the route
 *   declares its own (GET /api/metrics: the `metricsToken` scheme of `SECURITY_SCHEMES`); server/test/openapi-security.test.ts asks every operation;
 * - on staff routes, a description naming the permission they need and the roles that have it,
 *   and the kind of person they act on when they declare one (server/lib/targets.ts);
 * - the optional `X-XSRF-TOKEN` header on the state-changing operations behind a guard;
 * - the error answers `{ code, message, details? }` the app sends (docs/architecture.md "Errors"):
 *   400 when the route validates input or takes a body, 401 and 403 behind a guard, 404 with path
 *   parameters or a declared target (a person of another kind answers 404), 413 and 415 (the body
 *   parser's) when it takes a body, 414 with path parameters, 429 when rate limited, unless the
 *   route declares its own; on every error answer, declared or added, the `code` enum lists the
 *   catalogue's codes of that status (common/errors.ts), or, when the route names its own codes
 *   (`config.errorCodes`), exactly the codes it may answer: its own and those of its guard, its
 *   validation, its body parser (or the route's own words for its refusals: `config.parserCodes`),
 *   its router, its `Idempotency-Key` check and its rate limit (`operationCodes`), each under its
 *   status; server/test/app.ts checks every error answer of the API suite against these lists;
 * - an optional request body where the route's body schema accepts none (`nullish()`): the swagger
 *   plugin marks every body required, `openApiDocumentTransform` corrects it.
 */
import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { XSRF } from '@common/constants';
import { ERROR_CODES, ERRORS, type ErrorCode } from '@common/errors';
import { can, STAFF_ROLES } from '@common/permissions';
import { routeGuards } from './guarded-scope';
import { IDEMPOTENCY_CODES } from './route-codes';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];
type JsonSchema = Record<string, unknown>;

/** The catalogue's codes answered with `status` (every code for a status it does not list). */
export function codesOfStatus(status: number): string[] {
  const codes = ERROR_CODES.filter((code) => ERRORS[code].status === status);
  return codes.length > 0 ? codes : [...ERROR_CODES];
}

/** The JSON schema of the error answer of `status`: its `code` enum is the catalogue's codes of that status. */
export function errorAnswerOf(status: number) {
  return {
    type: 'object',
    properties: {
      code: { type: 'string', enum: codesOfStatus(status), description: 'A stable code (common/errors.ts)' },
      message: { type: 'string', description: 'A message the screen can show' },
      details: {
        type: 'array',
        description: 'validation_failed only: every problem found',
        items: {
          type: 'object',
          properties: { path: { type: 'string' }, message: { type: 'string' } },
          required: ['path', 'message'],
          additionalProperties: false,
        },
      },
    },
    required: ['code', 'message'],
    additionalProperties: false,
  };
}

/**
 * Narrows the `code` enum of a declared error answer (status ≥ 400) to the codes of its status, or
 * to those of `codes` (an operation's own list, `operationCodes`) of that status: null when none.
 */
function narrowCodes(status: number, answer: unknown, codes?: readonly ErrorCode[]): unknown {
  const code = (answer as { properties?: { code?: { enum?: unknown } } } | null)?.properties?.code;
  if (status < 400 || !code?.enum) return answer;
  const a = answer as JsonSchema & { properties: JsonSchema };
  const allowed = codes ? codes.filter((c) => ERRORS[c].status === status) : codesOfStatus(status);
  if (allowed.length === 0) return null;
  return { ...a, properties: { ...a.properties, code: { ...code, enum: allowed } } };
}

/** What any input check may answer: a field refused, a body the parser refused, text the database cannot hold. */
const VALIDATION_CODES: readonly ErrorCode[] = ['validation_failed', 'bad_request', 'unstorable_text'];
/**
 * What the body parser answers before any route code runs, on every operation that takes a body: a
 * body that is not what its content type says, over 1 MiB, or of a type no parser reads.
 */
const BODY_CODES: readonly ErrorCode[] = ['bad_request', 'payload_too_large', 'unsupported_media_type'];
/** What the router answers for a path parameter: one over its length, one that names no row. */
const PARAM_CODES: readonly ErrorCode[] = ['uri_too_long', 'not_found'];
/**
 * What `requireUser` (server/modules/auth/guard.ts, api-key-auth.ts) may answer: a session or key
 * missing, revoked, expired or out of its networks, a blocked account, a wrong XSRF token, a key on
 * a route keys may not use. A public route that calls it itself lists these as its own.
 */
export const REQUIRE_USER_CODES = [
  'not_signed_in',
  'account_blocked',
  'xsrf_token_invalid',
  'api_key_revoked',
  'api_key_expired',
  'api_key_network_refused',
  'api_key_not_allowed',
] as const satisfies readonly ErrorCode[];
/** What the signed-in guards may answer: `requireUser`'s, and a verified e-mail or a role refused. */
const SIGNED_IN_CODES: readonly ErrorCode[] = [
  ...REQUIRE_USER_CODES,
  'email_not_verified',
  'clients_only',
  'forbidden',
];
/** What the staff scope's guard may answer besides (server/api-routes.ts `staffGuard`, targets.ts). */
const STAFF_CODES: readonly ErrorCode[] = [
  'not_admin',
  'staff_deactivated',
  'two_factor_required',
  'staff_network_refused',
  'role_not_allowed',
  'api_key_scope',
];

/**
 * The codes an operation that names its own (`own`) may answer: those, and its guard's (signed in;
 * staff, with a person named by its URL), its validation's, its body parser's, its path
 * parameters', its `Idempotency-Key` check's and its rate limit's.
 */
export function operationCodes(
  own: readonly ErrorCode[],
  route: {
    guarded: boolean;
    staff: boolean;
    targeted: boolean;
    validates: boolean;
    rateLimited: boolean;
    hasParams?: boolean;
    takesBody?: boolean;
    idempotent?: boolean;
    /** The body parser's codes as the route's own error handler answers them (default BODY_CODES). */
    parserCodes?: readonly ErrorCode[];
  },
): ErrorCode[] {
  return [
    ...new Set([
      ...own,
      ...(route.validates ? VALIDATION_CODES : []),
      ...(route.takesBody ? (route.parserCodes ?? BODY_CODES) : []),
      ...(route.hasParams ? PARAM_CODES : []),
      ...(route.idempotent ? IDEMPOTENCY_CODES : []),
      ...(route.guarded ? SIGNED_IN_CODES : []),
      ...(route.staff ? STAFF_CODES : []),
      ...(route.targeted ? (['not_found', 'staff_member_not_found'] as const) : []),
      ...(route.rateLimited ? (['too_many_requests'] as const) : []),
    ]),
  ];
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is invalid (the message names the first problem)',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in but not allowed (role, blocked account, unconfirmed e-mail or XSRF token)',
  404: 'No such object, or not yours',
  409: 'Refused by the current state of what it acts on',
  422: 'Refused by a rule (a limit, a balance)',
  413: 'The body is over its limit',
  414: 'A path parameter is over its length',
  415: 'The body is of a type the operation does not read',
  429: 'Too many requests or attempts; try again later',
};

/** The X-XSRF-TOKEN header as documented on guarded state-changing operations (see server/modules/auth/guard.ts). */
const XSRF_HEADER = {
  type: 'string',
  description:
    'Required when the request sends the XSRF-TOKEN cookie (the web app signed in): its value, ' +
    'the HMAC of the session; a missing or wrong one answers 403. Clients sending only the bearer token leave it out.',
} as const;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `POST /api/user/admin/:id/block` → `postUserAdminByIdBlock`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  const camel = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel || 'Root'}`;
}

/**
 * The transform to pass to @fastify/swagger: zod → JSON schema (fastify-type-provider-zod), then
 * operationId, summary, security and error answers as described above.
 */
export const openApiTransform: Transform = (input: TransformInput) => {
  const out = jsonSchemaTransform(input);
  const { route, url } = input;
  const schema = { ...(out.schema as JsonSchema) };
  if (schema.hide) return out;
  const method = [route.method].flat()[0] ?? 'GET';
  const guarded = routeGuards(route).length > 0;
  const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const validates = ['body', 'querystring', 'params'].some((k) => schema[k]);
  const hasParams = /\/:/.test(url);
  const takesBody = STATE_CHANGING.has(method);
  const target = route.config?.target;
  const targeted = target !== undefined && target !== 'none';
  schema.operationId ??= operationIdOf(method, url);
  schema.summary ??= `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;
  schema.security = guarded ? [{ bearer: [] }] : (schema.security ?? []);
  const permission = route.config?.permission;
  if (permission) {
    const roles = STAFF_ROLES.filter((role) => can(role, permission)).join(', ');
    const on = !targeted
      ? ''
      : target.kind === 'client'
        ? ' Acts on clients only: a staff member named answers 404.'
        : ' Acts on staff members only: a client named answers 404.';
    schema.description ??= `Staff only: needs the permission \`${permission}\` (roles: ${roles}).${on}`;
  }
  if (guarded && STATE_CHANGING.has(method)) {
    const headers = (schema.headers as JsonSchema | undefined) ?? { type: 'object' };
    const properties = { ...((headers.properties as JsonSchema | undefined) ?? {}) };
    properties[XSRF.header] = XSRF_HEADER;
    schema.headers = { ...headers, properties };
  }
  const response = { ...((schema.response as JsonSchema | undefined) ?? {}) };
  const own = route.config?.errorCodes;
  const codes =
    own &&
    operationCodes(own, {
      guarded,
      staff: Boolean(permission),
      targeted,
      validates,
      rateLimited,
      hasParams,
      takesBody,
      idempotent: route.config?.idempotent === true,
      parserCodes: route.config?.parserCodes,
    });
  const errors = [
    ...(validates || takesBody ? [400] : []),
    ...(takesBody ? [413, 415] : []),
    ...(hasParams ? [414] : []),
    ...(guarded ? [401, 403] : []),
    ...(hasParams || targeted ? [404] : []),
    ...(rateLimited ? [429] : []),
    ...(codes ?? []).map((c) => ERRORS[c].status),
  ];
  for (const status of new Set(errors)) {
    response[status] ??= { description: ERROR_TEXT[status] ?? 'Refused', ...errorAnswerOf(status) };
  }
  for (const [status, answer] of Object.entries(response)) {
    const narrowed = narrowCodes(Number(status), answer, codes);
    // an operation that names its codes has no answer of a status none of them has
    if (narrowed === null) delete response[status];
    else response[status] = narrowed;
  }
  schema.response = response;
  return { schema, url: out.url };
};

type RequestBody = { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
type OpenApiPaths = { paths?: Record<string, Record<string, { requestBody?: RequestBody }>> };

/**
 * The document's security schemes (components.securitySchemes): `bearer`, the session token of the
 * guarded routes, and `metricsToken`, METRICS_TOKEN for GET /api/metrics only (docs/operations.md
 * "Metrics"), a credential of its own.
 */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token answered by POST /api/auth/signin or /api/auth/two-factor/verify',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The METRICS_TOKEN setting, for the metrics scraper only (not a session token)',
  },
} as const;

/**
 * The `transformObject` to pass to @fastify/swagger: a request body whose JSON schema is nullable
 * (zod `nullish()`, e.g. the optional reason of DELETE /api/transaction/:id) is not required.
 */
export const openApiDocumentTransform: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const { openapiObject } = documentObject;
  for (const operations of Object.values((openapiObject as OpenApiPaths).paths ?? {})) {
    for (const { requestBody: body } of Object.values(operations)) {
      const schemas = Object.values(body?.content ?? {}).map((media) => media.schema);
      if (body && schemas.length > 0 && schemas.every((schema) => schema?.nullable === true)) {
        body.required = false;
      }
    }
  }
  return openapiObject;
};
