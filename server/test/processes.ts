/**
 * Real API processes for tests and benchmarks that need more than `app.inject`: several servers on
 * one PostgreSQL (sessions, concurrency), a server killed with SIGKILL mid-flight (crash safety),
 * a production-like server under load (bench/). Each process is `node --import tsx server/main.ts`
 * (the source, as tests want) or, with `entry: 'build'`, `node dist/server/main.js` (the bundle of
 * `npm run build:server`, as production runs it; build it first), on 127.0.0.1 with the given
 * database URL and session secret; `startApiProcess` resolves once GET /api/health answers 200.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { ROOT } from '../paths';

/**
 * The PostgreSQL server of the tests that run real API processes (TEST_DATABASE_URL), or undefined
 * after warning that the tests of `file` are skipped (they wrap their `describe` in
 * `describe.skipIf(!pg)`).
 */
export function postgresOrSkip(file: string): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) console.warn(`${file} skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it`);
  return url;
}

export interface ApiProcess {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string | null>;
  /** Sends SIGTERM (a clean shutdown) and waits for the exit; SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Sends SIGKILL (no shutdown code runs) and waits for the exit. */
  kill(): Promise<void>;
}

export interface ApiProcessOptions {
  databaseUrl: string;
  sessionSecret: string;
  /** A fixed port; default a free one. */
  port?: number;
  /** NODE_ENV of the process; default "test" (no demo data, no pretty logs). */
  nodeEnv?: 'test' | 'development' | 'production';
  /** More environment variables (override the defaults). */
  env?: Record<string, string>;
  /** Where the child's stderr goes; default inherited so a crash at start is visible. */
  stderr?: 'inherit' | 'ignore';
  /**
   * What runs: 'source' (default) `server/main.ts` through tsx; 'build' the bundle
   * `dist/server/main.js`, which the caller must have built (`npm run build:server`).
   */
  entry?: 'source' | 'build';
  /** Extra node flags, e.g. ['--cpu-prof']. */
  nodeArgs?: string[];
  /** How long to wait for /api/health (ms); default 90 s. */
  startTimeoutMs?: number;
}

/** A TCP port free on 127.0.0.1 at the time of the call. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls GET /api/health on `port` until it answers 200. Throws when `child` exits first or the
 * deadline passes.
 */
export async function waitForHealth(port: number, child?: ChildProcess, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`server on ${port} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Spawns one API process and waits until it is healthy. Throws (after killing it) when it does not start. */
export async function startApiProcess(opts: ApiProcessOptions): Promise<ApiProcess> {
  const port = opts.port ?? (await freePort());
  const entryArgs = opts.entry === 'build' ? ['dist/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entryArgs], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: opts.nodeEnv ?? 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: opts.databaseUrl,
      SESSION_SECRET: opts.sessionSecret,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'error',
      SMTP_URL: '',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', opts.stderr ?? 'inherit'],
  });
  const exited = new Promise<number | string | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode);
    else child.once('exit', (code, signal) => resolve(code ?? signal));
  });
  const handle: ApiProcess = {
    port,
    origin: `http://127.0.0.1:${port}`,
    child,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitForHealth(port, child, opts.startTimeoutMs);
  } catch (e) {
    await handle.kill();
    throw e;
  }
  return handle;
}

/** Stops every process (SIGTERM, then SIGKILL after the grace time), in parallel. */
export async function stopAll(processes: Array<ApiProcess | undefined>): Promise<void> {
  await Promise.all(processes.map((p) => p?.stop()));
}
