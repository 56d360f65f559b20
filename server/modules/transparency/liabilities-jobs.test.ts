/**
 * The proof-of-liabilities snapshot and the integrity check as scheduled jobs of server/jobs.ts:
 * started with the app when their intervals are set, each pass stored. (Off without the settings:
 * liabilities.test.ts finds no snapshot until staff publish one.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrityChecks, liabilitiesSnapshots } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/app';
import { createClient } from '../../test/factories';

/** Polls `read` every 50 ms for up to 10 s until it answers rows. */
async function rowsOf<T>(read: () => Promise<T[]>): Promise<T[]> {
  let rows: T[] = [];
  for (let i = 0; i < 200 && rows.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 50));
    rows = await read();
  }
  return rows;
}

describe('the liabilities and integrity jobs', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ liabilitiesSnapshotIntervalMs: 300, integrityCheckIntervalMs: 300 });
  });
  afterAll(async () => t?.close());

  it('publish a snapshot and store a passing check on their own when their intervals are set', async () => {
    const c = await createClient(t.app, { balance: 77_00n });
    const snapshots = await rowsOf(() => t.database.db.select().from(liabilitiesSnapshots));
    expect(snapshots[0]).toMatchObject({ total: 77_00n, accounts: 1, leaves: 3, takenBy: null });
    const checks = await rowsOf(() => t.database.db.select().from(integrityChecks));
    expect(checks[0]).toMatchObject({ ok: true, firstDivergence: null });
    const proof = await t.app.inject({
      method: 'GET',
      url: '/api/transparency/liabilities/proof',
      headers: c.headers,
    });
    expect(proof.json().totalAtCutCents).toBe('7700');
  });
});
