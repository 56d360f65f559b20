/**
 * The API contract of the money routes, read from the app's route table: every route of the
 * modules below has a summary and declares its 2xx answer (a zod schema from common/schemas, or a
 * documented content type such as the CSV export), so the OpenAPI document at /api/docs tells what
 * each answers and Fastify serializes the answer through that schema. A new route under one of
 * these prefixes without them fails here. Other modules join the list once declared.
 */
import { describe, expect, it } from 'vitest';
import { useBareTestContext } from './context';

const DECLARED = [
  '/api/deposits',
  '/api/withdrawals',
  '/api/c-withdrawals',
  '/api/b-withdrawals',
  '/api/transaction',
  '/api/reviews',
  '/api/ledger',
  '/api/user/active-plan',
  '/api/user/admin/active-plan',
  '/api/user/admin/add-profit',
  '/api/trading-activity',
  '/api/auth',
  '/api/user',
  '/api/notifications',
  '/api/support',
  '/api/contacts',
  '/api/audit',
  '/api/health',
  '/api/files',
];

const underDeclared = (url: string) => DECLARED.some((p) => url === p || url.startsWith(`${p}/`));

const t = useBareTestContext();

describe('API contract of the money routes', () => {
  it('gives every route a summary and a 2xx answer', () => {
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && underDeclared(r.url));
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .filter((r) => {
        const schema = (r.schema ?? {}) as { summary?: unknown; response?: Record<string, unknown> };
        const ok = Object.keys(schema.response ?? {}).some((status) => /^2\d\d$/.test(status));
        return typeof schema.summary !== 'string' || schema.summary === '' || !ok;
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
