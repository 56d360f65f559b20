/**
 * docs/operations.md "Tracing": with OTEL_EXPORTER_OTLP_ENDPOINT set, a real OTLP/HTTP receiver
 * sees one trace per request, with its database statements as spans of that trace, a caller's
 * `traceparent` continued, and the log lines carrying the trace's id beside the request id. Off,
 * nothing is traced and the log lines carry no trace id.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppInstance } from '../app-context';
import { createTestDatabase, testConfig } from '../test/app';
import { createAdmin } from '../test/factories';
import { traceIds, traceStatement } from './tracing';
import { startTracing, type Tracing } from './tracing-sdk';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string } }[];
}

/** A real OTLP/HTTP receiver: the spans of every JSON export posted to /v1/traces. */
async function startOtlpReceiver() {
  const spans: OtlpSpan[] = [];
  const paths: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const doc = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const r of doc.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    paths,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const attr = (s: OtlpSpan, key: string) => s.attributes.find((a) => a.key === key)?.value.stringValue;

describe('tracing on', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let tracing: Tracing;
  let app: AppInstance;
  let drop: () => Promise<void>;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    tracing = (await startTracing(receiver.url))!;
    const db = await createTestDatabase();
    drop = db.drop;
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp(testConfig({ logLevel: 'info' }), db.database, { tracing, logStream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
    await receiver.close();
  });

  it('sends one trace per request, with its statements inside it, and names it in the logs', async () => {
    const admin = await createAdmin(app);
    const first = await app.inject({ method: 'GET', url: '/api/user/admin', headers: admin.headers });
    const caller = '4bf92f3577b34da6a3ce929d0e0e4736';
    // a route that reads the database on either driver (on PostgreSQL the session itself may come
    // from the session cache, with no statement)
    const second = await app.inject({
      method: 'GET',
      url: '/api/audit',
      headers: { ...admin.headers, traceparent: `00-${caller}-00f067aa0ba902b7-01` },
    });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await tracing.shutdown(); // flushes the batch

    expect(receiver.paths[0]).toBe('POST /v1/traces application/json');
    const traces = new Map<string, OtlpSpan[]>();
    for (const s of receiver.spans) traces.set(s.traceId, [...(traces.get(s.traceId) ?? []), s]);
    // the two requests, and nothing else (the test's own inserts and the workers' polls are in no span)
    expect(traces.size).toBe(2);
    expect(traces.has(caller)).toBe(true);
    for (const [traceId, spans] of traces) {
      const ids = new Set(spans.map((s) => s.spanId));
      const roots = spans.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId));
      expect(roots, traceId).toHaveLength(1);
      const statements = spans.filter((s) => attr(s, 'db.system.name') === 'postgresql');
      expect(statements.length, traceId).toBeGreaterThan(0);
      for (const s of statements) expect(ids.has(s.parentSpanId!)).toBe(true);
      expect(statements.some((s) => /select/i.test(attr(s, 'db.query.text') ?? ''))).toBe(true);
    }
    // the statement text has its values as parameters: the session token never appears
    const token = admin.headers.authorization.slice('Bearer '.length);
    expect(JSON.stringify(receiver.spans)).not.toContain(token);
    // each request's log line names its trace beside its request id
    const done = lines.filter((l) => l.msg === 'request completed');
    expect(done.map((l) => l.traceId).sort()).toEqual([...traces.keys()].sort());
    expect(done.every((l) => typeof l.reqId === 'string' && typeof l.spanId === 'string')).toBe(true);
  });
});

describe('tracing off', () => {
  it('loads and registers nothing: statements run as they are and log lines carry no trace id', async () => {
    expect(await startTracing(undefined)).toBeNull();
    expect(traceStatement('select 1', () => 42)).toBe(42);
    expect(traceIds()).toEqual({});
  });
});
