/**
 * Set-up for `npm run bench`: the API bundle, its node flags, and the API process as production
 * runs it, on the bench's database.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startApiProcess, type ApiProcess } from '../../server/test/processes';
import { ROOT } from './settings';

/** The node flags `npm start` gives the API (package.json), so the bench runs it the same way. */
export function startNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const m = /\bnode((?: --[\w-]+(?:=\S+)?)*) dist\/server\/main\.js/.exec(pkg.scripts.start);
  if (!m) throw new Error(`cannot read the node command of npm start: ${pkg.scripts.start}`);
  return m[1]!.split(' ').filter(Boolean);
}

/** Bundles the API into dist/server/main.js (`npm run build:server`), so the run measures the current code. */
export function buildServer(): void {
  const build = spawnSync('npm', ['run', 'build:server', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build:server failed (${build.status ?? build.signal})`);
}

/**
 * `node dist/server/main.js` with the flags of `npm start` (plus BENCH_NODE_ARGS and `extraArgs`),
 * NODE_ENV=production (rate limits, HSTS, staff two-factor), LOG_LEVEL=warn, mail to `smtpUrl`.
 * The scheduled jobs (plan sweep, housekeeping, seal, liabilities snapshot, integrity check) are off, so that no statement of theirs lands in a
 * captured request. With `mailWorker: false` the process stores mail but another one sends it
 * (MAIL_WORKER, docs/operations.md "Mail").
 */
export function startBenchApi(opts: {
  databaseUrl: string;
  smtpUrl: string;
  dataDir: string;
  sessionSecret: string;
  extraArgs?: string[];
  /** MAIL_WORKER: whether this process sends the outbox (default true). */
  mailWorker?: boolean;
}): Promise<ApiProcess> {
  return startApiProcess({
    databaseUrl: opts.databaseUrl,
    sessionSecret: opts.sessionSecret,
    entry: 'build',
    nodeEnv: 'production',
    env: {
      LOG_LEVEL: 'warn',
      DATA_DIR: opts.dataDir,
      RATE_LIMIT: 'true',
      PUBLIC_URL: 'http://127.0.0.1',
      SMTP_URL: opts.smtpUrl,
      PLAN_SWEEP_INTERVAL_MS: '0',
      HOUSEKEEPING_INTERVAL_MS: '0',
      // the seal runs in a process of its own, in the sealing phase only (bench/lib/sealing.ts)
      TRANSPARENCY_SEAL_INTERVAL_MS: '0',
      LIABILITIES_SNAPSHOT_INTERVAL_MS: '0',
      INTEGRITY_CHECK_INTERVAL_MS: '0',
      MAIL_WORKER: String(opts.mailWorker ?? true),
      // the bench approves many $250 deposits of one client as one owner: past $1,000 in a day the
      // aggregate four-eyes rule would hold them (202); the check itself (lock and sum) still runs
      FOUR_EYES_THRESHOLD_USD: '1000000000',
    },
    nodeArgs: [...benchNodeArgs(), ...(opts.extraArgs ?? [])],
  });
}

/** The API's node flags: those of `npm start`, then BENCH_NODE_ARGS. */
export function benchNodeArgs(): string[] {
  return [...startNodeFlags(), ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
}
