/**
 * A gateway that enforces the OpenAPI document, in the test process (docs/architecture.md "API
 * contract"): openapi-backend routes each request to the document's operation, checks the
 * operation's security requirement (a bearer scheme is met by an `Authorization: Bearer …` header:
 * like a gateway in front of the API, it cannot tell a live session from an ended one) and validates
 * the path, query, headers and JSON body against the operation's schemas (Ajv, ajv-formats).
 *
 * `putGatewayInFront(app, doc)` makes every request a test sends with `app.inject` pass it first;
 * the request then goes on to the app (so the contract replay still checks the app's answer), and
 * the two verdicts must agree, else `mismatches` gets a line:
 * - a request the gateway refuses (credentials the document demands are missing, or input the
 *   document forbids) must be refused by the app too: a 2xx means a client that follows the
 *   document is turned away from what the app serves (the public routes that claimed a token);
 * - a request without credentials that the gateway lets through must not get 401 from the app,
 *   unless the operation declares one (sign-in refusing the password in its body): else the
 *   document would call public what the app guards;
 * - a request to no operation of the document must get 404 from the app.
 * Bodies other than JSON (the uploads' multipart, a witness's text/plain cosignature) are not
 * validated: those requests are only routed and checked for security.
 */
import addFormats from 'ajv-formats';
import OpenAPIBackend from 'openapi-backend';
import type { Document, Context } from 'openapi-backend';
import type { AppInstance } from '../app-context';
import { UNKNOWN_ID } from './app';

/** What the gateway does with a request. */
export type GatewayVerdict =
  | { kind: 'pass'; operation: string; declares401: boolean }
  | { kind: 'security'; operation: string }
  | { kind: 'request'; operation: string; errors: string[] }
  | { kind: 'no-operation' };

/** One request as `app.inject` takes it (the options-object form). */
export interface GatewayRequest {
  method?: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  payload?: unknown;
}

const bearerSent = (c: Context) => /^Bearer \S+/i.test(String(c.request.headers.authorization ?? ''));
/** Whether the gateway validates the body: JSON (a plain object, or a string sent as JSON) or none. */
const isJsonBody = (payload: unknown, contentType: string | undefined) =>
  payload === undefined ||
  (typeof payload === 'string' && /json/i.test(contentType ?? '')) ||
  (typeof payload === 'object' && payload !== null && Object.getPrototypeOf(payload) === Object.prototype);

/** The document enforced on requests (see the module comment). */
export class OpenApiGateway {
  private readonly api: OpenAPIBackend;

  constructor(doc: object) {
    const schemes = Object.keys(
      (doc as { components?: { securitySchemes?: object } }).components?.securitySchemes ?? {},
    );
    this.api = new OpenAPIBackend({
      definition: structuredClone(doc) as Document,
      strict: true,
      coerceTypes: true,
      // bodies other than JSON: only routed and checked for security
      validate: (_c, plain: boolean) => plain,
      customizeAjv: (ajv) => {
        addFormats.default(ajv);
        return ajv;
      },
      securityHandlers: Object.fromEntries(schemes.map((name) => [name, bearerSent])),
      handlers: {
        notFound: () => ({ kind: 'no-operation' }),
        methodNotAllowed: () => ({ kind: 'no-operation' }),
        unauthorizedHandler: (c: Context) => ({ kind: 'security', operation: c.operation.operationId }),
        validationFail: (c: Context) => ({
          kind: 'request',
          operation: c.operation.operationId,
          errors: (c.validation.errors ?? []).map((e) => `${e.instancePath} ${e.message}`),
        }),
        notImplemented: (c: Context) => ({
          kind: 'pass',
          operation: c.operation.operationId,
          declares401: Boolean(c.operation.responses?.['401']),
        }),
      },
    });
  }

  /** Loads the document (Ajv compiles every operation's schemas); call once before `judge`. */
  async init(): Promise<this> {
    await this.api.init();
    return this;
  }

  /** What the gateway would do with `req`. */
  async judge(req: GatewayRequest): Promise<GatewayVerdict> {
    const [path, query = ''] = req.url.split('?') as [string, string?];
    const headers = Object.fromEntries(
      Object.entries(req.headers ?? {}).map(([k, v]) => [k.toLowerCase(), [v ?? ''].flat().join(', ')]),
    );
    if (typeof req.payload === 'object' && req.payload !== null)
      headers['content-type'] ??= 'application/json';
    const plain = isJsonBody(req.payload, headers['content-type']);
    return (await this.api.handleRequest(
      { method: req.method ?? 'GET', path, query, headers, body: plain ? req.payload : undefined },
      plain,
    )) as GatewayVerdict;
  }
}

/** A line when the app's `status` disagrees with the gateway's `verdict` (see the module comment), else null. */
export function disagreement(req: GatewayRequest, verdict: GatewayVerdict, status: number): string | null {
  const what = `${req.method ?? 'GET'} ${req.url} → ${status}`;
  const ok = status >= 200 && status < 300;
  const credentials = Object.keys(req.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
  switch (verdict.kind) {
    case 'no-operation':
      return status === 404 ? null : `${what}: no operation in the document, yet the app answered`;
    case 'security':
      return ok ? `${what}: the document demands credentials (${verdict.operation}) the app did not` : null;
    case 'request':
      return ok
        ? `${what}: the document refuses this request (${verdict.errors.join('; ')}), the app served it`
        : null;
    case 'pass':
      return status === 401 && !credentials && !verdict.declares401
        ? `${what}: the document says ${verdict.operation} is public, the app asked for credentials`
        : null;
  }
}

/**
 * Puts an `OpenApiGateway` on `doc` in front of `app.inject` (the promise form with an options
 * object; other forms pass through). Call after `recordAnswers` so the recorder still sees every
 * answer. Answers the list that each disagreement is appended to.
 */
export async function putGatewayInFront(app: AppInstance, doc: object): Promise<string[]> {
  const gateway = await new OpenApiGateway(doc).init();
  const mismatches: string[] = [];
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const wrapped = async (...args: unknown[]) => {
    const [opts] = args;
    if (args.length !== 1 || typeof opts !== 'object' || opts === null) return inject(...args);
    const req = opts as GatewayRequest;
    if (typeof req.url !== 'string') return inject(...args);
    const verdict = await gateway.judge(req);
    const res = (await inject(...args)) as { statusCode: number };
    const line = disagreement(req, verdict, res.statusCode);
    if (line) mismatches.push(line);
    return res;
  };
  (app as unknown as { inject: unknown }).inject = wrapped;
  return mismatches;
}

/** A value for a path parameter: unknown but well-formed, or malformed. */
function paramValue(name: string, kind: 'unknown' | 'malformed'): string {
  if (kind === 'malformed') return 'nope';
  if (name === 'side') return 'front';
  if (name === 'email') return 'nobody@example.com';
  return UNKNOWN_ID;
}

/** The document path `path` (`/api/x/{id}`) with each parameter filled with an unknown or a malformed value. */
export const fillPath = (path: string, kind: 'unknown' | 'malformed') =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(paramValue(name, kind)));
