/**
 * Error codes per operation in the OpenAPI document (server/lib/openapi.ts, docs/integrations.md
 * "Errors"): an operation that names its codes lists, under each status, exactly those of its own,
 * its guard's, its validation's and its rate limit's, and no status none of them has; one that does
 * not lists every catalogue code of each status. The contract replay (contract-replay.test.ts)
 * checks each answer against these lists, so a code an operation answers but does not list fails it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '@common/errors';
import { codesOfStatus, openApiTransform } from '../lib/openapi';
import { conflict } from '../lib/route-schemas';
import { contractProblems, UNKNOWN_ID } from './app';
import { useBareTestContext } from './context';

const t = useBareTestContext();
type Responses = Record<
  string,
  { content?: { 'application/json'?: { schema?: { properties?: { code?: { enum?: string[] } } } } } }
>;
let paths: Record<string, Record<string, { responses: Responses }>> = {};

beforeAll(async () => {
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});

/** The `code` enum of each error status of an operation. */
function codes(path: string, method: string): Record<string, string[]> {
  const responses = paths[path]![method]!.responses;
  return Object.fromEntries(
    Object.entries(responses)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, r]) => [status, r.content?.['application/json']?.schema?.properties?.code?.enum ?? []]),
  );
}

describe('error codes by operation', () => {
  it('lists exactly the codes of an operation that names its own, by status', () => {
    const redeliver = codes('/api/webhooks/deliveries/{id}/redeliver', 'post');
    expect(redeliver['404']).toEqual(['webhook_delivery_not_found', 'not_found']);
    expect(redeliver['414']).toEqual(['uri_too_long']);
    expect(redeliver['415']).toEqual(['unsupported_media_type']);
    expect(redeliver['409']).toEqual(['webhook_delivery_pending', 'webhook_endpoint_disabled']);
    expect(redeliver['403']).toContain('api_key_scope');
    expect(redeliver['403']).not.toContain('email_taken');
    expect(redeliver['422']).toBeUndefined();
    const list = codes('/api/webhooks/endpoints', 'get');
    expect(list['400']).toBeUndefined();
    expect(list['404']).toBeUndefined();
    // a client's key creation: its fresh factor's codes, no staff guard's
    const mine = codes('/api/api-keys/mine', 'post');
    expect(mine['409']).toEqual([
      'api_key_second_factor_needed',
      'two_factor_not_on',
      'authentication_code_used',
    ]);
    expect(mine['403']).not.toContain('role_not_allowed');
  });

  it('lists what the account, profile and transparency routes answer, and not what they cannot', () => {
    // sign-in: its own refusals under their statuses; a public route, so no guard's code
    const signIn = codes('/api/auth/signin', 'post');
    expect(signIn['401']).toEqual(['invalid_credentials']);
    expect(signIn['403']).toEqual([
      'account_blocked',
      'staff_deactivated',
      'staff_network_refused',
      'not_admin',
    ]);
    expect(signIn['429']).toEqual(['account_locked', 'too_many_requests']);
    expect(signIn['404']).toBeUndefined();
    // the client's own history: its cursor's code, a signed-in guard's codes, no staff guard's
    const history = codes('/api/auth/sign-in-history', 'get');
    expect(history['400']).toContain('invalid_cursor');
    expect(history['403']).toContain('account_blocked');
    expect(history['403']).not.toContain('role_not_allowed');
    expect(history['409']).toBeUndefined();
    expect(codes('/api/user/admin/{id}/sign-in-history', 'get')['403']).toContain('role_not_allowed');
    // a money route's Idempotency-Key codes with four-eyes' and the ledger's
    const adjust = codes('/api/user/admin/account/{id}/adjustments', 'post');
    expect(adjust['400']).toContain('invalid_idempotency_key');
    expect(adjust['409']).toEqual([
      'already_waiting_for_approval',
      'adjustment_overdraw',
      'adjustment_busy',
      'idempotency_key_reused',
    ]);
    // a body over the limit answers the route's own 413, never the parser's
    expect(codes('/api/transparency/verify-statement', 'post')['413']).toEqual(['statement_too_large']);
    expect(codes('/api/user/profile-picture', 'post')['413']).toEqual(['file_too_large']);
    // the health checks answer no error at all: their 503 is the health answer
    expect(Object.keys(codes('/api/health', 'get'))).toEqual(['503']);
  });

  it('files every listed code under its own status', () => {
    for (const [path, item] of Object.entries(paths))
      for (const [method] of Object.entries(item))
        for (const [status, list] of Object.entries(codes(path, method)))
          for (const code of list)
            expect(ERRORS[code as ErrorCode]?.status, `${method} ${path} ${code}`).toBe(Number(status));
  });

  it('lists every code of the status where the operation names none', () => {
    // an operation of its own: the document's may all name theirs
    const out = openApiTransform({
      schema: { response: { 409: conflict('Refused') } },
      url: '/api/example',
      route: { method: 'PUT', url: '/api/example', config: {} },
      openapiObject: { openapi: '3.0.3' },
    } as unknown as Parameters<typeof openApiTransform>[0]) as {
      schema: { response: Record<string, { properties: { code: { enum: string[] } } }> };
    };
    expect(out.schema.response['409']!.properties.code.enum.sort()).toEqual(codesOfStatus(409).sort());
  });

  it('fails a test file whose traffic answers a code its operation does not list', async () => {
    const url = `/api/webhooks/deliveries/${UNKNOWN_ID}/redeliver`;
    const answer = (status: number, code: string) => ({
      method: 'POST',
      url,
      status,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ code, message: 'refused' }),
    });
    const listed = await contractProblems(t.app, [answer(409, 'webhook_delivery_pending')]);
    expect(listed).toEqual([]);
    const unlisted = await contractProblems(t.app, [
      answer(409, 'email_taken'),
      answer(422, 'insufficient_balance'),
    ]);
    expect(unlisted).toHaveLength(2);
    expect(unlisted[0]).toContain('/code must be equal to one of the allowed values');
    expect(unlisted[1]).toContain('status not in the document');
  });

  it('has every operation of the document name its own codes', () => {
    const documented = new Set(
      Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`)),
    );
    const unnamed = t.app.routeTable
      .filter((r) => documented.has(`${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`))
      .filter((r) => r.errorCodes === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(documented.size).toBeGreaterThan(150);
    expect(unnamed).toEqual([]);
  });
});
