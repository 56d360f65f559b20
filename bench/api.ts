/**
 * `npm run bench` (docs/performance.md): the API on PostgreSQL against references measured on the
 * same machine in the same run, each figure with its target (bench/lib/settings.ts TARGETS).
 * All on this machine (HTTP on 127.0.0.1; the API and pgbench reach PostgreSQL through its Unix
 * socket, as docs/operations.md recommends on one host); load phases last BENCH_SECONDS (default
 * 8 s); about 3–5 minutes. Each ledger phase and each pgbench run starts right after a CHECKPOINT.
 *
 * Set-up: a private PostgreSQL cluster initdb'd into a temporary folder on a port of its own
 * (bench/lib/cluster.ts; removed at the end), so PostgreSQL's CPU time is this cluster's only and
 * the bench may log every statement. One database `bench`, migrated by the API at start, seeded
 * with SQL (bench/lib/dataset.ts: 100,000 users, 100,000 pending requests, a client with 50,000
 * journal entries). The API runs as production runs it: bundled at the start (`npm run
 * build:server`), `node dist/server/main.js` with the flags of `npm start`, NODE_ENV=production,
 * LOG_LEVEL=warn, mail to a local SMTP receiver that keeps nothing, sent by a second process of the
 * same build (the measured API stores mail only: MAIL_WORKER=false; its CPU per approval and per
 * mail are in details). Load comes from autocannon in this process, 16 connections; pgbench 16 clients.
 *
 * Capture (bench/lib/replays.ts, capture.ts): with every statement logged, the bench approves a
 * few deposits and makes a few dashboard visits one at a time, and keeps the statements each sent
 * (steady state: sessions cached). Each becomes a pgbench script, `-M prepared`, whose rows
 * (deposit, client, account, new entry id) come from a key table by one primary-key lookup.
 *
 * Figures:
 *  - ledgerRatio: approvals/s (PUT /api/deposits/:id/approve as an owner, pending deposits spread
 *    over 2,000 clients) ÷ `pgbench -b tpcb-like` TPS (scale 16).
 *  - ledgerReplayRatio: the same approvals/s ÷ pgbench replaying one approval's statements over
 *    other pending deposits of those clients; hotReplayRatio: both with every deposit on ONE client.
 *  - dashboardReplayRatio: dashboard requests/s (GET /api/user/me + GET /api/transaction as 1,000
 *    signed-in clients, at full speed) ÷ the replay of one visit's statements (2 requests a transaction).
 *  - apiCpuPerApprovalMs, pgCpuPerApprovalMs (the cluster's processes), apiCpuPerDashboardMs: CPU
 *    time (user + system, /proc) per answer over the full-speed phases. Beside them (details
 *    `cpuBoundPerSecond`): the most answers/s the cores allow at the CPU every process spent per
 *    answer, the bench's own included (bench/lib/measure.ts `cpuBound`).
 *  - p99FixedRateMs: the dashboard's p99 at 600 requests/s offered open-loop, evenly spaced, latency
 *    from each request's due time (bench/lib/fixed-rate.ts; autocannon's rate is a burst per second);
 *    counts only when `loadOk` (1-min load average under 1.5 at the phase's start; the bench waits
 *    up to 30 s for the machine to calm, then spends 30 s visiting each client once so the session
 *    cache is as steady visits keep it: `spreadSessionWarmUp`).
 *  - historyGrowthRatio, adminListP50Ms, exportPeakRssMb (bench/lib/scenarios.ts) and sealingRatio
 *    (sealing.ts): as docs/performance.md's table says.
 * Prints a table, writes bench/results.json (figures as {value, target, met}, load averages, details),
 * exits 1 when a target is missed, 2 when the run failed. The API is paused (SIGSTOP) while pgbench
 * runs, so its timers and mail worker stay out of the reference loads. BENCH_NODE_ARGS adds node
 * flags to the API; BENCH_PROFILE=1 writes a V8 CPU profile of it (a sample that spans a pause
 * carries the whole pause: leave out deltas over 100 ms); BENCH_KEEP_DB=1 keeps the cluster.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { SESSION_CACHE_TTL_MS } from '../server/modules/auth/session-cache';
import { ledgerViolations } from '../server/test/factories';
import type { ApiProcess } from '../server/test/processes';
import { startSmtpReceiver } from '../server/test/smtp-receiver';
import { startCluster } from './lib/cluster';
import { approvedInKeyTable, seedDataset } from './lib/dataset';
import {
  approvals,
  calm,
  cpuBound,
  cpuNote,
  dashboardRequests,
  dashboardVisits,
  load,
  log,
  round,
  started,
  type LoadResult,
} from './lib/measure';
import { fixedRate, spreadSessionWarmUp } from './lib/fixed-rate';
import {
  checkpoint,
  pgbenchReplay,
  pgbenchTpcb,
  outboxMails,
  topStatements,
  withApiPaused,
  withMailer,
} from './lib/pgbench';
import { capturedNames, captureReplays } from './lib/replays';
import { figure, printTable, writeResults } from './lib/report';
import { adminLists, concurrentExports, historyGrowth } from './lib/scenarios';
import { SEAL_EVERY_MS, sealingEffect } from './lib/sealing';
import { benchNodeArgs, buildServer, startBenchApi } from './lib/setup';
import { CONNECTIONS, FIXED_RATE, FIXED_RATE_LEAD_IN, LOAD_LIMIT, PROFILE, SECONDS } from './lib/settings';

async function main(): Promise<number> {
  buildServer();
  const loadStart = loadavg().map((n) => round(n));
  log(`${cpus().length} cores, load average ${loadStart.join(' ')} at start; phases of ${SECONDS} s`);
  const cluster = await startCluster();
  const clusterAdmin = new pg.Client({ connectionString: cluster.url() });
  const db = new pg.Client({ connectionString: cluster.url('bench') });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), 'bench-profile-')) : undefined;
  const smtp = await startSmtpReceiver(undefined, { keep: false });
  let api: ApiProcess | undefined;
  let mailer: ApiProcess | undefined; // sends the outbox: the measured API only stores mail (MAIL_WORKER=false)
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await db.end().catch(() => undefined);
    await clusterAdmin.end().catch(() => undefined);
    for (const p of [api, mailer]) {
      if (p?.child.pid && p.child.exitCode === null) process.kill(p.child.pid, 'SIGCONT'); // if stopped mid-replay
      await p?.stop();
    }
    await smtp.close();
    if (profileDir) console.log(`  CPU profile of the API: ${profileDir}`);
    if (process.env.BENCH_KEEP_DB === '1')
      console.log(`  kept the cluster: psql ${cluster.url('bench')} (pg_ctl stop it when done)`);
    else cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // an interrupted run still stops its API and its cluster
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  try {
    await clusterAdmin.connect();
    await clusterAdmin.query('create database bench');
    const url = cluster.socketUrl('bench');
    log(`private cluster on port ${cluster.port} (postmaster ${cluster.pid})`);
    const apiOptions = {
      databaseUrl: url,
      smtpUrl: smtp.url,
      dataDir,
      sessionSecret: randomBytes(32).toString('base64url'),
    };
    api = await startBenchApi({
      ...apiOptions,
      mailWorker: false,
      extraArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    mailer = await startBenchApi(apiOptions);
    const pid = api.child.pid!;
    const pids = [pid, mailer.child.pid!];
    const cpu = { apiPid: pid, postmaster: cluster.pid };
    const origin = api.origin;
    await db.connect();
    const data = await seedDataset(db);
    await db.query('create extension if not exists pg_stat_statements');
    log(
      `seeded ${data.users} users, ${data.pending} pending deposits, ${data.journalLines} journal lines; invariants hold`,
    );

    const replays = await captureReplays({
      db,
      clusterAdmin,
      logFile: cluster.logFile,
      origin,
      adminToken: data.adminToken,
      client: data.small,
      deposits: data.captureDeposits,
      rows: data.rows,
      clients: CONNECTIONS,
    });
    log(
      `captured: an approval sends ${replays.approval.length} statements (${replays.approval.map((s) => s.name).join(', ')}; ` +
        `then the mail worker ${replays.mailWorker.length}, not replayed); ` +
        `a dashboard visit ${replays.dashboard.length} (${replays.dashboard.map((s) => s.name).join(', ')})`,
    );

    // --- dashboard: p99 at a fixed rate on a calm machine, then full speed and its replay ----------
    const dashboard = dashboardRequests(data.dashTokens);
    // warm-up (JIT, pool) on one client, then the session cache as steady visits keep it (fixed-rate.ts)
    await load({ url: origin, requests: dashboardRequests([data.bigToken]), seconds: 2 });
    await calm(LOAD_LIMIT * 0.8, 30_000);
    await spreadSessionWarmUp(origin, data.dashTokens, SESSION_CACHE_TTL_MS);
    const loadBeforeFixed = loadavg()[0]!;
    const fixed = await fixedRate({
      origin,
      rate: FIXED_RATE,
      seconds: SECONDS,
      leadInSeconds: FIXED_RATE_LEAD_IN,
      next: dashboardVisits(data.dashTokens),
    });
    const loadAfterFixed = loadavg()[0]!;
    log(
      `dashboard at ${FIXED_RATE} req/s offered: p50 ${fixed.p50.toFixed(2)} ms, p99 ${fixed.p99.toFixed(2)} ms, sent late by ${fixed.sendLagP99?.toFixed(2)} ms at p99; ` +
        `slowest ${fixed.slowest!.ms.toFixed(0)} ms (due at ${fixed.slowest!.atMs.toFixed(0)} ms), ${fixed.slowest!.over100} over 100 ms; ` +
        `the ${FIXED_RATE_LEAD_IN} s lead-in before it: p99 ${fixed.leadIn!.p99.toFixed(0)} ms, slowest ${fixed.leadIn!.max.toFixed(0)} ms ` +
        `(load ${loadBeforeFixed.toFixed(2)} → ${loadAfterFixed.toFixed(2)})`,
    );
    await topStatements(db); // reset
    const dashMax = await load({ url: origin, requests: dashboard, cpu });
    log(`dashboard at full speed: ${dashMax.rps.toFixed(0)} req/s${cpuNote(dashMax)}`);
    const statements: Record<string, Awaited<ReturnType<typeof topStatements>>> = {};
    statements.dashboard = await topStatements(db);
    const dashReplay = await withApiPaused(pids, db, () =>
      pgbenchReplay(url, replays.dashboardScript, CONNECTIONS, cluster.pid),
    );
    statements.dashboardReplay = await topStatements(db);
    log(
      `dashboard replay: ${dashReplay.tps.toFixed(0)} visits/s = ${(2 * dashReplay.tps).toFixed(0)} req/s; ` +
        `PostgreSQL CPU ${((dashReplay.pgCpuMsPerTransaction ?? NaN) / 2).toFixed(2)} ms per request`,
    );

    // --- growth with the history, admin lists, exports ----------------------------------------------
    const growth = await historyGrowth(origin, data.bigToken, data.small.token);
    log(
      `history growth (p50 50k ÷ 5 entries): ${JSON.stringify(growth.requests, (_k, v: unknown) => (typeof v === 'number' ? round(v) : v))}`,
    );
    const lists = await adminLists(origin, data.adminToken, data.users);
    log(
      `admin lists p50 (ms): ${JSON.stringify(lists, (_k, v: unknown) => (typeof v === 'number' ? round(v) : v))}`,
    );
    const exports = await concurrentExports(origin, data.bigToken, pid);
    log(
      `${exports.bytesEach.length} concurrent exports of ${exports.bytesEach[0]} bytes in ${exports.seconds.toFixed(1)} s: ` +
        `peak RSS ${exports.peakRssMb.toFixed(0)} MB${exports.peakReset ? '' : ' (VmHWM not reset: sampled RSS)'}`,
    );

    // --- ledger: tpcb-like, then approvals and their replays ----------------------------------------
    /**
     * Replays the `key` deposits' captured approvals with pgbench (API paused), keeps its top
     * statements and logs its rate (`where`: over which clients); answers it and the count approved.
     */
    const approvalReplay = async (key: 'many' | 'hot', where: string) => {
      const replay = await withApiPaused(pids, db, () =>
        pgbenchReplay(url, replays[key], CONNECTIONS, cluster.pid),
      );
      statements[key === 'many' ? 'replayMany' : 'replayOneClient'] = await topStatements(db);
      const approved = await approvedInKeyTable(db, key);
      log(
        `replay ${where}: ${replay.tps.toFixed(0)} TPS (${approved} deposits approved by ${replay.transactions} transactions; ` +
          `PostgreSQL CPU ${replay.pgCpuMsPerTransaction?.toFixed(2)} ms each)`,
      );
      return { replay, approved };
    };
    const tpcb = await withApiPaused(pids, db, () => pgbenchTpcb(url, CONNECTIONS));
    log(`pgbench tpcb-like, ${CONNECTIONS} clients: ${tpcb.tps.toFixed(0)} TPS`);
    await load({
      url: origin,
      requests: approvals(data.manyIds.splice(0, 1_000), data.adminToken),
      seconds: 2,
    });
    await topStatements(db); // reset
    checkpoint(url); // as before each replay and tpcb-like (pgbench.ts)
    const { result: many, mail } = await withMailer(pids[1]!, db, () =>
      load({ url: origin, requests: approvals(data.manyIds, data.adminToken), cpu }),
    );
    log(
      `approvals over many clients: ${many.rps.toFixed(0)}/s${cpuNote(many, { 'the mail process': mail.mailerCpuPerApprovalMs })}; ` +
        `${mail.mailsSent} mails sent meanwhile, ${mail.mailerCpuPerMailMs} ms each: with every approval's mail sent, at most ${mail.cpuBoundWithEveryMailPerSecond.toFixed(0)}/s`,
    );
    statements.approvalsMany = await topStatements(db);
    const mailBacklog = { afterApprovalsMany: await outboxMails(db), afterApprovalsOneClient: 0 };
    const { replay: manyReplay, approved: manyApproved } = await approvalReplay('many', 'over many clients');
    checkpoint(url);
    const hot = await load({ url: origin, requests: approvals(data.hotIds, data.adminToken), cpu });
    log(`approvals on one client: ${hot.rps.toFixed(0)}/s${cpuNote(hot)}`);
    statements.approvalsOneClient = await topStatements(db);
    mailBacklog.afterApprovalsOneClient = await outboxMails(db);
    const { replay: hotReplay, approved: hotApproved } = await approvalReplay('hot', 'on one client');

    // --- the journal's seal beside the approvals ------------------------------------------------------
    const sealing = await sealingEffect({
      origin,
      databaseUrl: url,
      ids: data.manyIds.splice(0),
      requests: (ids) => approvals(ids, data.adminToken),
      rate: many.rps,
    });
    log(
      `sealing: caught up ${sealing.catchUp.entries} entries in ${(sealing.catchUp.ms / 1000).toFixed(1)} s; approvals/s ` +
        `${sealing.phases.map((p) => `${p.seal} ${p.rps.toFixed(0)}`).join(', ')} (${sealing.seals} seals, ${sealing.appended} entries)`,
    );

    const violations = await ledgerViolations(drizzle(db));
    const loadEnd = loadavg().map((n) => round(n));
    const phases: Record<string, LoadResult> = { fixed, dashMax, many, hot };
    const failures = [
      ...violations.map((v) => `ledger invariant broken after the run: ${v}`),
      ...Object.entries(phases)
        .filter(([, r]) => r.errors > 0 || Object.keys(r.otherStatuses).length > 0)
        .map(
          ([name, r]) => `${name}: non-2xx answers ${JSON.stringify(r.otherStatuses)}, ${r.errors} errors`,
        ),
      ...sealing.failures,
      ...[dashReplay, manyReplay, hotReplay]
        .filter((r) => r.failed > 0)
        .map((r) => `a replay had ${r.failed} failed transactions`),
      // A replay that ran out of pending deposits counts no-op transactions as approvals.
      ...[
        { name: 'many', approved: manyApproved, replay: manyReplay },
        { name: 'hot', approved: hotApproved, replay: hotReplay },
      ]
        .filter((r) => r.approved < r.replay.transactions)
        .map(
          (r) =>
            `the ${r.name} replay ran out of deposits (${r.approved} approved by ${r.replay.transactions} transactions)`,
        ),
    ];
    const loadOk = loadBeforeFixed < LOAD_LIMIT;
    // what the approval's own SQL reaches with no API at all: a ceiling on ledgerRatio and a floor
    // under pgCpuPerApprovalMs for today's statements (bench/runs.md "What the targets allow")
    const ceiling = (manyReplay.tps / tpcb.tps).toFixed(3);
    const replayPgMs = manyReplay.pgCpuMsPerTransaction ?? NaN;
    const figures = {
      ledgerRatio: figure('ledgerRatio', many.rps / tpcb.tps),
      ledgerReplayRatio: figure('ledgerReplayRatio', many.rps / manyReplay.tps),
      hotReplayRatio: figure('hotReplayRatio', hot.rps / hotReplay.tps),
      dashboardReplayRatio: figure('dashboardReplayRatio', dashMax.rps / (2 * dashReplay.tps)),
      apiCpuPerApprovalMs: figure('apiCpuPerApprovalMs', many.cpuMsPerOk?.api ?? NaN),
      pgCpuPerApprovalMs: figure('pgCpuPerApprovalMs', many.cpuMsPerOk?.postgres ?? NaN),
      apiCpuPerDashboardMs: figure('apiCpuPerDashboardMs', dashMax.cpuMsPerOk?.api ?? NaN),
      p99FixedRateMs: figure('p99FixedRateMs', fixed.p99),
      historyGrowthRatio: figure('historyGrowthRatio', growth.max),
      adminListP50Ms: figure('adminListP50Ms', Math.max(...Object.values(lists))),
      exportPeakRssMb: figure('exportPeakRssMb', exports.peakRssMb),
      sealingRatio: figure('sealingRatio', sealing.ratio),
    };
    const notes: Record<string, string> = {
      ledgerRatio: `${many.rps.toFixed(0)} approvals/s ÷ ${tpcb.tps.toFixed(0)} TPS; its SQL alone, replayed: ${ceiling}`,
      pgCpuPerApprovalMs: `its SQL alone, replayed: ${replayPgMs.toFixed(2)} ms`,
      ledgerReplayRatio: `÷ ${manyReplay.tps.toFixed(0)} replayed/s`,
      hotReplayRatio: `${hot.rps.toFixed(0)} approvals/s ÷ ${hotReplay.tps.toFixed(0)} replayed/s`,
      dashboardReplayRatio: `${dashMax.rps.toFixed(0)} req/s ÷ ${(2 * dashReplay.tps).toFixed(0)}`,
      sealingRatio: `seal every ${SEAL_EVERY_MS} ms beside the approvals`,
      p99FixedRateMs: `load ${loadBeforeFixed.toFixed(2)} at start: ${loadOk ? 'counts' : 'does not count'}`,
    };
    console.log(
      `\nnpm run bench — load average ${loadStart.join(' ')} at start, ${loadEnd.join(' ')} at end`,
    );
    printTable(figures, notes, failures);
    const r = (n: number) => round(n, 3);
    writeResults({
      date: new Date().toISOString(),
      machine: { cores: cpus().length, node: process.version },
      loadavg: { start: loadStart, end: loadEnd },
      settings: {
        seconds: SECONDS,
        connections: CONNECTIONS,
        fixedRate: FIXED_RATE,
        nodeArgs: benchNodeArgs().join(' '),
      },
      ...figures,
      loadOk,
      details: {
        dataset: { users: data.users, pendingRequests: data.pending, journalLines: data.journalLines },
        pgbenchTpcbTps: r(tpcb.tps),
        approvals: {
          manyClients: {
            rps: r(many.rps),
            p50: r(many.p50),
            p99: r(many.p99),
            cpuMsPerOk: many.cpuMsPerOk,
            ...mail,
          },
          oneClient: { rps: r(hot.rps), p50: r(hot.p50), p99: r(hot.p99), cpuMsPerOk: hot.cpuMsPerOk },
          replayManyTps: r(manyReplay.tps),
          replayOneClientTps: r(hotReplay.tps),
          replayPgCpuMsPerApproval: {
            manyClients: r(replayPgMs),
            oneClient: r(hotReplay.pgCpuMsPerTransaction ?? NaN),
          },
        },
        dashboard: {
          rps: r(dashMax.rps),
          cpuMsPerOk: dashMax.cpuMsPerOk,
          cpuBoundPerSecond: r(cpuBound(dashMax)),
          replayVisitsPerSecond: r(dashReplay.tps),
          replayPgCpuMsPerRequest: r((dashReplay.pgCpuMsPerTransaction ?? NaN) / 2),
          fixedRate: {
            offered: FIXED_RATE,
            achieved: r(fixed.rps),
            p50: r(fixed.p50),
            p99: r(fixed.p99),
            sendLagP99: r(fixed.sendLagP99 ?? NaN),
            slowest: fixed.slowest,
            leadIn: { seconds: FIXED_RATE_LEAD_IN, ...fixed.leadIn },
          },
          loadAtFixedRate: { start: r(loadBeforeFixed), end: r(loadAfterFixed) },
        },
        historyGrowth: growth.requests,
        adminListP50Ms: lists,
        exports,
        sealing,
        mailBacklog,
        capturedStatements: capturedNames(replays),
        replayScripts: { approval: replays.many, dashboardVisit: replays.dashboardScript },
        topStatementsByPhase: statements,
        ledgerViolations: violations,
        failures,
      },
    });
    console.log(`\n  wrote bench/results.json in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return failures.length > 0 || !Object.values(figures).every((f) => f.met) ? 1 : 0;
  } finally {
    await cleanup();
  }
}

process.exitCode = await main().catch((e: unknown) => {
  console.error(e);
  return 2;
});
