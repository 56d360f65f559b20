/**
 * Crash safety: money traffic against a real API process on PostgreSQL
 * — admins approving deposits, clients requesting withdrawals and submitting deposits with an
 * Idempotency-Key — is cut by SIGKILL mid-flight; the server is started again on the same database.
 * Then:
 *  - every ledger invariant holds (ledgerViolations);
 *  - each request answered 2xx is fully present: the approved deposit with its one deposit entry
 *    and its notice; the withdrawal with its hold entry, its consumed code and its idempotency
 *    record; the submitted deposit with its proof file and its idempotency record;
 *  - each unanswered request is fully present or fully absent (no half-writes): a deposit is
 *    pending with no entry and no notice, or approved with exactly one of each; a withdrawal or
 *    submission exists exactly when its idempotency record does;
 *  - retrying every unanswered idempotent request after the restart gives exactly one effect.
 * Needs PostgreSQL (TEST_DATABASE_URL); skipped otherwise.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppInstance } from '../app-context';
import {
  deposits,
  idempotencyKeys,
  journalEntries,
  notifications,
  oneTimeCodes,
  withdrawals,
} from '../db/schema';
import {
  addDestinationOf,
  createAdmin,
  createClient,
  cryptoWithdrawal,
  imageDataUrl,
  ledgerViolations,
  type TestUser,
  withdrawalCode,
} from './factories';
import { createTestDatabase, testConfig } from './app';
import { postgresOrSkip, startApiProcess, type ApiProcess } from './processes';

const pg = postgresOrSkip('crash.test.ts');

const CLIENTS = 6;
const APPROVALS = 60;
const WITHDRAWALS_PER_CLIENT = 6;
const SUBMISSIONS_PER_CLIENT = 5;
const CONCURRENCY = 12;

type Outcome = { status: number; body: unknown } | { status: 'no answer' };

interface Sent {
  kind: 'approve' | 'withdraw' | 'submit';
  /** The deposit approved, or the Idempotency-Key of a client request. */
  ref: string;
  user: TestUser;
  request: { method: string; path: string; body?: unknown; headers: Record<string, string> };
  outcome?: Outcome;
}

