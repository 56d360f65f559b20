/**
 * Set-up for `npm run bench`: the bench databases, seeding journal history with SQL, pgbench,
 * the API bundle and its node flags, and the bare hello-world reference server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../server/test/processes';
import { ADMIN_URL, ROOT, SECONDS } from './settings';

export function dbUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export function findPgbench(): string {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    for (const v of readdirSync(base).sort().reverse()) {
      const bin = path.join(base, v, 'bin/pgbench');
      if (existsSync(bin)) return bin;
    }
  }
  return 'pgbench';
}

/** `pgbench -b tpcb-like` at scale 16 with 16 clients for SECONDS; answers TPS. */
export function runPgbench(url: string): number {
  const bin = findPgbench();
  const init = spawnSync(bin, ['-i', '-s', '16', '-I', 'dtGvp', '-q', url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync(bin, ['-b', 'tpcb-like', '-c', '16', '-j', '2', '-T', String(SECONDS), '-n', url], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
  const m =
    /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout) ??
    /tps = ([\d.]+)/.exec(run.stdout);
  if (!m) throw new Error(`pgbench printed no TPS:\n${run.stdout}`);
  return Number(m[1]);
}

/**
 * Adds `count` verified clients numbered from `from`, each with an `available` account and
 * ENTRIES_PER_CLIENT posted entries (deposit, profit, bonus, adjustment; 2 lines each, hourly
 * back-dated). Triggers are off for this session only; cached balances are set from the lines
 * afterwards (`settleBalances`). Answers nothing; the rows are found by their e-mail prefix.
 */
export async function seedClients(
  c: pg.Client,
  prefix: string,
  from: number,
  count: number,
  entries: number,
): Promise<void> {
  await c.query('begin');
  await c.query('set local session_replication_role = replica');
  await c.query(
    `create temp table batch on commit drop as
       select g, gen_random_uuid() as user_id, gen_random_uuid() as account_id from generate_series($1::int, $2::int) g`,
    [from, from + count - 1],
  );
  await c.query(
    `insert into users (id, name, email, email_verified, first_name, last_name, referral_id, verification_status, country, phone)
     select user_id, 'Bench Client ' || g, $1 || g || '@bench.example', true, 'Bench', 'Client ' || g, upper($1) || g, 'verified',
            'United States', '+1 555 0100'
       from batch`,
    [prefix],
  );
  await c.query(
    `insert into ledger_accounts (id, user_id, kind) select account_id, user_id, 'available' from batch`,
  );
  if (entries > 0) {
    await c.query(
      `create temp table seeded on commit drop as
         select gen_random_uuid() as id, b.user_id, b.account_id, k,
                (100 + floor(random() * 500000))::bigint as amount,
                (array['deposit', 'profit', 'bonus', 'adjustment'])[1 + k % 4] as type
           from batch b cross join generate_series(1, $1::int) k`,
      [entries],
    );
    await c.query(
      `insert into journal_entries (id, type, user_id, memo, effective_at, created_at)
       select id, type, user_id, 'bench history ' || k, now() - k * interval '1 hour', now() - k * interval '1 hour' from seeded`,
    );
    await c.query(
      `insert into journal_lines (entry_id, account_id, amount)
       select id, account_id, amount from seeded
       union all
       select s.id, h.id, -s.amount from seeded s
         join ledger_accounts h on h.user_id is null and h.kind = case s.type when 'deposit' then 'cash' else 'income_expense' end`,
    );
  }
  await c.query('commit');
}

/** Sets every client's cached balance and per-kind totals from its lines (seeding only; triggers off for this session). */
export async function settleBalances(c: pg.Client): Promise<void> {
  await c.query('begin');
  await c.query('set local session_replication_role = replica');
  await c.query(
    `update ledger_accounts a set balance = s.total
       from (select account_id, sum(amount)::bigint as total from journal_lines group by account_id) s
      where s.account_id = a.id and a.user_id is not null and a.balance <> s.total`,
  );
  await c.query(
    `insert into ledger_account_totals as t (account_id, entry_type, total)
     select l.account_id, coalesce(o.type, e.type), sum(l.amount)
       from journal_lines l
       join ledger_accounts a on a.id = l.account_id and a.user_id is not null
       join journal_entries e on e.id = l.entry_id
       left join journal_entries o on o.id = e.reverses
      group by 1, 2
     on conflict (account_id, entry_type) do update set total = excluded.total`,
  );
  await c.query('commit');
}

/** Creates a live session (as sign-in does) for every user whose e-mail starts with `prefix`; answers the tokens. */
export async function createSessions(c: pg.Client, prefix: string): Promise<string[]> {
  const { rows } = await c.query(
    `insert into sessions (token, user_id, expires_at, ip_address, user_agent)
     select md5(random()::text) || md5(random()::text), id, now() + interval '1 day', '127.0.0.1', 'bench'
       from users where email like $1 || '%'
     returning token`,
    [prefix],
  );
  return rows.map((r: { token: string }) => r.token);
}

export async function lineCount(c: pg.Client): Promise<number> {
  const { rows } = await c.query('select count(*)::int as n from journal_lines');
  return rows[0].n as number;
}

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

export async function startHello(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hello.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/hello`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('hello-world server did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
