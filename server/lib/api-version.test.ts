/**
 * docs/integrations.md "Versioned paths": /api/v1/… answers as /api/…, through the same guards, and
 * /api/v1/openapi.json is the OpenAPI document; nothing else is rewritten.
 */
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../test/context';
import { createApiKey, createClient } from '../test/factories';
import { unversionedUrl } from './api-version';

const { t, admin, inject } = useTestContext();

describe('unversionedUrl', () => {
  it('drops the version of /api/v1 paths, keeps the query, and leaves everything else', () => {
    expect(unversionedUrl('/api/v1/user/admin?page=2')).toBe('/api/user/admin?page=2');
    expect(unversionedUrl('/api/v1')).toBe('/api');
    expect(unversionedUrl('/api/v1?x=1')).toBe('/api?x=1');
    expect(unversionedUrl('/api/v1/openapi.json')).toBe('/api/docs/json');
    expect(unversionedUrl('/api/v1/openapi.json?pretty')).toBe('/api/docs/json?pretty');
    for (const same of ['/api/user/admin', '/api/v10/user', '/api/v1x', '/v1/api/health', '/account/home'])
      expect(unversionedUrl(same)).toBe(same);
  });
});

describe('/api/v1 on the app', () => {
  it('serves the OpenAPI document, and answers as the unversioned path with the same guards', async () => {
    const doc = await inject('GET', '/api/v1/openapi.json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toEqual((await inject('GET', '/api/docs/json')).json());

    expect((await inject('GET', '/api/v1/user/admin')).statusCode).toBe(401);
    const client = await createClient(t.app);
    expect((await inject('GET', '/api/v1/user/admin', client.headers)).statusCode).toBe(403);
    const listed = await inject(
      'GET',
      `/api/v1/user/admin?search=${encodeURIComponent(client.email)}`,
      admin.headers,
    );
    expect(listed.json().data.map((u: { _id: string }) => u._id)).toEqual([client.id]);

    const key = await createApiKey(t.database.db, admin.id, ['clients.block', 'clients.read']);
    const blocked = await inject('POST', `/api/v1/user/admin/${client.id}/block`, key.headers, {
      reason: 'Chargeback pattern',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await inject('GET', '/api/v10/user/admin', admin.headers)).statusCode).toBe(404);
  });
});
