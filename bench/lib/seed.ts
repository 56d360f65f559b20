/**
 * Seeding for `npm run bench`, all with SQL: clients with journal history, pending deposits, the
 * bench's admin and sessions, and the key tables the pgbench replays pick their rows from. Rows
 * that the ledger's triggers would maintain are written with triggers off for the seeding session
 * only (`session_replication_role = replica`); `settleDerived` then sets every cached balance,
 * per-kind total, entry effect and history count from the rows, and the bench checks them with
 * `ledgerViolations`. The API itself always posts through the ledger.
 */
import type pg from 'pg';
import { DEPOSIT_CENTS } from './settings';

/**
 * Adds `count` verified clients `<prefix><n>@bench.example` (n from `from`), each with an
 * `available` account and `entries` posted entries (deposit, profit, bonus, adjustment in turn; 2
 * lines each, hourly back-dated, amounts in cents). Triggers are off: call `settleDerived` after.
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

/** Adds `perClient` pending deposits (DEPOSIT_CENTS each) to each of the first `clients` users whose e-mail starts with `prefix`. */
export async function seedPending(
  c: pg.Client,
  prefix: string,
  perClient: number,
  clients = 1e9,
): Promise<void> {
  await c.query('begin');
  await c.query('set local session_replication_role = replica');
  await c.query(
    `insert into deposits (user_id, amount, wallet, proof_key, created_at)
     select u.id, $2::bigint, 'bitcoin', 'deposits/bench.png', now() - random() * interval '30 days'
       from (select id from users where email like $1 || '%' order by email limit $4) u
       cross join generate_series(1, $3::int)`,
    [prefix, DEPOSIT_CENTS, perClient, Math.min(clients, 2 ** 31 - 1)],
  );
  await c.query('commit');
}

/**
 * Splits the pending deposits of the users whose e-mail starts with `prefix` in random order: the
 * first `forApi` ids are answered (the API approves them), the rest become the rows of the key
 * table `bench_keys_<name>` (see `createKeyTable`) that the replay approves.
 */
export async function splitPending(
  c: pg.Client,
  prefix: string,
  name: string,
  forApi: number,
): Promise<string[]> {
  await c.query(
    `create temp table shuffled on commit preserve rows as
       select row_number() over (order by random())::int as n, d.id
         from deposits d join users u on u.id = d.user_id
        where u.email like $1 || '%' and d.status = 'pending'`,
    [prefix],
  );
  const { rows } = await c.query<{ id: string }>('select id from shuffled where n <= $1 order by n', [
    forApi,
  ]);
  await createKeyTable(
    c,
    name,
    `select s.n - $1::int as n, s.id as deposit_id, d.user_id from shuffled s join deposits d on d.id = s.id where s.n > $1::int`,
    [forApi],
  );
  await c.query('drop table shuffled');
  return rows.map((r) => r.id);
}

/**
 * Creates `bench_keys_<name>` (n from 1, primary key): the per-transaction values a replay uses,
 * from `source` (columns n, deposit_id, user_id): the client's `available` account, e-mail, and a
 * fresh id for the journal entry the app would generate.
 */
export async function createKeyTable(
  c: pg.Client,
  name: string,
  source: string,
  params: unknown[] = [],
): Promise<number> {
  await c.query(`drop table if exists bench_keys_${name}`);
  await c.query(
    `create table bench_keys_${name} as
       select s.n, s.deposit_id::uuid, s.user_id, a.id as account_id, u.email, gen_random_uuid() as entry_id
         from (${source}) s
         join users u on u.id = s.user_id
         join ledger_accounts a on a.user_id = s.user_id and a.kind = 'available'`,
    params,
  );
  await c.query(`alter table bench_keys_${name} add primary key (n)`);
  const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from bench_keys_${name}`);
  return rows[0]!.n;
}

/** The values a capture's parameters are matched against: one approval's or one client's (see capture.ts). */
export async function keysOf(
  c: pg.Client,
  userId: string,
  depositId?: string,
): Promise<Record<string, string>> {
  const { rows } = await c.query<Record<string, string | null>>(
    `select u.id as user_id, a.id as account_id, u.email,
            (select e.id from journal_entries e where e.deposit_id = $2::uuid) as entry_id, $2::uuid as deposit_id
       from users u join ledger_accounts a on a.user_id = u.id and a.kind = 'available' where u.id = $1`,
    [userId, depositId ?? null],
  );
  return Object.fromEntries(
    Object.entries(rows[0] ?? {}).filter((e): e is [string, string] => e[1] !== null),
  );
}

/**
 * Sets what the ledger's triggers maintain from the rows themselves (seeding only, triggers off):
 * client accounts' cached balances, per-kind totals, each entry's effect on its client, each
 * client's number of history lines, the admin lists' totals and the clients' account value days
 * (as migrations ledger_account_totals, history_pages, list_counts and account_value_days compute them).
 */
export async function settleDerived(c: pg.Client): Promise<void> {
  await c.query('analyze'); // fresh tables: without statistics the joins below plan as nested loops
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
  // what migrations history_pages and list_counts keep: the entries' effects, the history line
  // counts, and the admin lists' totals (the users list's deep page is placed by that total)
  await c.query('select history_recount()');
  await c.query('select list_counts_recount()');
  // the clients' account value days (migration account_value_days)
  await c.query('select account_value_recount()');
  await c.query('commit');
}

/** Adds the bench's admin: an owner whose sessions stand for ones opened after the second sign-in step. */
export async function seedAdmin(c: pg.Client): Promise<string> {
  await c.query(
    `insert into users (name, email, email_verified, first_name, last_name, referral_id, role, verification_status, two_factor_enabled)
     values ('Bench Admin', 'admin@bench.example', true, 'Bench', 'Admin', 'BENCHADMIN', 'owner', 'verified', true)`,
  );
  return (await createSessions(c, 'admin@bench'))[0]!;
}

/** Creates a live session (as sign-in does) for every user whose e-mail starts with `prefix`; answers the tokens. */
export async function createSessions(c: pg.Client, prefix: string): Promise<string[]> {
  const { rows } = await c.query<{ token: string }>(
    `insert into sessions (token, user_id, expires_at, ip_address, user_agent)
     select md5(random()::text) || md5(random()::text), id, now() + interval '1 day', '127.0.0.1', 'bench'
       from users where email like $1 || '%'
     returning token`,
    [prefix],
  );
  return rows.map((r) => r.token);
}

/** The id of the user whose session has this token. */
export async function sessionUser(c: pg.Client, token: string): Promise<string> {
  const { rows } = await c.query<{ id: string }>('select user_id as id from sessions where token = $1', [
    token,
  ]);
  if (!rows[0]) throw new Error('no session with that token');
  return rows[0].id;
}
