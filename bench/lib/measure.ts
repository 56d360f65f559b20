/**
 * Measuring for `npm run bench`: autocannon load phases with latency percentiles, CPU time of the
 * API process and of the bench's private PostgreSQL cluster (from /proc), the API's memory,
 * sequential latency samples, the approvals' requests, waiting for a calm machine, and the run's
 * log lines.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { clusterPids } from './cluster';
import { CONNECTIONS, SECONDS } from './settings';

export interface LoadResult {
  /** 2xx answers per second over the phase. */
  rps: number;
  ok: number;
  errors: number;
  /** Status codes other than 2xx, by code. */
  otherStatuses: Record<string, number>;
  p50: number;
  p99: number;
  /** Open-loop phases: p99 (ms) of how late requests were sent after their due time (bench/lib/fixed-rate.ts). */
  sendLagP99?: number;
  /**
   * Open-loop phases: where the slowest answer sat, to tell one stall from a steady queue: its due
   * time from the phase's start and its latency (ms), and how many answers took over 100 ms and
   * over what stretch of due times they were spread (ms from the start).
   */
  slowest?: { atMs: number; ms: number; over100: number; over100FromMs: number; over100ToMs: number };
  /** Open-loop phases with a lead-in: its p99 and slowest latency (ms), measured apart. */
  leadIn?: { p99: number; max: number };
  /**
   * CPU time per 2xx answer (ms, user + system) of the API process, of the bench's PostgreSQL
   * cluster, and of the bench's own process (the load generator, and the SMTP receiver that takes
   * the mail): all three share the machine's cores.
   */
  cpuMsPerOk?: { api: number; postgres: number; bench: number };
}

/** Prints a line with the seconds since the start. */
export function log(line: string): void {
  const t = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`[${t} s] ${line}`);
}
export const started = Date.now();

