/**
 * pgbench for `npm run bench`: the standard tpcb-like load, and replays of the API's own
 * statements (scripts from capture.ts), on the bench's database, `-M prepared`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { pgBin } from './cluster';
import { clusterCpuMs, mailCost, processCpuMs, type LoadResult } from './measure';
import type { ReplayScript } from './capture';
import { SECONDS } from './settings';

export interface PgbenchResult {
  tps: number;
  /** CPU time of the bench's cluster per transaction (ms), when its postmaster was given. */
  pgCpuMsPerTransaction?: number;
  transactions: number;
  failed: number;
}

function runPgbench(args: string[]): PgbenchResult {
  const run = spawnSync(pgBin('pgbench'), args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`pgbench failed (${run.status}): ${run.stderr.slice(0, 2000)}`);
  const tps =
    /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout) ??
    /tps = ([\d.]+)/.exec(run.stdout);
  if (!tps) throw new Error(`pgbench printed no TPS:\n${run.stdout}`);
  return {
    tps: Number(tps[1]),
    transactions: Number(/actually processed: (\d+)/.exec(run.stdout)?.[1] ?? 0),
    failed: Number(/number of failed transactions: (\d+)/.exec(run.stdout)?.[1] ?? 0),
  };
}

/**
 * Runs CHECKPOINT on the database at `url`, so the phase that follows starts right after one, as
 * its reference does: each pays the full-page images of its first write to each page, and no
 * checkpoint that a bulk load began (`pgbench -i` starts one by the WAL's size) spreads its writes
 * over one phase and not the other (docs/performance.md). Throws when psql fails.
 */
export function checkpoint(url: string): void {
  const run = spawnSync(pgBin('psql'), ['-X', '-q', '-c', 'checkpoint', url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`checkpoint failed: ${run.stderr}`);
}

/**
 * `pgbench -b tpcb-like` (simple protocol, as before) at scale 16, initialised first, with
 * `clients` clients for SECONDS, right after a checkpoint.
 */
export function pgbenchTpcb(url: string, clients: number): PgbenchResult {
  const init = spawnSync(pgBin('pgbench'), ['-i', '-s', '16', '-I', 'dtGvp', '-q', url], {
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  checkpoint(url);
  return runPgbench(['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(SECONDS), '-n', url]);
}

/**
 * Runs a replay script with `clients` clients for SECONDS, right after a checkpoint; with
 * `postmaster`, measures the cluster's CPU time.
 */
export function pgbenchReplay(
  url: string,
  replay: ReplayScript,
  clients: number,
  postmaster?: number,
): PgbenchResult {
  checkpoint(url);
  const cpu0 = postmaster ? clusterCpuMs(postmaster) : 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-replay-'));
  try {
    const file = path.join(dir, 'replay.sql');
    writeFileSync(file, replay.script);
    const defines = Object.entries({ ...replay.defines, nclients: String(clients) }).flatMap(([k, v]) => [
      '-D',
      `${k}=${v}`,
    ]);
    const result = runPgbench([
      '-n',
      '-M',
      'prepared',
      '-c',
      String(clients),
      '-j',
      String(Math.min(2, clients)),
      '-T',
      String(SECONDS),
      ...defines,
      '-f',
      file,
      url,
    ]);
    if (postmaster)
      result.pgCpuMsPerTransaction = (clusterCpuMs(postmaster) - cpu0) / Math.max(1, result.transactions);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` (a pgbench run) with the API processes of `pids` stopped (SIGSTOP), so that neither
 * their timers nor the mail worker (which would send the replay's queued mails) run beside the
 * reference load; afterwards the mails the replay left queued are marked sent, so no process sends
 * them in a later phase, and the processes continue (SIGCONT). The processes are stopped only
 * while none of their sessions is inside a statement or a transaction (`stopWhenIdle`).
 */
export async function withApiPaused<T>(pids: number | number[], db: pg.Client, fn: () => T): Promise<T> {
  const all = [pids].flat();
  await stopWhenIdle(all, db);
  try {
    return fn();
  } finally {
    await db.query(
      `update mail_outbox set status = 'sent', sent_at = now(), locked_until = null where status = 'queued'`,
    );
    for (const pid of all) process.kill(pid, 'SIGCONT');
    await new Promise((r) => setTimeout(r, 1000)); // its listener may reconnect after the pause
  }
}

/**
 * Stops the processes of `pids` (SIGSTOP) at a moment when no other client session of `db`'s
 * database is running a statement or holds a transaction open. A process stopped mid-transaction
 * (a request still being answered after its load phase, on a loaded machine) would keep its row
 * locks for the whole replay, and the replay's sessions would wait on them for ever. Stops, looks,
 * and when a session is busy lets the processes run 100 ms more; throws after 30 s of that.
 */
async function stopWhenIdle(pids: number[], db: pg.Client): Promise<void> {
  for (let tries = 0; ; tries++) {
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    const { rows } = await db.query<{ busy: number }>(
      `select count(*)::int as busy from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
          and (state = 'active' or state like 'idle in transaction%')`,
    );
    if (rows[0]!.busy === 0) return;
    for (const pid of pids) process.kill(pid, 'SIGCONT');
    if (tries >= 300) throw new Error(`the API still had ${rows[0]!.busy} busy sessions after 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The statements that took the most execution time since the last reset (pg_stat_statements), then resets. */
export async function topStatements(
  db: pg.Client,
  limit = 8,
): Promise<Array<{ query: string; calls: number; meanMs: number; totalMs: number }>> {
  const { rows } = await db.query<{ query: string; calls: string; mean: number; total: number }>(
    `select left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query, calls, mean_exec_time as mean, total_exec_time as total
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time desc limit $1`,
    [limit],
  );
  await db.query('select pg_stat_statements_reset()');
  return rows.map((r) => ({
    query: r.query,
    calls: Number(r.calls),
    meanMs: Math.round(r.mean * 1000) / 1000,
    totalMs: Math.round(r.total),
  }));
}

/**
 * Mails of the outbox in `status`: `queued` (the default) counts what the mail worker has not sent
 * yet, `sent` what it has.
 */
export async function outboxMails(db: pg.Client, status: 'queued' | 'sent' = 'queued'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from mail_outbox where status = $1`,
    [status],
  );
  return rows[0]!.n;
}

/**
 * Runs the approvals `phase` and answers its result with what the mail process (`mailerPid`) cost
 * meanwhile (`mailCost`: its CPU per approval and per mail it sent).
 */
export async function withMailer(
  mailerPid: number,
  db: pg.Client,
  phase: () => Promise<LoadResult>,
): Promise<{ result: LoadResult; mail: ReturnType<typeof mailCost> }> {
  const cpu0 = processCpuMs(mailerPid);
  const sent0 = await outboxMails(db, 'sent');
  const result = await phase();
  const mailerCpuMs = processCpuMs(mailerPid) - cpu0;
  return {
    result,
    mail: mailCost(result, { mailerCpuMs, mailsSent: (await outboxMails(db, 'sent')) - sent0 }),
  };
}
