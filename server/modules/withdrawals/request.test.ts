/**
 * A withdrawal request confirmed by an e-mailed code (request.ts) is one read and one statement, with
 * or without an Idempotency-Key (lib/idempotency.ts, `statementKey`), plus the session
 * read on PGlite (no session cache). And the statement keeps the transaction's promises under
 * races: two requests of the whole balance at once hold it once (201 and 422); one code sent twice
 * at once confirms one request (201 and 400), and the loser's try is not counted as a wrong code.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONEY_MSG } from '@common/messages';
import { counted, sessionReads } from '../../test/round-trips';
import { idempotencyKeys, oneTimeCodes, withdrawals } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { getClientFigures } from '../ledger/service';
import {
  createClient,
  cryptoWithdrawal,
  ledgerViolations,
  savedCryptoWithdrawal,
  savedWithdrawalCode,
} from '../../test/factories';

const { t, inject } = useTestContext({ smtpUrl: undefined });
/**
 * A fresh code for `userId`'s crypto withdrawal of `amount` USD (as `crypto` sends it), issued
 * directly, its address saved active in their address book first.
 */
const freshCode = (userId: string, amount: number | string = 40) =>
  savedWithdrawalCode(t.app, userId, crypto('', amount));
const crypto = (token: string, amount: number | string = 40) => ({
  ...cryptoWithdrawal(amount, 'bitcoin'),
  token,
});

describe('POST /api/c-withdrawals in round trips', () => {
  const session = () => sessionReads(t);

  it('holds in 2 (a first request, which creates the held account, too); 2 with an Idempotency-Key, whose replay reads once', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 100_00n });
    // the session cache (PostgreSQL) keeps the session read out of the counts
    expect((await inject('GET', '/api/c-withdrawals', c.headers)).statusCode).toBe(200);
    const token = await freshCode(c.id, 10);
    const first = await counted(() => inject('POST', '/api/c-withdrawals', c.headers, crypto(token, 10)));
    expect(first.result.statusCode, first.result.body).toBe(201);
    expect(first.statements.length, first.statements.join('\n')).toBeLessThanOrEqual(2 + session());

    const keyToken = await freshCode(c.id, 20);
    const headers = { ...c.headers, 'idempotency-key': 'w-trips-1' };
    const keyed = await counted(() => inject('POST', '/api/c-withdrawals', headers, crypto(keyToken, 20)));
    expect(keyed.result.statusCode, keyed.result.body).toBe(201);
    expect(keyed.statements.length, keyed.statements.join('\n')).toBeLessThanOrEqual(2 + session());
    const replay = await counted(() => inject('POST', '/api/c-withdrawals', headers, crypto(keyToken, 20)));
    expect(replay.result.statusCode).toBe(201);
    expect(replay.result.headers['idempotent-replayed']).toBe('true');
    expect(replay.result.json()).toEqual(keyed.result.json());
    expect(replay.statements.length, replay.statements.join('\n')).toBeLessThanOrEqual(1 + session());

    const over = await counted(async () =>
      inject('POST', '/api/c-withdrawals', c.headers, crypto(await freshCode(c.id, 71), 71)),
    );
    expect(over.result.statusCode).toBe(422);
    expect(over.result.json().message).toBe(MONEY_MSG.insufficientBalance);
    expect((await getClientFigures(t.database.db, c.id)).held).toBe(30_00n);
    const [row] = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, keyed.result.json().data._id as string));
    expect(row?.createdAt.toISOString()).toBe(keyed.result.json().data.createdAt);
  });

  it('two requests of the whole balance at once: one 201, one 422; the balance never below zero', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 50_00n });
    const tokens = [await freshCode(c.id, 50), await freshCode(c.id, 50)];
    const answers = await Promise.all(
      tokens.map((token) => inject('POST', '/api/c-withdrawals', c.headers, crypto(token, 50))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const figures = await getClientFigures(t.database.db, c.id);
    expect([figures.balance, figures.held]).toEqual([0n, 50_00n]);
    // the loser's code stays usable (it was not consumed)
    const used = await t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, c.id));
    expect(used.filter((u) => u.consumedAt !== null)).toHaveLength(1);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('one code sent twice at once confirms one request; the other answers 400', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 100_00n });
    const token = await freshCode(c.id, 10);
    const answers = await Promise.all([
      inject('POST', '/api/c-withdrawals', c.headers, crypto(token, 10)),
      inject('POST', '/api/c-withdrawals', c.headers, crypto(token, 10)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect((await getClientFigures(t.database.db, c.id)).held).toBe(10_00n);
    // used once: a third try is refused
    const again = await inject('POST', '/api/c-withdrawals', c.headers, crypto(token, 10));
    expect(again.statusCode).toBe(400);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('a refused keyed request leaves no key: the retry with a good code goes through', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 100_00n });
    const headers = { ...c.headers, 'idempotency-key': 'w-retry-1' };
    await savedCryptoWithdrawal(t.app, c.id, 10, 'bitcoin');
    const wrong = await inject('POST', '/api/c-withdrawals', headers, crypto('000000', 10));
    expect(wrong.statusCode).toBe(400);
    const keys = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, c.id));
    expect(keys).toHaveLength(0);
    const retry = await inject('POST', '/api/c-withdrawals', headers, crypto(await freshCode(c.id, 10), 10));
    expect(retry.statusCode).toBe(201);
  });
});
