/**
 * Database faults (docs/operations.md "Database faults"), on a private PostgreSQL cluster: two API
 * processes under steady traffic (a client reading their account, staff posting $1 adjustments and
 * sending the client a notice, whose e-mail is queued in the notice's transaction) while
 * every connection is terminated (`pg_terminate_backend`, as a fail-over does), then while PostgreSQL
 * itself is stopped and started again. Both processes must stay alive, answer 503 `{ message }`
 * rather than a 500 or a hang (nothing over 5 s) while the database is gone, say why on
 * /api/health, serve again within 10 s of its return, and leave a ledger whose invariants hold and
 * an outbox that lost no mail: every credit's notice was queued with it and reaches the SMTP
 * receiver (a mail whose send was cut by the outage goes again when its 60-second claim runs out).
 * Runs in the PostgreSQL pass (TEST_DATABASE_URL set) where the server binaries are installed.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@common/messages';
import { buildApp } from '../app';
import type { AppInstance } from '../app-context';
import { openDatabase, type Database } from '../db/client';
import { journalEntries, mailOutbox, notifications } from '../db/schema';
import { createAdmin, createClient, ledgerViolations, type TestUser } from './factories';
import { testConfig } from './app';
import { postgresBinaries, startPrivateCluster, type PrivateCluster } from './private-cluster';
import { startApiProcess, stopAll, type ApiProcess } from './processes';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';

const enabled = Boolean(process.env.TEST_DATABASE_URL) && postgresBinaries() !== null;

interface Hit {
  path: string;
  status: number;
  ms: number;
  body: string;
}

describe.skipIf(!enabled)('database faults', () => {
  let cluster: PrivateCluster;
  let database: Database;
  let app: AppInstance;
  let servers: ApiProcess[] = [];
  let client: TestUser;
  let admin: TestUser;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    cluster = await startPrivateCluster();
    smtp = await startSmtpReceiver();
    const secret = randomBytes(32).toString('base64url');
    database = await openDatabase({ url: cluster.url, pool: { size: 4 } });
    app = await buildApp(testConfig({ sessionSecret: secret }), database);
    client = await createClient(app, { balance: 100_00n });
    admin = await createAdmin(app);
    const start = () =>
      startApiProcess({
        databaseUrl: cluster.url,
        sessionSecret: secret,
        stderr: 'ignore',
        env: { SMTP_URL: smtp.url },
      });
    servers = await Promise.all([start(), start()]);
  }, 300_000);

  afterAll(async () => {
    await stopAll(servers);
    await app?.close();
    await database?.close();
    await smtp?.close();
    cluster?.remove();
  });

  /** One request; status 0 when it failed or took over 8 s (a crash or a hang). */
  async function send(server: ApiProcess, path: string, who: TestUser, body?: unknown): Promise<Hit> {
    const started = Date.now();
    try {
      const res = await fetch(`${server.origin}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { ...who.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(8_000),
      });
      return { path, status: res.status, ms: Date.now() - started, body: await res.text() };
    } catch (err) {
      return { path, status: 0, ms: Date.now() - started, body: String(err) };
    }
  }

  /** Steady traffic on both servers for `ms`: a read and a $1 credit, one after the other. */
  async function traffic(ms: number): Promise<Hit[]> {
    const hits: Hit[] = [];
    const until = Date.now() + ms;
    await Promise.all(
      servers.map(async (server) => {
        while (Date.now() < until) {
          hits.push(await send(server, '/api/user/me', client));
          const credit = { direction: 'credit', amount: 1, reason: 'Fault test credit' };
          hits.push(await send(server, `/api/user/admin/account/${client.id}/adjustments`, admin, credit));
          const notice = {
            userId: client.id,
            title: 'Fault test',
            message: 'A notice during the fault test',
          };
          hits.push(await send(server, '/api/notifications', admin, notice));
          await new Promise((r) => setTimeout(r, 50));
        }
      }),
    );
    return hits;
  }

  /** Nothing crashed or hung, and every failure is a quick 503 with a message. */
  function expectOnlyQuick503s(hits: Hit[]) {
    const bad = hits.filter((h) => h.status === 0 || (h.status >= 500 && h.status !== 503) || h.ms > 5_000);
    expect(bad, JSON.stringify(bad.slice(0, 3))).toEqual([]);
    for (const h of hits.filter((x) => x.status === 503))
      expect(JSON.parse(h.body)).toEqual({ code: 'service_unavailable', message: MSG.unavailable });
    for (const s of servers) expect(s.child.exitCode).toBeNull();
  }

  /** Polls until both servers serve the client's account; answers how long it took (ms). */
  async function recovery(): Promise<number> {
    const started = Date.now();
    for (;;) {
      const hits = await Promise.all(servers.map((s) => send(s, '/api/user/me', client)));
      if (hits.every((h) => h.status === 200)) return Date.now() - started;
      if (Date.now() - started > 30_000) throw new Error(`no recovery: ${JSON.stringify(hits)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('keeps serving through terminated connections and a database restart', async () => {
    const warm = await traffic(1_000);
    expect(
      warm.every((h) => h.status === 200 || h.status === 201),
      JSON.stringify(warm.find((h) => h.status >= 300)),
    ).toBe(true);

    // every connection of every process is cut, as in a fail-over
    expect(await cluster.terminateBackends()).toBeGreaterThan(0);
    const afterCut = await traffic(3_000);
    expectOnlyQuick503s(afterCut);
    expect(afterCut.slice(-4).every((h) => h.status < 300)).toBe(true);

    // the database itself goes away: quick 503s and a health answer that says why
    cluster.stop();
    const down = await traffic(3_000);
    expectOnlyQuick503s(down);
    expect(down.filter((h) => h.status === 503).length).toBeGreaterThan(0);
    const health = await fetch(`${servers[0]!.origin}/api/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).database).toMatchObject({ state: 'down', reason: expect.any(String) });

    cluster.start();
    expect(await recovery()).toBeLessThan(10_000);
    expectOnlyQuick503s(await traffic(1_000));

    // the ledger is whole: every credit answered 201 was posted once, invariants hold
    const created = (path: string) =>
      [...warm, ...afterCut, ...down].filter((h) => h.status === 201 && h.path.startsWith(path)).length;
    const credited = created('/api/user/admin/account/');
    await recovery(); // the in-process pool also reconnects on first use
    const readBack = async () => {
      for (let i = 0; ; i++) {
        try {
          return {
            violations: await ledgerViolations(database.db),
            entries: await database.db
              .select({ n: count() })
              .from(journalEntries)
              .where(eq(journalEntries.type, 'adjustment')),
            notices: await database.db
              .select({ n: count() })
              .from(notifications)
              .where(eq(notifications.userId, client.id)),
            mails: await database.db
              .select({ n: count() })
              .from(mailOutbox)
              .where(eq(mailOutbox.to, client.email)),
          };
        } catch (err) {
          if (i > 20) throw err;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };
    const { violations, entries, notices, mails } = await readBack();
    expect(violations).toEqual([]);
    expect(Number(entries[0]!.n)).toBeGreaterThanOrEqual(credited);

    // no mail lost: every notice answered 201 is stored with its mail (one transaction), and each
    // mail is sent (at least once) once the database is back
    expect(Number(notices[0]!.n)).toBeGreaterThanOrEqual(created('/api/notifications'));
    expect(Number(mails[0]!.n)).toBe(Number(notices[0]!.n));
    const unsent = () =>
      database.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, client.email), ne(mailOutbox.status, 'sent')));
    const deadline = Date.now() + 90_000;
    while (Number((await unsent())[0]!.n) > 0) {
      if (Date.now() > deadline) throw new Error('mails still unsent 90 s after the database returned');
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(smtp.mails.filter((m) => m.to === client.email).length).toBeGreaterThanOrEqual(
      Number(mails[0]!.n),
    );
  }, 240_000);
});
