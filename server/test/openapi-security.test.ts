/**
 * The OpenAPI document tells the truth about credentials (docs/architecture.md "API contract"): an
 * operation declares the bearer scheme exactly when a guard protects it (server/lib/guarded-scope.ts
 * knows guards by identity; a plugin's `onRequest` hook, such as compression's, is none), `security:
 * []` when it is public, and GET /api/metrics its own `metricsToken`. Checked twice: over the
 * document (every operation has one of those, and the secured ones declare 401 and 403), and by
 * asking every operation without credentials: 401 exactly where the document demands some. A
 * gateway that enforces the document (server/test/openapi-gateway.ts) then lets every public
 * request through, sign-in included.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useBareTestContext } from './context';
import { fillPath } from './openapi-gateway';
import type { OpenApiDocument } from './openapi-contract';

const t = useBareTestContext({ metricsToken: 'openapi-security-metrics-token' });

type Operation = { security?: Record<string, string[]>[]; responses?: Record<string, unknown> };
let operations: { method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as OpenApiDocument;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op: op as Operation })),
  );
});

const schemesOf = (op: Operation) => (op.security ?? []).flatMap((s) => Object.keys(s)).join(',');
/** The operations that need no credentials, by the document. */
const PUBLIC = [
  'GET /api/health',
  'POST /api/auth/signin',
  'POST /api/auth/signup',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/contacts',
];

describe('security in the OpenAPI document', () => {
  it('declares on every operation security [] or one scheme, with 401 and 403 when secured', () => {
    expect(operations.length).toBeGreaterThan(100);
    const wrong = operations.flatMap(({ method, path, op }) => {
      const schemes = schemesOf(op);
      const expected = path === '/api/metrics' ? ['metricsToken'] : ['', 'bearer'];
      const problems: string[] = [];
      if (op.security === undefined) problems.push('no security');
      if (!expected.includes(schemes)) problems.push(`security ${JSON.stringify(op.security)}`);
      const statuses = Object.keys(op.responses ?? {});
      if (schemes === 'bearer' && !(statuses.includes('401') && statuses.includes('403')))
        problems.push('secured without 401 and 403');
      return problems.map((p) => `${method} ${path}: ${p}`);
    });
    expect(wrong).toEqual([]);
  });

  it('leaves the public pages of the site public (sign-in, sign-up, password reset, contact, health)', () => {
    const secured = operations
      .filter(({ method, path, op }) => PUBLIC.includes(`${method} ${path}`) && schemesOf(op) !== '')
      .map(({ method, path }) => `${method} ${path}`);
    expect(operations.filter(({ method, path }) => PUBLIC.includes(`${method} ${path}`))).toHaveLength(
      PUBLIC.length,
    );
    expect(secured).toEqual([]);
  });

  it('answers 401 without credentials exactly where the document demands them', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operations) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: fillPath(path, 'unknown'),
        ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }),
      });
      const secured = schemesOf(op) !== '';
      if (secured !== (res.statusCode === 401)) {
        wrong.push(
          `${method} ${path}: ${secured ? 'secured' : 'public'} in the document, answered ${res.statusCode}`,
        );
      }
    }
    const counts = operations.filter(({ op }) => schemesOf(op) === '').length;
    console.log(
      `openapi security: ${counts} public and ${operations.length - counts} secured operations asked`,
    );
    expect(wrong).toEqual([]);
  });
});
