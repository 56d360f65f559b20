/**
 * docs/integrations.md "Cursor pages": the users list in each of its orders (`sort`), by page number
 * and by cursor, and its CSV export in the same order. A cursor read, while clients keep signing
 * up between its pages, reads every client present at its start exactly once; a cursor the list
 * did not answer is refused.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USER_SORTS, type UserSort } from '@common/schemas/users';
import { users } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { createClient } from '../../test/factories';

const { t, admin, inject, db } = useTestContext();

/** A client with the given names and e-mail, joined `minutesAgo` minutes ago. */
async function client(tag: string, first: string, last: string, email: string, minutesAgo: number) {
  const c = await createClient(t.app);
  await db()
    .update(users)
    .set({
      firstName: first,
      lastName: last,
      email: `${email}.${tag}@example.com`,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .where(eq(users.id, c.id));
  return c.id;
}

/** Five clients of `tag`, in a known order for every sort. */
async function five(tag: string) {
  return {
    ada: await client(tag, 'Ada', 'Byron', 'zeta', 50),
    bo: await client(tag, 'Bo', 'Adams', 'mu', 40),
    cy: await client(tag, 'Cy', 'Adams', 'alpha', 30),
    di: await client(tag, 'Di', 'Curie', 'omega', 20),
    ed: await client(tag, 'Ed', 'Byron', 'beta', 10),
  };
}

const EXPECTED: Record<UserSort, (c: Awaited<ReturnType<typeof five>>) => string[]> = {
  newest: (c) => [c.ed, c.di, c.cy, c.bo, c.ada],
  oldest: (c) => [c.ada, c.bo, c.cy, c.di, c.ed],
  name: (c) => [c.bo, c.cy, c.ada, c.ed, c.di],
  email: (c) => [c.cy, c.ed, c.bo, c.di, c.ada],
};

const ids = (body: { data: { _id: string }[] }) => body.data.map((u) => u._id);

describe('the users list in its orders', () => {
  it('pages by number in each order, and exports in that order', async () => {
    const tag = `ord${Date.now().toString(36)}`;
    const c = await five(tag);
    for (const sort of USER_SORTS) {
      const page = (n: number) =>
        inject('GET', `/api/user/admin?search=${tag}&sort=${sort}&page=${n}&pageSize=10`, admin.headers);
      const first = await page(1);
      expect(first.statusCode, first.body).toBe(200);
      expect(ids(first.json()), sort).toEqual(EXPECTED[sort](c));
      const csv = await inject('GET', `/api/user/admin/export.csv?search=${tag}&sort=${sort}`, admin.headers);
      const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
      expect(
        rows.map((r) => Object.values(r).at(-1)),
        sort,
      ).toEqual(EXPECTED[sort](c));
    }
  });

  it('reads every client once by cursor in each order while others sign up between pages', async () => {
    for (const sort of USER_SORTS) {
      const tag = `cur${sort}${Date.now().toString(36)}`;
      const c = await five(tag);
      const seen: string[] = [];
      let cursor: string | null = null;
      let added = 0;
      do {
        const url: string = `/api/user/admin?search=${tag}&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await inject('GET', url, admin.headers);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { data: { _id: string }[]; nextCursor: string | null; total: number };
        seen.push(...ids(body));
        cursor = body.nextCursor;
        // a new client of this tag between pages: first by name and e-mail, newest by date
        if (cursor && added < 2) {
          added += 1;
          await client(tag, 'Aaron', 'Aaa', `aaa${added}`, -added);
        }
      } while (cursor);
      expect(new Set(seen).size, sort).toBe(seen.length);
      const expected = EXPECTED[sort](c);
      expect(
        seen.filter((id) => expected.includes(id)),
        sort,
      ).toEqual(expected);
    }
  });

  it('refuses a cursor it did not answer, and an unknown order', async () => {
    const bad = await inject('GET', '/api/user/admin?limit=5&cursor=bm90LWEtdXVpZA', admin.headers);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_cursor']);
    expect((await inject('GET', '/api/user/admin?sort=balance', admin.headers)).statusCode).toBe(400);
  });
});