/** The p-th percentile of sorted numbers. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export type SetupRequest = (req: autocannon.Request, context: Record<string, unknown>) => autocannon.Request;

/** One autocannon phase; latencies are kept exactly (autocannon's own histogram rounds to 1 ms). */
export async function load(opts: {
  url: string;
  requests: Array<{ method?: 'GET' | 'PUT' | 'POST'; path: string; setupRequest?: SetupRequest }>;
  seconds?: number;
  /** Send exactly this many requests instead (`seconds` is then ignored): rps is over the time they took. */
  amount?: number;
  connections?: number;
  overallRate?: number;
  /** The API's pid and the cluster's postmaster: measure their CPU time over the phase. */
  cpu?: { apiPid: number; postmaster: number };
}): Promise<LoadResult> {
  const times: number[] = [];
  const cpu0 = opts.cpu ? cpuMs(opts.cpu.apiPid, opts.cpu.postmaster) : undefined;
  const own0 = process.cpuUsage();
  const otherStatuses: Record<string, number> = {};
  const t0 = performance.now();
  // without a callback autocannon answers its tracker, an EventEmitter that is also a promise
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections ?? CONNECTIONS,
    duration: opts.seconds ?? SECONDS,
    ...(opts.amount && { amount: opts.amount }),
    ...(opts.overallRate && { overallRate: Math.max(1, Math.round(opts.overallRate)) }),
    requests: opts.requests as autocannon.Request[],
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  let lastAnswer = t0;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
    lastAnswer = performance.now();
    if (statusCode >= 200 && statusCode < 300) times.push(ms);
    else otherStatuses[statusCode] = (otherStatuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const cpu1 = opts.cpu ? cpuMs(opts.cpu.apiPid, opts.cpu.postmaster) : undefined;
  const own = process.cpuUsage(own0);
  times.sort((a, b) => a - b);
  // with `amount`, autocannon ends on its next whole-second tick: the phase lasted until the last answer
  const seconds = opts.amount ? (lastAnswer - t0) / 1000 : result.duration || opts.seconds || SECONDS;
  return {
    rps: times.length / seconds,
    ok: times.length,
    errors: result.errors + result.timeouts,
    otherStatuses,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    ...(cpu0 &&
      cpu1 && {
        cpuMsPerOk: {
          api: (cpu1.api - cpu0.api) / Math.max(1, times.length),
          postgres: (cpu1.postgres - cpu0.postgres) / Math.max(1, times.length),
          bench: (own.user + own.system) / 1000 / Math.max(1, times.length),
        },
      }),
  };
}

/**
 * The most answers per second the machine's cores could give at the CPU a phase spent per answer
 * (API, PostgreSQL, the bench's own process, and `others`, e.g. the mail process, in ms): a bound
 * on the throughput figures that is independent of how the phase was scheduled.
 */
export function cpuBound(r: LoadResult, others: Record<string, number> = {}): number {
  const c = r.cpuMsPerOk;
  if (!c) return NaN;
  const ms = c.api + c.postgres + c.bench + Object.values(others).reduce((a, b) => a + b, 0);
  return (availableParallelism() * 1000) / ms;
}

/**
 * What the mail process cost over an approvals phase (`mailerCpuMs`, ms, while it sent `mailsSent`
 * mails): per approval and per mail sent, and `cpuBound` with each. The worker may send fewer mails
 * than the phase queues, so the bound with every approval's mail sent takes the cost per mail.
 */
export function mailCost(phase: LoadResult, m: { mailerCpuMs: number; mailsSent: number }) {
  const perApproval = m.mailerCpuMs / Math.max(1, phase.ok);
  const perMail = m.mailerCpuMs / Math.max(1, m.mailsSent);
  return {
    mailsSent: m.mailsSent,
    mailerCpuPerApprovalMs: round(perApproval, 3),
    cpuBoundPerSecond: round(cpuBound(phase, { mailer: perApproval }), 1),
    mailerCpuPerMailMs: round(perMail, 3),
    cpuBoundWithEveryMailPerSecond: round(cpuBound(phase, { mailer: perMail }), 1),
  };
}

/**
 * "; CPU per answer: API … ms, PostgreSQL … ms, the bench … ms[, others]; N cores allow at most …/s"
 * for a phase that measured it.
 */
export function cpuNote(r: LoadResult, others: Record<string, number> = {}): string {
  const c = r.cpuMsPerOk;
  if (!c) return '';
  const parts = { API: c.api, PostgreSQL: c.postgres, 'the bench': c.bench, ...others };
  const list = Object.entries(parts).map(([who, ms]) => `${who} ${ms.toFixed(2)} ms`);
  return `; CPU per answer: ${list.join(', ')}; ${availableParallelism()} cores allow at most ${cpuBound(r, others).toFixed(0)}/s`;
}

export const CLOCK_TICKS_PER_MS = 0.1; // USER_HZ is 100 on Linux

/** user + system CPU time (ms) from /proc/<pid>/stat, 0 if it is gone. */
export function processCpuMs(pid: number | string): number {
  return cpuTimesMs(pid).own;
}

/** A process's own CPU time and its waited-for children's (ms), from /proc/<pid>/stat; 0s if it is gone. */
function cpuTimesMs(pid: number | string): { own: number; reaped: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // utime, stime; cutime, cstime
    return { own: (f[11]! + f[12]!) / CLOCK_TICKS_PER_MS, reaped: (f[13]! + f[14]!) / CLOCK_TICKS_PER_MS };
  } catch {
    return { own: 0, reaped: 0 };
  }
}

/**
 * CPU time used so far (ms) by the bench's cluster: its postmaster, its live children (backends,
 * WAL writer, checkpointer, autovacuum) and those that have exited (a pgbench run's backends), and
 * never by other PostgreSQL servers.
 */
