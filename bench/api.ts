/**
 * `npm run bench` (docs/performance.md): throughput and latency of the API on PostgreSQL as
 * ratios against reference loads measured on the same machine in the same run. Everything runs on
 * 127.0.0.1; each load phase lasts BENCH_SECONDS (default 12 s); the whole run takes 2–4 minutes.
 *
 * Set-up: fresh databases `bench_<random>` and `bench_<random>_small` on BENCH_DATABASE_URL
 * (default the local server as postgres; it must be a superuser: seeding turns triggers off for
 * its own session), dropped at the end. The API runs as production runs it: bundled once at the
 * start (`npm run build:server`), then `node dist/server/main.js` with the node flags of `npm start`
 * and NODE_ENV=production (rate limits, HSTS, trustProxy, staff two-factor), LOG_LEVEL=warn and
 * SMTP_URL at a local SMTP receiver that keeps no mail (production requires one). The
 * load comes from autocannon in this process, 16 connections unless said otherwise.
 *
 * Figures (targets in TARGETS):
 *  - ledger ratio: deposits approved per second (PUT /api/deposits/:id/approve as an admin, pending
 *    deposits spread over 2,000 clients) ÷ `pgbench -b tpcb-like` TPS (scale 16, 16 clients, same
 *    duration, same server); hot-row ratio: the same with every deposit on ONE client.
 *  - dashboard ratio: GET /api/user/me + GET /api/transaction as 1,000 signed-in clients (each
 *    pair of requests with the bearer token of a random one; their sessions are rows of the
 *    sessions table as sign-in writes them, inserted with SQL to skip 1,000 argon2 hashes) at full
 *    speed, requests per second ÷ a bare Fastify hello-world route's (bench/hello.ts, same number
 *    of connections); p50/p99 at 50% of that rate; on the database with 1 million journal lines.
 *  - growth: dashboard p50 with 1 million journal lines in the database ÷ p50 with 10 thousand, at
 *    the same offered rate (half the full-speed rate). Two databases hold the same 1,000 clients
 *    (5 entries each); the large one has 99,000 more clients of that profile, so the measured
 *    clients' own history is the same and the tables around them are 100× larger. Each database
 *    has its own API process (same code and settings); they are measured in 6 alternating turns
 *    and the median p50 of each side is compared, so a busy neighbour on the machine hurts both.
 *  - peak RSS of the API process (VmHWM). Journal history is seeded with SQL, triggers off for
 *    that seeding session only (bench/lib/setup.ts); the API itself always posts through the ledger.
 * Prints a table, writes bench/results.json, exits 1 when a target is missed.
 * BENCH_NODE_ARGS adds node flags to the API process after those of `npm start` (e.g.
 * "--max-old-space-size=256" to see the heap cap's effect on peak RSS).
 * BENCH_PROFILE=1 also writes a V8 CPU profile of the API process (path printed at the end);
 * BENCH_KEEP_DB=1 keeps the database for EXPLAIN ANALYZE afterwards. Helpers are in bench/lib/.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ledgerViolations } from '../server/modules/ledger/testing';
import { startApiProcess, type ApiProcess } from '../server/test/processes';
import { startSmtpReceiver } from '../server/test/smtp-receiver';
import {
  cpuNote,
  dashboardRequests,
  load,
  log,
  median,
  readStatusKb,
  round,
  started,
  type LoadResult,
  type SetupRequest,
} from './lib/measure';
import {
  adminQuery,
  buildServer,
  createSessions,
  dbUrl,
  lineCount,
  runPgbench,
  seedClients,
  settleBalances,
  startHello,
  startNodeFlags,
} from './lib/setup';
import {
  CONNECTIONS,
  DASHBOARD_CLIENTS,
  DEPOSIT_CENTS,
  ENTRIES_PER_CLIENT,
  GROWN_CLIENTS,
  HOT_PENDING,
  LEDGER_CLIENTS,
  PENDING_PER_CLIENT,
  PROFILE,
  ROOT,
  SECONDS,
  TARGETS,
} from './lib/settings';

async function main(): Promise<number> {
  buildServer();
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const smallName = `${name}_small`;
  const url = dbUrl(name);
  const smallUrl = dbUrl(smallName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), 'bench-profile-')) : undefined;
  const load0 = loadavg()[0]!;
  log(
    `bench databases ${name} and ${smallName}; ${cpus().length} cores, load average ${load0.toFixed(2)} at start; phases of ${SECONDS} s`,
  );
  await adminQuery(`create database ${name}`);
  await adminQuery(`create database ${smallName}`);
  let api: ApiProcess | undefined;
  let apiSmall: ApiProcess | undefined;
  let hello: Awaited<ReturnType<typeof startHello>> | undefined;
  let rssTimer: NodeJS.Timeout | undefined;
  const seed = new pg.Client({ connectionString: url });
  const seedSmall = new pg.Client({ connectionString: smallUrl });
  const smtp = await startSmtpReceiver(undefined, { keep: false });
  try {
    const sessionSecret = randomBytes(32).toString('base64url');
    const nodeArgs = [...startNodeFlags(), ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
    const startApi = (databaseUrl: string, extra: string[] = []) =>
      startApiProcess({
        databaseUrl,
        sessionSecret,
        entry: 'build',
        nodeEnv: 'production',
        env: {
          LOG_LEVEL: 'warn',
          DATA_DIR: dataDir,
          RATE_LIMIT: 'true',
          PUBLIC_URL: 'http://127.0.0.1',
          SMTP_URL: smtp.url,
        },
        nodeArgs: [...nodeArgs, ...extra],
      });
    // The API measured throughout (RSS, profile): on the database that grows to 1M journal lines.
    api = await startApi(url, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
    // A twin on a database that keeps 10k lines, for the growth comparison only.
    apiSmall = await startApi(smallUrl);
    const pid = api.child.pid!;
    let peakRssKb = 0;
    rssTimer = setInterval(() => (peakRssKb = Math.max(peakRssKb, readStatusKb(pid, 'VmRSS'))), 200);
    /** RSS of the API (MB) after each phase, to see which one grows it. */
    const rssAfter: Record<string, number> = { started: round(readStatusKb(pid, 'VmRSS') / 1024, 0) };
    const mark = (phase: string) => (rssAfter[phase] = round(readStatusKb(pid, 'VmRSS') / 1024, 0));
    hello = await startHello();
    await seed.connect();
    await seedSmall.connect();
    for (const c of [seed, seedSmall]) {
      await c.query(
        `insert into ledger_accounts (kind) values ('cash'), ('income_expense') on conflict do nothing`,
      );
    }
    // --- the same 1,000 signed-in clients on a 10k-line and on a 1M-line database ----------------
    await seedClients(seedSmall, 'dash', 1, DASHBOARD_CLIENTS, ENTRIES_PER_CLIENT);
    await seedClients(seed, 'dash', 1, DASHBOARD_CLIENTS, ENTRIES_PER_CLIENT);
    const chunk = 33_000;
    for (let from = 1; from <= GROWN_CLIENTS; from += chunk) {
      await seedClients(seed, 'grown', from, Math.min(chunk, GROWN_CLIENTS - from + 1), ENTRIES_PER_CLIENT);
    }
    for (const c of [seed, seedSmall]) {
      await settleBalances(c);
      await c.query('vacuum analyze');
      const violations = await ledgerViolations(drizzle(c));
      if (violations.length > 0) throw new Error(`seeded ledger is inconsistent: ${violations.join('; ')}`);
    }
    const tokens = await createSessions(seed, 'dash');
    const smallTokens = await createSessions(seedSmall, 'dash');
    const largeLines = await lineCount(seed);
    const smallLines = await lineCount(seedSmall);
    log(
      `seeded ${DASHBOARD_CLIENTS} signed-in clients with ${ENTRIES_PER_CLIENT} entries each: ${smallLines} journal lines ` +
        `in one database, ${largeLines} (${GROWN_CLIENTS + DASHBOARD_CLIENTS} clients) in the other; invariants hold`,
    );
    const dashboard = dashboardRequests(tokens);
    const dashboardSmall = dashboardRequests(smallTokens);

    // --- dashboard at full speed vs hello world; latency at half that rate ------------------------
    const helloUrl = `http://127.0.0.1:${hello.port}`;
    await load({ url: helloUrl, requests: [{ path: '/hello' }], seconds: 3 }); // warm-up
    await load({ url: api.origin, requests: dashboard, seconds: 3 }); // warm-up (JIT, pool)
    await load({ url: apiSmall.origin, requests: dashboardSmall, seconds: 3 });
    const helloMax = await load({ url: helloUrl, requests: [{ path: '/hello' }] });
    log(`hello world: ${helloMax.rps.toFixed(0)} req/s`);
    await hello.stop();
    hello = undefined;
    const dashMax = await load({ url: api.origin, requests: dashboard, apiPid: pid });
    mark('dashboardFullSpeed');
    log(`dashboard at full speed: ${dashMax.rps.toFixed(0)} req/s${cpuNote(dashMax)}`);
    const halfRate = dashMax.rps / 2;
    const dashHalf = await load({ url: api.origin, requests: dashboard, overallRate: halfRate });
    mark('dashboardHalfRate');
    log(
      `dashboard at ${halfRate.toFixed(0)} req/s: p50 ${dashHalf.p50.toFixed(2)} ms, p99 ${dashHalf.p99.toFixed(2)} ms`,
    );

    // --- growth: the two databases in turns, so a busy neighbour hurts both sides alike ----------
    const rounds = 6;
    const turn = Math.max(2, Math.round(SECONDS / 2));
    const small: LoadResult[] = [];
    const large: LoadResult[] = [];
    for (let i = 0; i < rounds; i++) {
      small.push(
        await load({ url: apiSmall.origin, requests: dashboardSmall, overallRate: halfRate, seconds: turn }),
      );
      large.push(await load({ url: api.origin, requests: dashboard, overallRate: halfRate, seconds: turn }));
    }
    mark('growth');
    const p50Small = median(small.map((r) => r.p50));
    const p50Large = median(large.map((r) => r.p50));
    log(
      `growth at ${halfRate.toFixed(0)} req/s, ${rounds} turns of ${turn} s each: p50 ${p50Small.toFixed(2)} ms ` +
        `(${smallLines} lines) vs ${p50Large.toFixed(2)} ms (${largeLines} lines)`,
    );
    await apiSmall.stop();
    apiSmall = undefined;

    // --- the reference ledger load: pgbench on the same server ----------------------------------
    log('pgbench: initialising scale 16 …');
    const pgbenchTps = runPgbench(url);
    log(`pgbench tpcb-like, 16 clients: ${pgbenchTps.toFixed(0)} TPS`);

    // --- deposits approved through the API -------------------------------------------------------
    await seedClients(seed, 'ledger', 1, LEDGER_CLIENTS, 0);
    await seedClients(seed, 'hot', 1, 1, 0);
    const [adminToken] = await (async () => {
      // production requires staff two-factor: the bench admin's session stands for one opened
      // after the second step (two_factor_enabled), as the admin's would be
      await seed.query(
        `insert into users (name, email, email_verified, first_name, last_name, referral_id, role, verification_status, two_factor_enabled)
         values ('Bench Admin', 'admin@bench.example', true, 'Bench', 'Admin', 'BENCHADMIN', 'admin', 'verified', true)`,
      );
      return createSessions(seed, 'admin@bench');
    })();
    const pendingIds = async (prefix: string, perClient: number): Promise<string[]> => {
      const { rows } = await seed.query(
        `insert into deposits (user_id, amount, wallet, proof_key)
         select u.id, $2::bigint, 'bitcoin', 'deposits/bench.png' from users u cross join generate_series(1, $3::int)
          where u.email like $1 || '%'
         returning id`,
        [prefix, DEPOSIT_CENTS, perClient],
      );
      const ids = rows.map((r: { id: string }) => r.id);
      for (let i = ids.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [ids[i], ids[j]] = [ids[j]!, ids[i]!];
      }
      return ids;
    };
    const manyIds = await pendingIds('ledger', PENDING_PER_CLIENT);
    const hotIds = await pendingIds('hot', HOT_PENDING);
    await seed.query('analyze');
    log(`${manyIds.length} pending deposits over ${LEDGER_CLIENTS} clients, ${hotIds.length} on one client`);
    const approvals = (ids: string[]) => {
      let next = 0;
      return [
        {
          method: 'PUT' as const,
          path: '/api/deposits/x/approve',
          setupRequest: ((req) => ({
            ...req,
            path: `/api/deposits/${ids[next++ % ids.length]}/approve`,
            headers: { ...req.headers, authorization: `Bearer ${adminToken}` },
          })) as SetupRequest,
        },
      ];
    };
    const manyIdsWarm = manyIds.splice(0, 300);
    await load({ url: api.origin, requests: approvals(manyIdsWarm), seconds: 2 }); // warm-up
    const ledgerMany = await load({ url: api.origin, requests: approvals(manyIds), apiPid: pid });
    mark('approvalsMany');
    log(`approvals over many clients: ${ledgerMany.rps.toFixed(0)} per second${cpuNote(ledgerMany)}`);
    const ledgerHot = await load({ url: api.origin, requests: approvals(hotIds), apiPid: pid });
    mark('approvalsHot');
    log(`approvals on one client: ${ledgerHot.rps.toFixed(0)} per second${cpuNote(ledgerHot)}`);
    const violations = await ledgerViolations(drizzle(seed));

    const hwmKb = readStatusKb(pid, 'VmHWM');
    peakRssKb = Math.max(peakRssKb, hwmKb);
    clearInterval(rssTimer);

    const figures = {
      ledgerRatio: ledgerMany.rps / pgbenchTps,
      hotRowRatio: ledgerHot.rps / pgbenchTps,
      dashboardRatio: dashMax.rps / helloMax.rps,
      dashboardP99Ms: dashHalf.p99,
      growthRatio: p50Large / p50Small,
      peakRssMb: peakRssKb / 1024,
    };
    const met = {
      ledgerRatio: figures.ledgerRatio >= TARGETS.ledgerRatio,
      hotRowRatio: figures.hotRowRatio >= TARGETS.hotRowRatio,
      dashboardRatio: figures.dashboardRatio >= TARGETS.dashboardRatio,
      dashboardP99Ms: figures.dashboardP99Ms <= TARGETS.dashboardP99Ms,
      growthRatio: figures.growthRatio <= TARGETS.growthRatio,
      peakRssMb: figures.peakRssMb <= TARGETS.peakRssMb,
    };
    const failures = [
      ...violations.map((v) => `ledger invariant broken after the run: ${v}`),
      ...[ledgerMany, ledgerHot, dashMax, dashHalf, helloMax, ...small, ...large]
        .filter((r) => r.errors > 0 || Object.keys(r.otherStatuses).length > 0)
        .map(
          (r) =>
            `non-2xx answers or errors in a phase: ${JSON.stringify(r.otherStatuses)}, ${r.errors} errors`,
        ),
    ];

    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    const row = (label: string, value: string, target: string, ok: boolean | null) =>
      `  ${label.padEnd(30)} ${value.padStart(14)}   ${target.padEnd(10)} ${ok === null ? '' : verdict(ok)}`;
    const ms = (n: number) => `${n.toFixed(2)} ms`;
    console.log(
      `\nnpm run bench — API on PostgreSQL, NODE_ENV=production, ${CONNECTIONS} connections, ${SECONDS} s per phase`,
    );
    console.log(
      `  load average at start ${load0.toFixed(2)} on ${cpus().length} cores (other work on the machine skews every figure)\n`,
    );
    console.log(`  ${'figure'.padEnd(30)} ${'value'.padStart(14)}   ${'target'.padEnd(10)}`);
    console.log(row('pgbench tpcb-like TPS', pgbenchTps.toFixed(0), '', null));
    console.log(row('approvals/s, many clients', ledgerMany.rps.toFixed(0), '', null));
    console.log(row('approvals/s, one client', ledgerHot.rps.toFixed(0), '', null));
    console.log(row('ledger ratio', figures.ledgerRatio.toFixed(3), '≥ 0.5', met.ledgerRatio));
    console.log(row('hot-row ratio', figures.hotRowRatio.toFixed(3), '≥ 0.2', met.hotRowRatio));
    console.log(row('hello world req/s', helloMax.rps.toFixed(0), '', null));
    console.log(row('dashboard req/s', dashMax.rps.toFixed(0), '', null));
    console.log(row('dashboard ratio', figures.dashboardRatio.toFixed(3), '≥ 0.35', met.dashboardRatio));
    console.log(row(`p50 at ${halfRate.toFixed(0)} req/s`, ms(dashHalf.p50), '', null));
    console.log(row(`p99 at ${halfRate.toFixed(0)} req/s`, ms(dashHalf.p99), '≤ 25 ms', met.dashboardP99Ms));
    console.log(row(`growth p50, ${smallLines} lines`, ms(p50Small), '', null));
    console.log(row(`growth p50, ${largeLines} lines`, ms(p50Large), '', null));
    console.log(row('growth ratio (p50 1M ÷ 10k)', figures.growthRatio.toFixed(3), '≤ 1.2', met.growthRatio));
    console.log(row('peak RSS of the API', `${figures.peakRssMb.toFixed(0)} MB`, '≤ 250 MB', met.peakRssMb));
    for (const f of failures) console.log(`  ! ${f}`);

    const results = {
      date: new Date().toISOString(),
      machine: { cores: cpus().length, loadAverageAtStart: round(load0), node: process.version },
      settings: {
        seconds: SECONDS,
        connections: CONNECTIONS,
        nodeEnv: 'production',
        logLevel: 'warn',
        nodeArgs: nodeArgs.join(' '),
      },
      targets: TARGETS,
      figures: Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, round(v, 3)])),
      met,
      details: {
        pgbenchTps: round(pgbenchTps),
        approvalsPerSecond: { manyClients: round(ledgerMany.rps), oneClient: round(ledgerHot.rps) },
        approvalLatencyMs: {
          manyClients: { p50: round(ledgerMany.p50), p99: round(ledgerMany.p99) },
          oneClient: { p50: round(ledgerHot.p50), p99: round(ledgerHot.p99) },
        },
        cpuMsPerAnswer: {
          dashboard: dashMax.cpuMsPerOk,
          approvalsManyClients: ledgerMany.cpuMsPerOk,
          approvalsOneClient: ledgerHot.cpuMsPerOk,
        },
        helloWorldRps: round(helloMax.rps),
        dashboardRps: round(dashMax.rps),
        dashboardFullSpeedLatencyMs: { p50: round(dashMax.p50), p99: round(dashMax.p99) },
        dashboardOfferedRate: round(halfRate),
        dashboardHalfRateLatencyMs: { p50: round(dashHalf.p50, 3), p99: round(dashHalf.p99, 3) },
        growth: {
          turnSeconds: turn,
          small: {
            journalLines: smallLines,
            p50PerTurn: small.map((r) => round(r.p50, 3)),
            p50: round(p50Small, 3),
          },
          large: {
            journalLines: largeLines,
            p50PerTurn: large.map((r) => round(r.p50, 3)),
            p50: round(p50Large, 3),
          },
        },
        peakRssMb: round(figures.peakRssMb, 1),
        rssMbAfterPhase: rssAfter,
        ledgerViolations: violations,
        failures,
      },
    };
    writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\n  wrote bench/results.json in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const allMet = Object.values(met).every(Boolean);
    return failures.length > 0 || !allMet ? 1 : 0;
  } finally {
    if (rssTimer) clearInterval(rssTimer);
    await seed.end().catch(() => undefined);
    await seedSmall.end().catch(() => undefined);
    await hello?.stop();
    await apiSmall?.stop();
    await api?.stop();
    await smtp.close();
    if (profileDir) console.log(`  CPU profile of the API: ${profileDir}`);
    if (process.env.BENCH_KEEP_DB === '1')
      console.log(`  kept the databases ${name}, ${smallName} (BENCH_KEEP_DB=1)`);
    else
      for (const db of [name, smallName]) {
        await adminQuery(`drop database if exists ${db} with (force)`).catch((e: unknown) =>
          console.error(`could not drop ${db}:`, e),
        );
      }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((e: unknown) => {
  console.error(e);
  return 2;
});
