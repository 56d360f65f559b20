/**
 * OpenTelemetry tracing (docs/operations.md "Tracing"). Off unless OTEL_EXPORTER_OTLP_ENDPOINT is
 * set: then `startTracing` (lib/tracing-sdk.ts, which loads the SDK only then) registers a tracer provider that sends spans over OTLP/HTTP (JSON) in
 * batches, and the app gets
 * - a span per request (`@fastify/otel`, the Fastify team's instrumentation: the request, its hooks
 *   and its handler), its trace continued from a caller's `traceparent` header (W3C Trace Context);
 * - a span per database statement run inside another span (`traceStatement`, called by
 *   db/client.ts on either driver), with the statement's text (values are parameters, never in it);
 *   the workers' polls, outside any span, make none;
 * - a span per mail the mail worker sends and per webhook delivery it tries (`traceWork`);
 * - `traceId` and `spanId` on every log line written inside a span, beside the request id.
 * Off, none of this runs: `traceStatement` and `traceWork` only call through (one boolean read),
 * no instrumentation is registered and the log lines stay as they were.
 */
import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';

/** The longest statement text a span keeps (characters). */
const MAX_STATEMENT = 2_000;
/** The tracer's name in every span this code makes. */
export const TRACER = 'broker';

let enabled = false;

/** Turns the spans of `traceStatement`, `traceWork` and `traceIds` on or off (lib/tracing-sdk.ts). */
export function setTracing(on: boolean): void {
  enabled = on;
}

/** Ends `span` when `result` settles (at once when it is not a promise); answers `result` as it is. */
function endWith<T>(span: Span, result: T): T {
  const end = (err?: unknown) => {
    if (err) span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
    span.end();
  };
  if (result && typeof (result as { then?: unknown }).then === 'function')
    (result as unknown as PromiseLike<unknown>).then(() => end(), end);
  else end();
  return result;
}

/**
 * Runs `send` (one statement to the database, `text` its SQL) in a span of its own when tracing is
 * on; otherwise only calls it. A statement that fails marks its span as an error.
 */
export function traceStatement<T>(text: string, send: () => T): T {
  if (!enabled) return send();
  const parent = trace.getActiveSpan();
  if (!parent) return send();
  const span = trace.getTracer(TRACER).startSpan(text.trimStart().split(/\s/, 1)[0]!.toUpperCase() || 'SQL', {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, MAX_STATEMENT) },
  });
  return context.with(trace.setSpan(context.active(), span), () => {
    try {
      return endWith(span, send());
    } catch (err) {
      endWith(span, undefined);
      throw err;
    }
  });
}

/** Runs one piece of a worker's work (`name`: "mail send", "webhook delivery") in a span when tracing is on. */
export function traceWork<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work();
  return trace
    .getTracer(TRACER)
    .startActiveSpan(name, { kind: SpanKind.INTERNAL }, (span) => endWith(span, work()));
}

/** The active span's ids for a log line (`traceId`, `spanId`); nothing when tracing is off or outside a span. */
export function traceIds(): Record<string, string> {
  if (!enabled) return {};
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx ? { traceId: ctx.traceId, spanId: ctx.spanId } : {};
}
