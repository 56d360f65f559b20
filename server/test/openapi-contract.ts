/**
 * Checks real answers of the app against its served OpenAPI document (docs/architecture.md "API
 * contract"): `recordAnswers` keeps every answer a test gets through `app.inject`, and
 * `ContractChecker` finds, for each, the document's operation (method + path template), the
 * declared response for its status, the declared content type, and validates a JSON body against
 * the declared schema with openapi-response-validator (Ajv) and ajv-formats' formats.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import ResponseValidatorModule from 'openapi-response-validator';
import type { AppInstance } from '../app-context';

/** One answer the app gave: what was asked and what came back. */
export interface Answer {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: string;
}

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}
/** The parts of an OpenAPI 3 document the checker reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

interface Validator {
  validateResponse(
    status: string,
    body: unknown,
  ): undefined | { errors?: { path?: string; message: string }[] };
}
type ValidatorClass = new (args: unknown) => Validator;
// The package is CommonJS with `exports.default`: Node hands the whole module as the default.
const ResponseValidator = ((ResponseValidatorModule as unknown as { default?: ValidatorClass }).default ??
  ResponseValidatorModule) as unknown as ValidatorClass;

type FormatCheck = (value: string) => boolean;
/** ajv-formats' full formats as plain functions (openapi-response-validator takes functions only). */
const FORMATS: Record<string, FormatCheck> = Object.fromEntries(
  Object.entries(fullFormats).map(([name, f]): [string, FormatCheck] => {
    const test = (x: unknown, s: string): boolean =>
      typeof x === 'function' ? Boolean(x(s)) : x instanceof RegExp ? x.test(s) : true;
    const check = typeof f === 'object' && f !== null && 'validate' in f ? f.validate : f;
    return [name, (s) => test(check, s)];
  }),
);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/**
 * Wraps `app.inject` (the promise form with an options object) so every answer is appended to the
 * returned array; other forms pass through unrecorded. Call it once per app.
 */
export function recordAnswers(app: AppInstance): Answer[] {
  const answers: Answer[] = [];
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const wrapped = (...args: unknown[]) => {
    const [opts] = args;
    const result = inject(...args);
    if (args.length !== 1 || typeof opts !== 'object' || opts === null) return result;
    const { method = 'GET', url } = opts as { method?: string; url?: unknown };
    if (typeof url !== 'string') return result;
    return (result as Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>).then(
      (res) => {
        answers.push({
          method: method.toUpperCase(),
          url,
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? ''),
          body: res.body,
        });
        return res;
      },
    );
  };
  (app as unknown as { inject: unknown }).inject = wrapped;
  return answers;
}

interface Template {
  path: string;
  pattern: RegExp;
  literals: number;
}

/** Validates answers against one OpenAPI 3 document; see the module comment. */
export class ContractChecker {
  private readonly templates: Template[];
  private readonly validators = new Map<string, Validator>();
  /** `METHOD path status` of every answer checked so far (declared or not). */
  readonly seen = new Set<string>();

  constructor(private readonly doc: OpenApiDocument) {
    this.templates = Object.keys(doc.paths).map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+')}$`),
      literals: path.split('/').filter((s) => s && !s.startsWith('{')).length,
    }));
  }

  /** Every operation of the document as `METHOD /path`. */
  operations(): string[] {
    return Object.entries(this.doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  }

  /** The document path whose template matches `url` (query dropped) and has `method`; the most literal wins. */
  pathOf(method: string, url: string): string | undefined {
    // dot segments resolved as the request's URL is (`/mine/./revoke` is `/mine/revoke`); /api/v1/…
    // is an alias of /api/… (server/lib/api-version.ts)
    const resolved = new URL(url.split('?')[0]!, 'http://localhost').pathname;
    const pathname = resolved.replace(/^\/api\/v1\//, '/api/');
    return this.templates
      .filter((t) => t.pattern.test(pathname) && this.doc.paths[t.path]![method.toLowerCase()])
      .sort((a, b) => b.literals - a.literals)[0]?.path;
  }

  /** The mismatches of one answer, each a line naming the operation, the status and the bad field. */
  check(a: Answer): string[] {
    const path = this.pathOf(a.method, a.url);
    const where = `${a.method} ${path ?? a.url} → ${a.status}`;
    if (!path) return [`${a.method} ${a.url} → ${a.status}: no operation in the document`];
    const op = this.doc.paths[path]![a.method.toLowerCase()]!;
    this.seen.add(`${a.method} ${path} ${a.status}`);
    const responses = op.responses ?? {};
    const status = String(a.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key)
      return [`${where}: status not in the document (it declares ${Object.keys(responses).join(', ')})`];
    const content = responses[key]!.content ?? {};
    const declared = Object.keys(content);
    const mediaType = a.contentType.split(';')[0]!.trim().toLowerCase();
    if (a.body.length === 0) {
      return declared.length ? [`${where}: empty body, the document declares ${declared.join(', ')}`] : [];
    }
    if (!content[mediaType]) {
      return [
        `${where}: content type "${mediaType}" not in the document (${declared.join(', ') || 'no content'})`,
      ];
    }
    if (!/^application\/([\w.+-]+\+)?json$/.test(mediaType)) return [];
    let body: unknown;
    try {
      body = JSON.parse(a.body);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    const result = this.validator(path, a.method, key, mediaType, content[mediaType]!).validateResponse(
      key,
      body,
    );
    // an error answer's code is named, so a code the operation does not list says which it was
    const code = (body as { code?: unknown } | null)?.code;
    const got = a.status >= 400 && typeof code === 'string' ? ` (code "${code}")` : '';
    return (result?.errors ?? []).map(
      (e) => `${where}: /${(e.path ?? '').replace(/^response$/, '')} ${e.message}${got}`,
    );
  }

  private validator(
    path: string,
    method: string,
    key: string,
    mediaType: string,
    media: MediaType,
  ): Validator {
    const id = `${method} ${path} ${key} ${mediaType}`;
    let v = this.validators.get(id);
    if (!v) {
      v = new ResponseValidator({
        responses: { [key]: { description: '', content: { [mediaType]: { schema: media.schema ?? {} } } } },
        components: this.doc.components ?? {},
        customFormats: FORMATS,
      });
      this.validators.set(id, v);
    }
    return v;
  }
}
