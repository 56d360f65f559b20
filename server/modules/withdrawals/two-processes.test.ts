/**
 * Parallel withdrawals can never overdraw a balance on PostgreSQL with TWO API processes. Starts
 * two real servers (server/main.ts) on one fresh database and sends 100 withdrawals, alternating
 * between them, against a balance that covers exactly one.
 * Needs PostgreSQL (TEST_DATABASE_URL); the single-process case runs on both drivers in
 * withdrawals.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useTwoApiProcesses } from '../../test/two-processes';
import { getClientFigures } from '../ledger/service';
import { createClient, ledgerViolations, savedCryptoWithdrawal, withdrawalCode } from '../../test/factories';

const pg = process.env.TEST_DATABASE_URL;

describe.skipIf(!pg)('two API processes on one PostgreSQL', () => {
  const t = useTwoApiProcesses();

  // every check is reserved first (at most 10 of an account's at once: docs/security.md "Throttling"),
  // so requests beyond those in flight may answer 429 instead of 422
  it('100 parallel withdrawals over both processes: exactly one accepted, the rest 422 or 429', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 50_00n });
    const body = await savedCryptoWithdrawal(t.app, c.id, 50, 'bitcoin');
    const codes = await Promise.all(Array.from({ length: 100 }, () => withdrawalCode(t.app, c.id, body)));
    const statuses = await Promise.all(
      codes.map(async (token, i) => {
        const res = await fetch(`${t.servers[i % 2]!.origin}/api/c-withdrawals`, {
          method: 'POST',
          headers: { ...c.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, token }),
        });
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422 || s === 429)).toHaveLength(99);
    expect(await getClientFigures(t.app.ctx.database.db, c.id)).toMatchObject({ balance: 0n, held: 50_00n });
    expect(await ledgerViolations(t.app.ctx.database.db)).toEqual([]);
  });
});
