/**
 * A client opening a plan (open.ts) is one read and one statement, with or without an
 * Idempotency-Key (lib/idempotency.ts, `statementKey`), plus the session read on PGlite
 * (no session cache). Under races the statement keeps the transaction's promises: two opens at once
 * make one plan (201 and 409), and two opens of the whole balance never overdraw.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_MSG } from '@common/messages';
import { counted, sessionReads } from '../../test/round-trips';
import { plans, tradingActivities } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { getClientFigures } from '../ledger/service';
import { createClient, ledgerViolations } from '../../test/factories';
import { planHelpers } from '../../test/plan-helpers';

const { t, inject } = useTestContext({ smtpUrl: undefined });
const { open, makeDue } = planHelpers(t);

describe('POST /api/user/active-plan in round trips', () => {
  const session = () => sessionReads(t);

  it('opens in 2 (creating the invested account); 2 with an Idempotency-Key, whose replay reads once', async () => {
    const c = await createClient(t.app, { balance: 2_000_00n });
    // the session cache (PostgreSQL) keeps the session read out of the counts
    expect((await inject('GET', '/api/user/me', c.headers)).statusCode).toBe(200);
    const first = await counted(() => open(c.headers));
    expect(first.result.statusCode, first.result.body).toBe(201);
    expect(first.statements.length, first.statements.join('\n')).toBeLessThanOrEqual(2 + session());
    const [activity] = await t.database.db
      .select()
      .from(tradingActivities)
      .where(eq(tradingActivities.userId, c.id));
    expect(activity).toMatchObject({ planId: first.result.json().data._id, tradeAmount: 500_00n });

    const conflict = await counted(() => open(c.headers));
    expect(conflict.result.statusCode).toBe(409);
    expect(conflict.result.json().message).toBe(PLAN_MSG.alreadyActive);
    expect(conflict.statements.length).toBeLessThanOrEqual(1 + session());

    const d = await createClient(t.app, { balance: 2_000_00n });
    expect((await inject('GET', '/api/user/me', d.headers)).statusCode).toBe(200);
    const headers = { ...d.headers, 'idempotency-key': 'plan-trips-1' };
    const keyed = await counted(() => open(headers));
    expect(keyed.result.statusCode, keyed.result.body).toBe(201);
    expect(keyed.statements.length, keyed.statements.join('\n')).toBeLessThanOrEqual(2 + session());
    const replay = await counted(() => open(headers));
    expect(replay.result.statusCode).toBe(201);
    expect(replay.result.headers['idempotent-replayed']).toBe('true');
    expect(replay.result.json()).toEqual(keyed.result.json());
    expect(replay.statements.length, replay.statements.join('\n')).toBeLessThanOrEqual(1 + session());
    expect((await getClientFigures(t.database.db, d.id)).balance).toBe(1_500_00n);

    // a due plan is completed first (the transactional way), then the new one opens
    await makeDue(d.id);
    const again = await open(d.headers, { amount: 2_000 });
    expect(again.statusCode, again.body).toBe(201);
    expect((await getClientFigures(t.database.db, d.id)).balance).toBe(0n);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('two opens at once make one plan (201 and 409); of the whole balance, never an overdraw', async () => {
    const rich = await createClient(t.app, { balance: 5_000_00n });
    const both = await Promise.all([open(rich.headers), open(rich.headers)]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await getClientFigures(t.database.db, rich.id)).balance).toBe(4_500_00n);

    // of the whole balance: the loser meets the active plan (409) or the spent balance (422)
    const c = await createClient(t.app, { balance: 500_00n });
    const answers = await Promise.all([open(c.headers), open(c.headers)]);
    expect(answers.map((a) => a.statusCode).sort()[0]).toBe(201);
    expect([409, 422]).toContain(answers.map((a) => a.statusCode).sort()[1]);
    expect(await t.database.db.select().from(plans).where(eq(plans.userId, c.id))).toHaveLength(1);
    expect((await getClientFigures(t.database.db, c.id)).balance).toBe(0n);

    const keyed = await createClient(t.app, { balance: 1_000_00n });
    const headers = { ...keyed.headers, 'idempotency-key': 'plan-race-1' };
    const race = await Promise.all(Array.from({ length: 4 }, () => open(headers)));
    expect(race.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(race.map((r) => r.json().data._id)).size).toBe(1);
    expect((await getClientFigures(t.database.db, keyed.id)).balance).toBe(500_00n);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
