/**
 * The mail outbox by cursor (docs/integrations.md "Cursor pages"): newest first, each failed mail
 * present when the reading began read exactly once while more fail between pages.
 */
import { describe, expect, it } from 'vitest';
import { failedMail } from '../../test/app';
import { useTestContext } from '../../test/context';

const { admin, inject, db } = useTestContext();

describe('the mail outbox by cursor', () => {
  it('reads each failed mail once, newest first, while more fail between pages', async () => {
    const before: string[] = [];
    for (let i = 0; i < 5; i += 1) before.unshift(await failedMail(db()));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/mail/outbox?status=failed&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await inject('GET', url, admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: { _id: string }[]; nextCursor: string | null };
      seen.push(...body.data.map((m) => m._id));
      if (seen.length === 2) await failedMail(db());
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(before);
  });
});
