/**
 * Due plans complete on their own, safely with several API processes.
 * Starts two real servers (server/main.ts) on one fresh PostgreSQL database, both sweeping every
 * 100 ms, makes 30 plans due at once and checks each was completed exactly once: one `plan_close`
 * per plan, every client's capital back, one notice each, the ledger balanced. Parallel trades over
 * both processes open one plan. Each 100 ms slot of the sweep runs in one process only
 * (lib/periodic.ts), and each process counts its passes in /api/metrics. Needs PostgreSQL
 * (TEST_DATABASE_URL).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { journalEntries, notifications, plans, scheduledRuns } from '../../db/schema';
import { useTwoApiProcesses } from '../../test/two-processes';
import { getClientFigures } from '../ledger/service';
import { createClient, ledgerViolations } from '../../test/factories';

const pg = process.env.TEST_DATABASE_URL;

describe.skipIf(!pg)('plans with two API processes on one PostgreSQL', () => {
  const METRICS_TOKEN = 'two-processes-metrics-token';
  const t = useTwoApiProcesses({ PLAN_SWEEP_INTERVAL_MS: '100', METRICS_TOKEN });

  const post = (i: number, headers: Record<string, string>, body: unknown) =>
    fetch(`${t.servers[i % 2]!.origin}/api/user/active-plan`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('20 parallel trades of one client over both processes open exactly one plan', async () => {
    const c = await createClient(t.app, { balance: 10_000_00n });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i, c.headers, { amount: 250, duration: 7, plan: 'investment' }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await getClientFigures(t.app.ctx.database.db, c.id)).toMatchObject({
      balance: 9_750_00n,
      invested: 250_00n,
    });
  });

  it('30 plans due at once are each completed exactly once by the two sweeps', async () => {
    const { db } = t.app.ctx.database;
    const clients = await Promise.all(
      Array.from({ length: 30 }, () => createClient(t.app, { balance: 1_000_00n })),
    );
    const opened = await Promise.all(
      clients.map((c, i) =>
        post(i, c.headers, { amount: 200 + i, duration: 1, plan: 'copy_trading' }).then((r) => r.status),
      ),
    );
    expect(opened.every((s) => s === 201)).toBe(true);
    const ids = clients.map((c) => c.id);
    await db
      .update(plans)
      .set({ endDate: sql`now() - interval '1 second'` })
      .where(and(inArray(plans.userId, ids), eq(plans.status, 'active')));

    await expect
      .poll(
        async () =>
          (
            await db
              .select()
              .from(plans)
              .where(and(inArray(plans.userId, ids), eq(plans.status, 'active')))
          ).length,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(0);

    const closed = await db.select().from(plans).where(inArray(plans.userId, ids));
    expect(closed.every((p) => p.closedBy === 'schedule')).toBe(true);
    const closes = await db
      .select({ planId: journalEntries.planId })
      .from(journalEntries)
      .where(and(eq(journalEntries.type, 'plan_close'), inArray(journalEntries.userId, ids)));
    expect(closes).toHaveLength(30);
    expect(new Set(closes.map((e) => e.planId)).size).toBe(30);
    for (const c of clients) {
      expect(await getClientFigures(db, c.id)).toMatchObject({ balance: 1_000_00n, invested: 0n });
    }
    const notices = await db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, ids), eq(notifications.title, 'Plan completed')));
    expect(notices).toHaveLength(30);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('runs each slot of the sweep once, in one of the two processes', async () => {
    const { db } = t.app.ctx.database;
    await new Promise((r) => setTimeout(r, 1_500));
    const runs = await db.select().from(scheduledRuns).where(eq(scheduledRuns.name, 'plan sweep'));
    const slots = runs.map((r) => r.slot.getTime());
    expect(new Set(slots).size).toBe(runs.length);
    expect(slots.every((s) => s % 100 === 0)).toBe(true);
    // both processes take part, and together they run about one pass per slot, not two
    expect(new Set(runs.map((r) => r.runBy)).size).toBe(2);
    const span = (Math.max(...slots) - Math.min(...slots)) / 100 + 1;
    expect(runs.length).toBeLessThanOrEqual(span);
    expect(runs.length).toBeGreaterThan(span * 0.5);
    expect(runs.filter((r) => r.error !== null)).toEqual([]);

    // each process counts the passes it ran in /api/metrics; together at least those recorded
    const counted = await Promise.all(
      t.servers.map(async (s) => {
        const res = await fetch(`${s.origin}/api/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        const line = /^broker_scheduled_runs_total\{task="plan sweep",outcome="ok"\} (\d+)$/m.exec(
          await res.text(),
        );
        return Number(line?.[1] ?? 0);
      }),
    );
    expect(counted.every((n) => n > 0)).toBe(true);
    expect(counted[0]! + counted[1]!).toBeGreaterThanOrEqual(runs.filter((r) => r.finishedAt).length);
  });
});