describe.skipIf(!pg)('crash safety: SIGKILL mid-flight, restart, nothing half-written', () => {
  const secret = randomBytes(32).toString('base64url');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-test-'));
  let app: AppInstance;
  let url: string;
  let drop: () => Promise<void>;
  let server: ApiProcess | undefined;

  // one admin approves every deposit: four-eyes by aggregate would hold them after $1,000 a client
  // (docs/security.md "Four-eyes approval"), and this test is about crash safety, not four-eyes
  const fourEyes = { FOUR_EYES_THRESHOLD_USD: '1000000' };

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    url = created.url!;
    // in-process on the same database and secret: fixtures, codes and the checks
    app = await buildApp(
      testConfig({ sessionSecret: secret, fourEyesThreshold: 1_000_000_00n }),
      created.database,
    );
    server = await startApiProcess({
      databaseUrl: url,
      sessionSecret: secret,
      env: { DATA_DIR: dataDir, ...fourEyes },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await app?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function send(origin: string, s: Sent): Promise<Outcome> {
    try {
      const res = await fetch(`${origin}${s.request.path}`, {
        method: s.request.method,
        headers: {
          ...s.request.headers,
          ...(s.request.body !== undefined && { 'content-type': 'application/json' }),
        },
        body: s.request.body === undefined ? undefined : JSON.stringify(s.request.body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    } catch {
      return { status: 'no answer' };
    }
  }

  it('keeps every invariant and every answered request across a SIGKILL', async () => {
    const { db } = app.ctx.database;
    const admin = await createAdmin(app);
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, () => createClient(app, { level: 'identity', balance: 10_000_00n })),
    );
    // the deposits to approve belong to other clients: a client may have only 5 pending at once
    const depositors = await Promise.all(Array.from({ length: CLIENTS }, () => createClient(app)));
    const pending = await db
      .insert(deposits)
      .values(
        Array.from({ length: APPROVALS }, (_, i) => ({
          userId: depositors[i % CLIENTS]!.id,
          amount: BigInt(100_00 + i),
          wallet: 'bitcoin',
          proofKey: `deposits/${randomUUID()}.png`,
        })),
      )
      .returning({ id: deposits.id });
    const image = await imageDataUrl('png', 8);

    const work: Sent[] = [];
    for (const d of pending) {
      work.push({
        kind: 'approve',
        ref: d.id,
        user: admin,
        request: { method: 'PUT', path: `/api/deposits/${d.id}/approve`, headers: admin.headers },
      });
    }
    for (const c of clients) {
      await addDestinationOf(db, c.id, cryptoWithdrawal(25, 'bitcoin'));
      for (let i = 0; i < WITHDRAWALS_PER_CLIENT; i++) {
        const withdrawal = cryptoWithdrawal(25 + i, 'bitcoin');
        const token = await withdrawalCode(app, c.id, withdrawal);
        const key = `crash-w-${randomUUID()}`;
        work.push({
          kind: 'withdraw',
          ref: key,
          user: c,
          request: {
            method: 'POST',
            path: '/api/c-withdrawals',
            body: { ...withdrawal, token },
            headers: { ...c.headers, 'idempotency-key': key },
          },
        });
      }
      for (let i = 0; i < SUBMISSIONS_PER_CLIENT; i++) {
        const key = `crash-d-${randomUUID()}`;
        work.push({
          kind: 'submit',
          ref: key,
          user: c,
          request: {
            method: 'POST',
            path: '/api/deposits',
            body: { amount: 40 + i, wallet: 'ethereum', image },
            headers: { ...c.headers, 'idempotency-key': key },
          },
        });
      }
    }
    // interleave the kinds so every kind is in flight when the kill comes
    work.sort(() => Math.random() - 0.5);

    // --- traffic, cut by SIGKILL once about 40% has been answered ---------------------------------
    const origin = server!.origin;
    let answered = 0;
    let next = 0;
    const killAt = Math.floor(work.length * 0.4);
    const killed = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (answered >= killAt) {
          clearInterval(timer);
          void server!.kill().then(resolve);
        }
      }, 2);
    });
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < work.length) {
          const s = work[next++]!;
          s.outcome = await send(origin, s);
          if (s.outcome.status !== 'no answer') answered += 1;
        }
      }),
    );
    await killed;
    const unanswered = work.filter((s) => s.outcome!.status === 'no answer');
    const ok = work.filter((s) => typeof s.outcome!.status === 'number' && s.outcome!.status < 300);
    // the kill must have cut the traffic, not come after it
    expect(unanswered.length).toBeGreaterThan(0);
    expect(ok.length).toBeGreaterThan(0);
    for (const s of work) {
      if (s.outcome!.status !== 'no answer')
        expect([200, 201], `${s.kind} ${JSON.stringify(s.outcome)}`).toContain(s.outcome!.status);
    }

    // --- restart on the same database -------------------------------------------------------------
    server = await startApiProcess({
      databaseUrl: url,
      sessionSecret: secret,
      env: { DATA_DIR: dataDir, ...fourEyes },
    });
    expect(await ledgerViolations(db)).toEqual([]);

    const present = async (s: Sent): Promise<boolean> => {
      if (s.kind === 'approve') {
        const [d] = await db.select().from(deposits).where(eq(deposits.id, s.ref));
        const entries = await db
          .select()
          .from(journalEntries)
          .where(and(eq(journalEntries.depositId, s.ref), eq(journalEntries.type, 'deposit')));
        if (d!.status === 'pending') {
          expect(entries, `pending deposit ${s.ref} has an entry`).toHaveLength(0);
          return false;
        }
        expect(d!.status).toBe('approved');
        expect(entries, `approved deposit ${s.ref}`).toHaveLength(1);
        return true;
      }
      const [key] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, s.user.id), eq(idempotencyKeys.key, s.ref)));
      if (!key) return false;
      expect(key.statusCode, `idempotency record of ${s.ref}`).toBe(201);
      const id = (key.body as { data: { _id: string } }).data._id;
      if (s.kind === 'withdraw') {
        const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
        expect(w, `withdrawal of ${s.ref}`).toBeDefined();
        const holds = await db
          .select()
          .from(journalEntries)
          .where(and(eq(journalEntries.withdrawalId, id), eq(journalEntries.type, 'withdrawal_hold')));
        expect(holds, `hold entry of ${s.ref}`).toHaveLength(1);
      } else {
        const [d] = await db.select().from(deposits).where(eq(deposits.id, id));
        expect(d, `deposit of ${s.ref}`).toBeDefined();
        expect(existsSync(path.join(dataDir, 'uploads', d!.proofKey)), `proof file of ${s.ref}`).toBe(true);
      }
      return true;
    };

    for (const s of ok)
      expect(await present(s), `${s.kind} ${s.ref} answered ${JSON.stringify(s.outcome)}`).toBe(true);
    let committed = 0;
    for (const s of unanswered) if (await present(s)) committed += 1; // asserts "all or nothing" inside
    console.info(
      `crash test: ${work.length} requests, ${ok.length} answered 2xx before SIGKILL, ${unanswered.length} unanswered ` +
        `(${committed} of them had committed, ${unanswered.length - committed} left nothing)`,
    );

    // No withdrawal or client deposit exists without its idempotency record, and none twice.
    const clientIds = clients.map((c) => c.id);
    const keyRows = await db.select().from(idempotencyKeys).where(inArray(idempotencyKeys.userId, clientIds));
    const keyed = new Set(keyRows.map((k) => (k.body as { data: { _id: string } }).data._id));
    const ws = await db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(inArray(withdrawals.userId, clientIds));
    const submitted = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(inArray(deposits.userId, clientIds), eq(deposits.wallet, 'ethereum')));
    expect(ws.length + submitted.length).toBe(keyRows.length);
    for (const row of [...ws, ...submitted])
      expect(keyed.has(row.id), `row ${row.id} without its idempotency record`).toBe(true);
    // one consumed code per withdrawal, one notice per approved deposit
    const usedCodes = (
      await db.select().from(oneTimeCodes).where(inArray(oneTimeCodes.userId, clientIds))
    ).filter((c) => c.consumedAt);
    expect(usedCodes).toHaveLength(ws.length);
    const approved = await db
      .select({ id: deposits.id, userId: deposits.userId })
      .from(deposits)
      .where(and(inArray(deposits.userId, clientIds), eq(deposits.status, 'approved')));
    const notices = await db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, clientIds), eq(notifications.title, 'Deposit approved')));
    expect(notices).toHaveLength(approved.length);

    // --- every unanswered request is retried: exactly one effect each --------------------------------
    for (const s of unanswered) {
      const before = await present(s);
      const again = await send(server!.origin, s);
      // an approval already made answers 409 "already approved"; a client request is replayed or run
      const expected = s.kind === 'approve' && before ? 409 : s.kind === 'approve' ? 200 : 201;
      expect(again.status, `${s.kind} ${s.ref} retried: ${JSON.stringify(again)}`).toBe(expected);
      expect(await present(s)).toBe(true);
    }
    const keysAfter = await db
      .select()
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.userId, clientIds));
    expect(keysAfter).toHaveLength(CLIENTS * (WITHDRAWALS_PER_CLIENT + SUBMISSIONS_PER_CLIENT));
    const wsAfter = await db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(inArray(withdrawals.userId, clientIds));
    expect(wsAfter).toHaveLength(CLIENTS * WITHDRAWALS_PER_CLIENT);
    const stillPending = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        and(
          inArray(deposits.userId, clientIds),
          eq(deposits.status, 'pending'),
          eq(deposits.wallet, 'bitcoin'),
        ),
      );
    expect(stillPending).toHaveLength(0);
    expect(await ledgerViolations(db)).toEqual([]);
  }, 120_000);
});
