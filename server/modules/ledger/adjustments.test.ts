/**
 * A ledger adjustment (adjustments.ts) is one read and one statement, inside the route's
 * transaction after four-eyes has taken the maker and client's lock and summed what the maker moved
 * on the client lately (modules/approvals/aggregate.ts: the check and the posting must be atomic):
 * BEGIN, lock and sum (one call), read, statement, COMMIT; an Idempotency-Key adds its lookup (before BEGIN) and
 * its claim (the key with the answer, before COMMIT), and a replay is the lookup alone. And
 * the statement keeps the transaction's promise under a race: debits that together overdraw, sent
 * at once, leave the balance at or above zero (409 for the rest); one key sent twice at once posts
 * once and answers both the same.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { counted } from '../../test/round-trips';
import { auditLog } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { getClientFigures } from './service';
import { createClient, ledgerViolations } from '../../test/factories';

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

/** The statements of the request's transaction, BEGIN to COMMIT (the session and target reads come before). */
const inTx = (s: string[]) =>
  s.slice(
    Math.max(
      0,
      s.findIndex((x) => /^begin/i.test(x)),
    ),
  );

describe('POST /api/user/admin/account/:id/adjustments in round trips', () => {
  it('credits and debits in one transaction of 5 round trips, a client’s first account and an Idempotency-Key included', async () => {
    const c = await createClient(t.app);
    expect((await inject('GET', `/api/deposits?userId=${c.id}`, admin.headers)).statusCode).toBe(200);
    const credit = await counted(() => adjust(c.id, { amount: '120.50' }));
    expect(credit.result.statusCode, credit.result.body).toBe(201);
    expect(credit.result.json().data.available).toBe(120.5);
    expect(inTx(credit.statements), credit.statements.join('\n')).toHaveLength(7);

    const debit = await counted(() => adjust(c.id, { direction: 'debit', amount: 20 }));
    expect(debit.result.statusCode, debit.result.body).toBe(201);
    expect(debit.result.json().data.available).toBe(100.5);
    expect(
      inTx(debit.statements).map((x) => x.slice(0, 30)),
      debit.statements.join('\n'),
    ).toEqual([
      expect.stringMatching(/^begin/i),
      expect.stringContaining('four_eyes_moved'),
      expect.stringMatching(/^select/),
      expect.stringMatching(/^with/),
      expect.stringMatching(/^commit/i),
    ]);

    // the key adds two round trips, as the insert and update of the key did before: its lookup
    // before BEGIN and its claim (the key with the answer) before COMMIT
    const key = { 'idempotency-key': 'adjust-key-0001' };
    const keyed = await counted(() => adjust(c.id, { amount: 1 }, key));
    expect(keyed.result.statusCode).toBe(201);
    const keyedTx = inTx(keyed.statements);
    expect(keyed.statements, keyed.statements.join('\n')).toHaveLength(debit.statements.length + 2);
    expect(keyed.statements[keyed.statements.length - keyedTx.length - 1]).toContain('jsonb_build_object');
    expect(keyedTx.at(-2)).toMatch(/^insert into "idempotency_keys"/);
    // a replay is the lookup alone, with no transaction (it was BEGIN, insert, read, COMMIT)
    const replay = await counted(() => adjust(c.id, { amount: 1 }, key));
    expect(replay.result.statusCode).toBe(201);
    expect(replay.result.headers['idempotent-replayed']).toBe('true');
    expect(replay.result.json()).toEqual(keyed.result.json());
    const beforeTx = debit.statements.length - inTx(debit.statements).length;
    expect(replay.statements, replay.statements.join('\n')).toHaveLength(beforeTx + 1);
    expect(replay.statements.at(-1)).toContain('jsonb_build_object');
    expect((await adjust(c.id, { amount: 2 }, key)).statusCode).toBe(409);

    const over = await counted(() => adjust(c.id, { direction: 'debit', amount: 500 }));
    expect(over.result.statusCode).toBe(409);
    expect(over.result.json().message).toContain('101.50');
    expect(inTx(over.statements)).toHaveLength(4);

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

  it('one Idempotency-Key sent twice at once posts once and answers both the same', async () => {
    const c = await createClient(t.app, { balance: 10_00n });
    const key = { 'idempotency-key': 'adjust-race-0001' };
    const [a, b] = await Promise.all([adjust(c.id, { amount: 7 }, key), adjust(c.id, { amount: 7 }, key)]);
    expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
    expect(a!.json()).toEqual(b!.json());
    expect(a!.json().data.available).toBe(17);
    expect((await getClientFigures(t.database.db, c.id)).balance).toBe(17_00n);
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
