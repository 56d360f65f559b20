/**
 * An open-loop load at a fixed offered rate for `npm run bench` (the dashboard's p99 at 600
 * requests/s, docs/performance.md). Autocannon cannot offer one: its `overallRate` gives each
 * connection a quota per second that it spends back to back at the start of every second, so 600/s
 * over 16 connections was a 16-deep burst of about 0.2 s then 0.8 s of silence, and the "fixed-rate"
 * p99 measured the full-speed queue. Here request i is due at start + i / rate, sent at its due time
 * whatever the earlier ones are doing (a keep-alive agent opens more sockets when they are all
 * busy), and its latency runs from its due time to the end of its answer, so a stall of the server
 * counts for every request that should have gone meanwhile (no coordinated omission).
 */
import http from 'node:http';
import { percentile, type LoadResult } from './measure';

export interface TimedRequest {
  path: string;
  headers: Record<string, string>;
}

/**
 * Offers `rate` requests per second for `seconds` to `origin`, request i being `next(i)`, and
 * answers the 2xx rate achieved, the latency percentiles (ms) of the 2xx answers, and the p99 of how
 * late the requests left this process (`sendLagP99`: a stall of the load generator, not the API).
 * With `leadInSeconds`, the same stream first runs that long unmeasured, so the figures are of the
 * steady state at `rate`, not of the climb to it from a quieter load (bench/runs.md "The
 * dashboard's p99"). `slowest` counts its times from the measured start.
 */
export async function fixedRate(opts: {
  origin: string;
  rate: number;
  seconds: number;
  leadInSeconds?: number;
  next: (i: number) => TimedRequest;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(opts.origin);
  const leadIn = Math.round(opts.rate * (opts.leadInSeconds ?? 0)); // requests before the measured start
  const total = leadIn + Math.round(opts.rate * opts.seconds);
  const times: number[] = [];
  const leadInTimes: number[] = []; // the lead-in's latencies, reported apart
  const lags: number[] = []; // how late each request left this process: a stall of the bench itself, not of the API
  const slowest = { atMs: 0, ms: 0, over100: 0, over100FromMs: Infinity, over100ToMs: 0 };
  const otherStatuses: Record<string, number> = {};
  let errors = 0;
  const inFlight: Array<Promise<void>> = [];
  const start = performance.now() + 20;
  const measuredFrom = start + (leadIn * 1000) / opts.rate;

  const note = (atMs: number, ms: number) => {
    if (ms > slowest.ms) Object.assign(slowest, { atMs, ms });
    if (ms <= 100) return;
    slowest.over100++;
    slowest.over100FromMs = Math.min(slowest.over100FromMs, atMs);
    slowest.over100ToMs = Math.max(slowest.over100ToMs, atMs);
  };
  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const r = opts.next(i);
      const measured = i >= leadIn;
      if (measured) lags.push(performance.now() - due);
      const req = http.request(
        { agent, host: url.hostname, port: url.port, path: r.path, method: 'GET', headers: r.headers },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const ms = performance.now() - due;
            if (!measured) {
              leadInTimes.push(ms);
              return resolve();
            }
            if (status >= 200 && status < 300) times.push(ms);
            else otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
            note(due - measuredFrom, ms);
            resolve();
          });
        },
      );
      req.on('error', () => {
        if (measured) errors++;
        resolve();
      });
      req.end();
    });

  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      // every request whose due time has come goes now, at its own due time's account
      while (sent < total && start + (sent * 1000) / opts.rate <= now) {
        inFlight.push(send(sent, start + (sent * 1000) / opts.rate));
        sent++;
      }
      if (sent >= total) return done();
      const wait = start + (sent * 1000) / opts.rate - performance.now();
      setTimeout(tick, Math.max(0, wait));
    };
    setTimeout(tick, 20);
  });
  await Promise.all(inFlight);
  const seconds = (performance.now() - measuredFrom) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  leadInTimes.sort((a, b) => a - b);
  return {
    ...(leadIn ? { leadIn: { p99: percentile(leadInTimes, 99), max: leadInTimes.at(-1) ?? NaN } } : {}),
    sendLagP99: percentile(lags, 99),
    slowest: { ...slowest, over100FromMs: slowest.over100 ? slowest.over100FromMs : 0 },
    rps: times.length / seconds,
    ok: times.length,
    errors,
    otherStatuses,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

/**
 * Brings the API's session cache (server/modules/auth/session-cache.ts: an entry is read from the
 * database, then served for `ttlMs`) to the state a steady stream of visits by these clients keeps
 * it in: one GET /api/user/me per token, evenly spaced over `ttlMs`. When it ends, the cached
 * sessions' ages are spread evenly over the TTL, so in the phase that follows they expire and are
 * read again at the steady rate (tokens ÷ TTL per second), as they would in service, not all at
 * once. Warming every token in a short burst instead made them all expire together 30 s later: a
 * fixed-rate phase that began then read every session again in its first seconds (a p99 of 0.9–2 s
 * on a 2-core machine). None of `tokens` may be cached when it starts: a cached one keeps its age.
 */
export async function spreadSessionWarmUp(origin: string, tokens: string[], ttlMs: number): Promise<void> {
  const r = await fixedRate({
    origin,
    rate: tokens.length / (ttlMs / 1000),
    seconds: ttlMs / 1000,
    next: (i) => ({ path: '/api/user/me', headers: { authorization: `Bearer ${tokens[i]}` } }),
  });
  if (r.ok !== tokens.length) throw new Error(`session warm-up: ${r.ok} of ${tokens.length} answered 2xx`);
}