export function clusterCpuMs(postmaster: number): number {
  // a child reaped while the others are read would count twice or not at all (a pgbench run's
  // backends exit together as it ends): read again until no child was reaped during the read
  for (let tries = 0; ; tries++) {
    const before = cpuTimesMs(postmaster).reaped;
    const children = clusterPids(postmaster).filter((pid) => pid !== postmaster);
    const live = children.reduce((sum, pid) => sum + processCpuMs(pid), 0);
    const { own, reaped } = cpuTimesMs(postmaster);
    if (reaped === before || tries === 50) return own + reaped + live;
  }
}

/** CPU time used so far (ms) by the API process and by the bench's cluster (`clusterCpuMs`). */
export function cpuMs(apiPid: number, postmaster: number): { api: number; postgres: number } {
  return { api: processCpuMs(apiPid), postgres: clusterCpuMs(postmaster) };
}

/** A field of /proc/<pid>/status in kB (0 if the process is gone). */
export function readStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resets the process's peak RSS (VmHWM) to its current RSS; false when the kernel refuses. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** `n` rounded to `digits` decimals. */
export const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** p50 (ms) of `samples` sequential runs of `fn` (after one unmeasured run). */
export async function sequentialP50(fn: () => Promise<unknown>, samples: number): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** The dashboard's two reads as autocannon requests: each pair with the token of a random client. */
export function dashboardRequests(tokens: string[]) {
  const pick = () => tokens[Math.floor(Math.random() * tokens.length)]!;
  return [
    {
      path: '/api/user/me',
      setupRequest: ((req, ctx) => {
        ctx.token = pick();
        return { ...req, headers: { ...req.headers, authorization: `Bearer ${ctx.token as string}` } };
      }) as SetupRequest,
    },
    {
      path: '/api/transaction',
      setupRequest: ((req, ctx) => ({
        ...req,
        headers: { ...req.headers, authorization: `Bearer ${ctx.token as string}` },
      })) as SetupRequest,
    },
  ];
}

/**
 * The dashboard's two reads for `fixedRate` (fixed-rate.ts): request 2k is /api/user/me and 2k+1
 * /api/transaction, each pair with the token of a random client.
 */
export function dashboardVisits(tokens: string[]) {
  let token = tokens[0]!;
  return (i: number) => {
    if (i % 2 === 0) token = tokens[Math.floor(Math.random() * tokens.length)]!;
    return {
      path: i % 2 === 0 ? '/api/user/me' : '/api/transaction',
      headers: { authorization: `Bearer ${token}` },
    };
  };
}

/**
 * p50 (ms) of `a` and of `b` over `samples` runs each, taken in turns (a, b, a, b, …, after one
 * unmeasured run of each), so that a busy neighbour on the machine hurts both sides alike.
 */
export async function pairedP50(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  samples: number,
): Promise<[number, number]> {
  await a();
  await b();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < samples; i++) {
    for (const [fn, times] of [
      [a, ta],
      [b, tb],
    ] as const) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
  }
  return [median(ta), median(tb)];
}

/** The median (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Autocannon requests approving `ids` in turn as the admin of `token`, each id taken out of `ids`
 * as its request is sent (so a later phase gets only the ids left; an exhausted list sends
 * "undefined", answered 4xx and reported as a failure of the run).
 */
export function approvals(ids: string[], token: string) {
  const setupRequest: SetupRequest = (req) => ({
    ...req,
    path: `/api/deposits/${ids.shift()}/approve`,
    headers: { ...req.headers, authorization: `Bearer ${token}` },
  });
  return [{ method: 'PUT' as const, path: '/api/deposits/x/approve', setupRequest }];
}

/** Waits up to `maxMs` for the 1-minute load average to fall under `below`; answers it. */
export async function calm(below: number, maxMs: number): Promise<number> {
  const until = Date.now() + maxMs;
  while (loadavg()[0]! >= below && Date.now() < until) await new Promise((r) => setTimeout(r, 1000));
  return loadavg()[0]!;
}
