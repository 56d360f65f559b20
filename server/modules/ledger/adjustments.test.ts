/**
 * A ledger adjustment (adjustments.ts) is one read and one statement (plus the session read on
 * PGlite, which has no session cache). The route is idempotent, so the idempotency layer
 * (lib/idempotency.ts) wraps them in its transaction: its BEGIN and COMMIT make 4 round trips, and
 * with an Idempotency-Key its key claim and answer store make 6 (11 before the statement). And the statement keeps the transaction's promise under a race: debits that together
 * overdraw, sent at once, leave the balance at or above zero (409 for the rest).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { counted, sessionReads } from '../../test/round-trips';
import { auditLog } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { getClientFigures } from './service';
import { createClient, ledgerViolations } from './testing';

const { t, admin, inject } = useTestContext({ smtpUrl: undefined });
const adjust = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  inject(
    'POST',
    `/api/user/admin/account/${id}/adjustments`,
    { ...admin.headers, ...headers },
    {
      direction: 'credit',
      amount: 10,
      reason: 'Goodwill',
      ...body,
    },
  );

describe('POST /api/user/admin/account/:id/adjustments in round trips', () => {
  const session = () => sessionReads(t);

  it('credits and debits in 4 each (2 of them the service), 6 for a new account; 6 with an Idempotency-Key', async () => {
    const c = await createClient(t.app);
    expect((await inject('GET', `/api/deposits?userId=${c.id}`, admin.headers)).statusCode).toBe(200);
    const credit = await counted(() => adjust(c.id, { amount: '120.50' }));
    expect(credit.result.statusCode, credit.result.body).toBe(201);
    expect(credit.result.json().data.available).toBe(120.5);
    // inside the idempotency transaction the client's first account is made before the statement
    // (a statement that lost the race to make it could not be tried again there): + create, + read
    expect(credit.statements.length, credit.statements.join('\n')).toBeLessThanOrEqual(6 + session());
    expect(credit.statements.filter((s) => !/^(begin|commit)/i.test(s))).toHaveLength(4 + session());

    const debit = await counted(() => adjust(c.id, { direction: 'debit', amount: 20 }));
    expect(debit.result.json().data.available).toBe(100.5);
    expect(debit.statements.length, debit.statements.join('\n')).toBeLessThanOrEqual(4 + session());
    expect(debit.statements.filter((s) => !/^(begin|commit)/i.test(s))).toHaveLength(2 + session());

    const keyed = await counted(() => adjust(c.id, { amount: 1 }, { 'idempotency-key': 'adjust-key-0001' }));
    expect(keyed.result.statusCode).toBe(201);
    expect(keyed.statements.length, keyed.statements.join('\n')).toBeLessThanOrEqual(6 + session());

    const over = await counted(() => adjust(c.id, { direction: 'debit', amount: 500 }));
    expect(over.result.statusCode).toBe(409);
    expect(over.result.json().message).toContain('101.50');
    expect(over.statements.length).toBeLessThanOrEqual(4 + session());

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, c.id));
    expect(audits.map((a) => [a.before, a.after])).toEqual(
      expect.arrayContaining([
        [{ available: 0 }, { available: 120.5, direction: 'credit', amount: 120.5, reason: 'Goodwill' }],
        [{ available: 120.5 }, { available: 100.5, direction: 'debit', amount: 20, reason: 'Goodwill' }],
      ]),
    );
    expect(audits).toHaveLength(3);
    expect((await getClientFigures(t.database.db, c.id)).balance).toBe(101_50n);
  });

  it('debits sent at once never overdraw: as many as the balance covers, 409 for the rest', async () => {
    const c = await createClient(t.app, { balance: 30_00n });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => adjust(c.id, { direction: 'debit', amount: 10 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect((await getClientFigures(t.database.db, c.id)).balance).toBe(0n);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('credits sent at once to a client with no account yet all post (the account is made once)', async () => {
    const c = await createClient(t.app);
    const answers = await Promise.all(Array.from({ length: 4 }, () => adjust(c.id, { amount: 5 })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await getClientFigures(t.database.db, c.id)).balance).toBe(20_00n);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
