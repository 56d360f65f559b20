/**
 * The approval queue by cursor (docs/integrations.md "Cursor pages"): pending oldest first and
 * decided newest first, each request present when the reading began read exactly once, while new
 * requests are held between pages; a cursor the queue did not answer is refused.
 */
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/context';
import { createClient, createTestUser } from '../../test/factories';

const { t, admin, inject } = useTestContext();

/** A large credit to a new client, held for a second member: answers the request's id. */
async function held(): Promise<string> {
  const client = await createClient(t.app);
  const res = await inject('POST', `/api/user/admin/account/${client.id}/adjustments`, admin.headers, {
    direction: 'credit',
    amount: 5000,
    reason: 'Wire received',
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data._id as string;
}

/** Every request of the queue `status` by cursor pages of 2, holding `between` more after the first page. */
async function readAll(status: 'pending' | 'decided', between: () => Promise<unknown>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let first = true;
  do {
    const url: string = `/api/approvals?status=${status}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await inject('GET', url, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { _id: string }[]; nextCursor: string | null };
    seen.push(...body.data.map((r) => r._id));
    cursor = body.nextCursor;
    if (first) await between();
    first = false;
  } while (cursor);
  return seen;
}

describe('the approval queue by cursor', () => {
  it('reads each pending request once, oldest first, while new ones are held between pages', async () => {
    const before = [await held(), await held(), await held(), await held(), await held()];
    const seen = await readAll('pending', async () => {
      await held();
      await held();
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
  });

  it('reads each decided request once, newest decision first, while others are decided between pages', async () => {
    const checker = await createTestUser(t.app, { role: 'owner' });
    const approve = (id: string) => inject('POST', `/api/approvals/${id}/approve`, checker.headers, {});
    const decided: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const id = await held();
      expect((await approve(id)).statusCode).toBe(200);
      decided.unshift(id);
    }
    const later = await held();
    const seen = await readAll('decided', () => approve(later));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => decided.includes(id))).toEqual(decided);
  });

  it('refuses a cursor it did not answer', async () => {
    const res = await inject('GET', '/api/approvals?limit=2&cursor=bm9wZQ', admin.headers);
    expect([res.statusCode, res.json().code]).toEqual([400, 'invalid_cursor']);
  });
});
