/**
 * What never reaches a log (docs/operations.md "What the log never holds"): bearer tokens, cookies,
 * passwords, one-time codes, TOTP secrets, reset and invitation links' tokens, credentials in URLs
 * and the parameters of a failed statement (drizzle's `Failed query: … params: …`, which during a
 * database outage held clients' live session tokens). One policy for every logger: the app's (and
 * so every request's child logger, the services', the mail worker's and the jobs'), better-auth's
 * (it logs through the app's: modules/auth/better-auth.ts) and the database driver's errors (they
 * reach the log only as `err` of a log line). Four layers, each cheap:
 * - pino's `redact` paths: the request and answer headers and the secret fields of logged objects;
 * - serializers for `err`/`error`/`cause` (a failed statement's parameters cut from the message,
 *   the stack and every `cause`, its `params` dropped), `req` (the URL's secret query values) and
 *   better-auth's `args`;
 * - a `logMethod` hook that cleans every message string, also the one pino takes from an error;
 * - a last pass over each finished line (`streamWrite`) that masks whatever the patterns of
 *   `redactText` still find, wherever it sits.
 */
// pino comes with Fastify; only its types are used here (erased at build)
import type { DestinationStream, LoggerOptions } from 'pino';

/** What a secret becomes in the log. */
export const REDACTED = '[Redacted]';

/** Names of fields, headers and query parameters whose values are secrets. */
const SECRET_NAME =
  'authorization|cookie|set-cookie|password|newPassword|currentPassword|confirmPassword|token|sessionToken|session_token|session_data|accessToken|refreshToken|idToken|secret|totpSecret|backupCodes|otp|link|resetLink|invitationLink|params';

/** The fields pino itself censors (fast paths for the usual places; the patterns below catch the rest). */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_NAME.split('|')
    .filter((name) => /^\w+$/.test(name))
    .flatMap((name) => [name, `*.${name}`]),
];

/** [pattern, replacement] pairs applied to any text bound for the log, in this order. */
const TEXT_RULES: Array<[RegExp, string]> = [
  // a failed statement's parameters: to the end of the line, or of a JSON string
  [/(\bparams: )(?:[^"\\\n]|\\[^n])*/g, `$1${REDACTED}`],
  [/(\bBearer\s+)[\w.~+/=-]+/gi, `$1${REDACTED}`],
  // credentials in a URL (postgres://user:password@host, smtp://user:password@host)
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@"]*:)[^@\s"/]+@/gi, `$1${REDACTED}@`],
  [/\botpauth:\/\/[^\s"\\]+/gi, `otpauth://${REDACTED}`],
  // name=value pairs: query strings, cookies, form bodies
  [
    /\b([\w.-]*(?:token|secret|password|passwd|session|otp|code|signature|sig|key)[\w.-]*=)[^&;\s"'\\,<>]+/gi,
    `$1${REDACTED}`,
  ],
  // "name": "value" (or an array of values) in JSON text
  [
    new RegExp(`("(?:${SECRET_NAME})"\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*"|\\[[^\\]]*\\])`, 'gi'),
    `$1"${REDACTED}"`,
  ],
  // PostgreSQL's detail of a unique or foreign key violation: Key (token)=(…)
  [/(\bKey \([^)]*\)=)\((?:[^"\\\n]|\\[^n])*/g, `$1(${REDACTED})`],
];

/** `text` with every secret the patterns recognise replaced by `[Redacted]`. */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
  return out;
}

type ErrorLike = Error & { params?: unknown; cause?: unknown; errors?: unknown };

/**
 * `text` (an error's message or stack) without the parameters drizzle appended to it: exactly
 * `params: ${err.params}` when the error carries them, then `redactText` for the rest.
 */
function cleanErrorText(text: string, err: ErrorLike): string {
  const params = err.params === undefined ? '' : `params: ${String(err.params)}`;
  const cut = params && text.includes(params) ? text.split(params).join(`params: ${REDACTED}`) : text;
  return redactText(cut);
}

/** Own fields of an error that are copied to the log (with `code`, the SQLSTATE or errno). */
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'routine',
  'statusCode',
  'query',
  'errno',
  'syscall',
];

/**
 * An error as the log shows it: type, message, stack, its diagnostic fields and its causes (up to
 * 5 deep), each cleaned; a failed statement's `params` never. Anything but an Error is cleaned as
 * text (or left as it is).
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (typeof err === 'string') return redactText(err);
  if (!(err instanceof Error)) return err;
  const e = err as ErrorLike & Record<string, unknown>;
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? 'Error',
    message: cleanErrorText(e.message, e),
    stack: e.stack === undefined ? undefined : cleanErrorText(e.stack, e),
  };
  for (const field of ERROR_FIELDS) {
    const value = e[field];
    if (value !== undefined) out[field] = typeof value === 'string' ? redactText(value) : value;
  }
  if (depth < 5 && e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
  if (depth < 5 && Array.isArray(e.errors)) out.errors = e.errors.map((x) => serializeError(x, depth + 1));
  return out;
}

/** The request as a log line shows it: no headers, the URL's secret query values masked. */
function serializeRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactText(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The message of a log call that passes an error and no message: pino would take the raw one. */
function errorMessage(first: unknown): string | undefined {
  if (first instanceof Error) return cleanErrorText(first.message, first);
  const err = (first as { err?: unknown } | null)?.err;
  return err instanceof Error ? cleanErrorText(err.message, err) : undefined;
}

/** pino's options carrying the policy (see the module comment); `extra` is merged in (level, transport). */
export function redactingLoggerOptions(extra: LoggerOptions = {}): LoggerOptions {
  return {
    ...extra,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      err: serializeError,
      error: serializeError,
      cause: serializeError,
      req: serializeRequest,
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      args: (args: unknown) =>
        Array.isArray(args) ? args.map((a) => serializeError(a)) : serializeError(args),
    },
    hooks: {
      logMethod(args: unknown[], method: (...a: unknown[]) => void) {
        const list = [...args] as unknown[];
        if (typeof list[1] !== 'string' && typeof list[0] === 'object' && list[0] !== null) {
          const message = errorMessage(list[0]);
          if (message !== undefined) list[1] = message;
        }
        const clean = list.map((a) => (typeof a === 'string' ? redactText(a) : a));
        method.apply(this, clean);
      },
      streamWrite: redactText,
    },
  };
}

/**
 * The app's logger options (Fastify's `logger`): `config.logLevel`, pretty lines in development,
 * JSON lines to `stream` (tests capture them) or stdout, under the redaction policy.
 */
export function appLoggerOptions(
  config: { logLevel: string; env: string },
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    ...redactingLoggerOptions({ level: config.logLevel }),
    ...(stream
      ? { stream }
      : config.env === 'development' && {
          transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
        }),
  };
}
