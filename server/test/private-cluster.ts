/**
 * A private PostgreSQL cluster for tests that stop, restart or break the database (never the shared
 * one): `initdb` into a temporary folder, its own port, trust authentication, listening on
 * 127.0.0.1 only. Run as root, the cluster's commands run as the `postgres` user (PostgreSQL refuses
 * root). Needs the server binaries (`pg_config --bindir`, else /usr/lib/postgresql/<version>/bin).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './processes';

export interface PrivateCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** Stops the server at once (`pg_ctl stop -m immediate`: every connection drops). */
  stop(): void;
  /** Starts it again and waits until it accepts connections. */
  start(): void;
  /** Ends every other connection to the cluster (`pg_terminate_backend`); answers how many. */
  terminateBackends(): Promise<number>;
  /** Stops it and deletes its folder. */
  remove(): void;
}

/** The folder of PostgreSQL's server binaries, or null when they are not installed. */
export function postgresBinaries(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config on the PATH
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort().reverse() : [];
  const found = versions
    .map((v) => path.join(root, v, 'bin'))
    .find((d) => existsSync(path.join(d, 'initdb')));
  return found ?? null;
}

/** Creates and starts a cluster. Throws when the binaries are missing or it does not start. */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries not found (initdb)');
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-private-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      cwd: dir,
    });
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    start,
    stop,
    async terminateBackends() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const { rows } = await c.query(
          `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
            where pid <> pg_backend_pid() and backend_type = 'client backend') t`,
        );
        return rows[0].n as number;
      } finally {
        await c.end();
      }
    },
    remove() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
