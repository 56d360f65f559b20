/**
 * The users export (GET /api/user/admin/export.csv) streams from the database; a search the
 * database refuses (a NUL character) is answered 400 before any byte of the file, not as a
 * download cut off after its headers (lib/csv.ts `csvStream` reads the first batch first).
 */
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/context';
import { expectAnswer } from '../../test/expect';

const { admin, inject } = useTestContext();

describe('GET /api/user/admin/export.csv with a search the database refuses', () => {
  it('answers 400 with a message instead of a broken download', async () => {
    for (const search of ['%00', 'a%00b']) {
      const res = await inject('GET', `/api/user/admin/export.csv?search=${search}`, admin.headers);
      expectAnswer(res, 400, 'Invalid request');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    const fine = await inject('GET', '/api/user/admin/export.csv?search=%C0%80', admin.headers);
    expect(fine.statusCode).toBe(200);
  });
});
