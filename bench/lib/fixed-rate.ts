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
 */
export async function fixedRate(opts: {
  origin: string;
  rate: number;
  seconds: number;
  next: (i: number) => TimedRequest;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(opts.origin);
  const total = Math.round(opts.rate * opts.seconds);
  const times: number[] = [];
  const lags: number[] = []; // how late each request left this process: a stall of the bench itself, not of the API
  const otherStatuses: Record<string, number> = {};
  let errors = 0;
  const inFlight: Array<Promise<void>> = [];
  const start = performance.now() + 20;

  const send = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const r = opts.next(i);
      lags.push(performance.now() - due);
      const req = http.request(
        { agent, host: url.hostname, port: url.port, path: r.path, method: 'GET', headers: r.headers },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) times.push(performance.now() - due);
            else otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
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
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    sendLagP99: percentile(lags, 99),
    rps: times.length / seconds,
    ok: times.length,
    errors,
    otherStatuses,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}
