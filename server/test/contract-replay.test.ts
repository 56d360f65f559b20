/**
 * Replays a journey per domain through `app.inject` and checks every answer (status, content type,
 * JSON body) against the OpenAPI document the same app serves at /api/docs/json (docs/architecture.md
 * "API contract"): a status the operation does not declare, a content type it does not declare, or
 * a body its schema refuses fails, with the operation, status and path of the bad field. Sweeps
 * first ask every operation as a visitor, as a client and with unknown or malformed ids, then the
 * journeys walk the successful paths; the last test requires every operation to have answered.
 * Every request also passes a gateway that enforces the document (server/test/openapi-gateway.ts:
 * routing, security, request schemas): what it refuses the app must refuse too, and what it lets
 * through without credentials the app must not answer 401.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from './context';
import { ContractChecker, recordAnswers, type Answer, type OpenApiDocument } from './openapi-contract';
import type { TestMethod } from './app';
import { fillPath as fill, putGatewayInFront } from './openapi-gateway';
import { contractWitnessKey, journeys, METRICS_TOKEN } from './contract-journeys';
import { createClient } from './factories';

// with a metrics token, so GET /api/metrics answers (it is off without one), and a witness, so
// POST /api/transparency/cosignatures accepts the journal journey's cosignatures
const { t, admin } = useTestContext({
  metricsToken: METRICS_TOKEN,
  transparencyWitnesses: [contractWitnessKey()],
});
let answers: Answer[] = [];
let gatewayMismatches: string[] = [];
let checker: ContractChecker;
let checked = 0;

beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  checker = new ContractChecker(res.json() as OpenApiDocument);
  answers = recordAnswers(t.app);
  gatewayMismatches = await putGatewayInFront(t.app, res.json() as object);
});

/** Checks the answers recorded since the last call, and the gateway's verdicts; fails listing every mismatch. */
afterEach(() => {
  const fresh = answers.slice(checked);
  checked = answers.length;
  const mismatches = [...new Set(fresh.flatMap((a) => checker.check(a)))];
  expect(mismatches, `${mismatches.length} answers differ from the OpenAPI document`).toEqual([]);
  const refused = gatewayMismatches.splice(0);
  expect(refused, `${refused.length} requests judged otherwise by the gateway`).toEqual([]);
});
const opsOf = () =>
  checker.operations().map((o) => {
    const [method, path] = o.split(' ') as [TestMethod, string];
    return { method, path };
  });
const send = (method: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }),
  });

describe('sweeps: every operation as a visitor, a client and with bad ids', () => {
  it('asks every operation without a session', async () => {
    for (const { method, path } of opsOf()) await send(method, fill(path, 'unknown'));
  });

  it('asks every operation as a client with an empty body (sign-out last)', async () => {
    const c = await createClient(t.app);
    const last = (o: { path: string }) => o.path === '/api/auth/signout';
    const ops = [...opsOf().filter((o) => !last(o)), ...opsOf().filter(last)];
    for (const { method, path } of ops) await send(method, fill(path, 'unknown'), c.headers);
  });

  it('asks every operation with path parameters as an admin, with unknown and malformed ids', async () => {
    for (const { method, path } of opsOf().filter((o) => o.path.includes('{'))) {
      await send(method, fill(path, 'unknown'), admin.headers);
      await send(method, fill(path, 'malformed'), admin.headers);
    }
  });
});

describe('journeys', () => {
  for (const j of journeys) {
    it(j.name, async () => {
      await j.run({ t, admin });
    });
  }
});

describe('the checker itself', () => {
  it('refuses a wrong body, an undeclared status and an undeclared content type', () => {
    const ok = answers.find((a) => a.status === 200 && a.url === '/api/health')!;
    expect(checker.check(ok)).toEqual([]);
    const wrong = { ...ok, body: JSON.stringify({ status: 'fine', database: { state: 'up' } }) };
    expect(checker.check(wrong).join('\n')).toMatch(
      /GET \/api\/health → 200: \/status .*\n.*\/database .*driver/,
    );
    expect(checker.check({ ...ok, status: 418 })[0]).toMatch(/status not in the document/);
    expect(checker.check({ ...ok, contentType: 'text/html' })[0]).toMatch(/content type "text\/html"/);
    expect(checker.check({ ...ok, url: '/api/nowhere' })[0]).toMatch(/no operation/);
  });
});

describe('coverage', () => {
  it('has an answer from every operation of the document, and a 2xx from every one', () => {
    const seen = [...checker.seen];
    const answered = (op: string, status = /./) =>
      seen.some((s) => s.startsWith(`${op} `) && status.test(s.slice(op.length + 1)));
    const ops = checker.operations();
    const silent = ops.filter((op) => !answered(op));
    const no2xx = ops.filter((op) => !answered(op, /^2/));
    console.log(
      `contract replay: ${answers.length} answers checked; ${ops.length - silent.length}/${ops.length} operations answered, ` +
        `${ops.length - no2xx.length}/${ops.length} with a 2xx; ${seen.length} operation+status pairs`,
    );
    expect(silent, 'operations the replay never reached').toEqual([]);
    expect(no2xx, 'operations the journeys never got a 2xx from').toEqual([]);
  });
});
