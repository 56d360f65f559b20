/**
 * A private PostgreSQL cluster for `npm run bench`: initdb'd into a temporary folder and run on a
 * port of its own (as the `postgres` OS user when the bench runs as root), so the bench may log every
 * statement, and the CPU time of PostgreSQL is counted for this cluster's processes only (its
 * postmaster and their children), never for the machine's other clusters. Removed at the end.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/processes';

export interface Cluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> (TCP). */
  url(database?: string): string;
  /**
   * The same database through the cluster's Unix socket (`?host=<folder>&port=<port>`), as
   * docs/operations.md recommends when PostgreSQL runs on the API's host: the API and every pgbench
   * reference connect this way, so both skip the loopback TCP stack.
   */
  socketUrl(database?: string): string;
  /** The server log (stderr of the postmaster). */
  logFile: string;
  /** Pid of the postmaster. */
  pid: number;
  stop(): void;
}

/** The newest PostgreSQL bin folder installed (Debian layout), or '' to use the PATH. */
export function pgBinDir(): string {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return '';
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : '';
}

/** The path of a PostgreSQL program (`initdb`, `pg_ctl`, `pgbench`) from `pgBinDir`. */
export const pgBin = (name: string): string => {
  const dir = pgBinDir();
  return dir ? path.join(dir, name) : name;
};

function run(cmd: string, args: string[], asPostgres: boolean): string {
  const [bin, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(bin, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/**
 * initdb + pg_ctl start with the settings of a stock Debian cluster (128 MB shared buffers, fsync
 * and synchronous commit on, JIT on), trust authentication on 127.0.0.1 only.
 */
export async function startCluster(): Promise<Cluster> {
  const asPostgres = userInfo().uid === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  chmodSync(dir, 0o700);
  if (asPostgres) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  run(pgBin('initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], asPostgres);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    `-c listen_addresses=127.0.0.1`,
    `-c shared_buffers=128MB`,
    `-c max_connections=100`,
    `-c shared_preload_libraries=pg_stat_statements`,
    `-c log_line_prefix='%m [%p] %a|%d| '`,
  ].join(' ');
  run(pgBin('pg_ctl'), ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start'], asPostgres);
  const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    port,
    logFile,
    pid,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    socketUrl: (database = 'postgres') =>
      `postgres://postgres@/${database}?host=${encodeURIComponent(dir)}&port=${port}`,
    stop() {
      try {
        run(pgBin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('the bench runs as root and needs a `postgres` OS user to run its cluster');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Pids of the cluster: the postmaster and its children (backends, autovacuum, WAL writer, …). */
export function clusterPids(postmaster: number): number[] {
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}
