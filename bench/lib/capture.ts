/**
 * Capturing the SQL the API sends for one request, and turning it into a pgbench script.
 *
 * The private cluster (cluster.ts) logs every statement while `captureStatements` runs (ALTER
 * SYSTEM log_statement = 'all', reloaded, reset after); marker statements from the bench's own
 * connection split the log into one segment per request. Statements of the marker connection and
 * of the API's LISTEN connection (`broker-listener`) are left out. Of the segments of one kind, the
 * commonest sequence of statements is kept (a segment can also hold the mail worker's periodic poll).
 *
 * `replayScript` writes that sequence as a pgbench script for `-M prepared`: each `$n` of a
 * statement becomes a pgbench variable (so it is sent as a parameter, as node-postgres sends it):
 * a value equal to one of the request's keys (deposit id, user id, account id, e-mail, the
 * journal entry id the app generated) is read per transaction from a key table `bench_keys_<name>`
 * (one primary-key lookup, `\gset`); NULL stays NULL; any other value is a constant (`-D`).
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

export interface Statement {
  /** The statement's name as logged (`execute <name>` or `statement`), to compare sequences. */
  name: string;
  sql: string;
  params: Array<string | null>;
}

interface LogEntry {
  pid: number;
  app: string;
  level: string;
  message: string;
}

const ENTRY = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \w+ \[(\d+)\] ([^|]*)\|[^|]*\| ([A-Z]+): {2}([\s\S]*)$/;

/** The log's entries (a continuation line starts with a tab, which PostgreSQL adds after each newline). */
export function parseLog(text: string): LogEntry[] {
  const entries: LogEntry[] = [];
  let current: string | undefined;
  const flush = () => {
    const m = current === undefined ? null : ENTRY.exec(current);
    if (m) entries.push({ pid: Number(m[1]), app: m[2]!, level: m[3]!, message: m[4]! });
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('\t') && current !== undefined) current += `\n${line.slice(1)}`;
    else {
      flush();
      current = line;
    }
  }
  flush();
  return entries;
}

/** `$1 = 'a', $2 = NULL, …` → ['a', null, …]. */
export function parseParameters(detail: string): Array<string | null> {
  const params: Array<string | null> = [];
  const re = /\$(\d+) = (NULL|'((?:[^']|'')*)')(?:, )?/y;
  for (let m = re.exec(detail); m; m = re.exec(detail)) {
    params[Number(m[1]) - 1] = m[2] === 'NULL' ? null : m[3]!.replaceAll("''", "'");
  }
  return params;
}

/** Statements of the log between markers: segment label → statements, in order. */
export function segments(text: string, markerPid: number): Map<string, Statement[]> {
  const out = new Map<string, Statement[]>();
  let label: string | undefined;
  const last = new Map<number, Statement>();
  for (const e of parseLog(text)) {
    if (e.pid === markerPid) {
      const m = /^statement: select 'bench-marker-([\w-]+)'/.exec(e.message);
      if (m) {
        label = m[1];
        out.set(label!, []);
      }
      continue;
    }
    if (label === undefined || e.app === 'broker-listener') continue;
    if (e.level === 'LOG') {
      const m = /^(?:execute ([^:]+)|statement): ([\s\S]*)$/.exec(e.message);
      if (!m) continue;
      const s: Statement = { name: m[1] ?? m[2]!, sql: m[2]!, params: [] };
      out.get(label)!.push(s);
      last.set(e.pid, s);
    } else if (e.level === 'DETAIL' && e.message.startsWith('parameters: ')) {
      const s = last.get(e.pid);
      if (s) s.params = parseParameters(e.message.slice('parameters: '.length));
    }
  }
  return out;
}

/** The commonest sequence of statements (by name) among `segs`, the shortest on a tie. */
export function commonest<T extends { statements: Statement[] }>(segs: T[]): T {
  const byShape = new Map<string, T[]>();
  for (const s of segs) {
    const shape = s.statements.map((x) => x.name).join('\n');
    byShape.set(shape, [...(byShape.get(shape) ?? []), s]);
  }
  const best = [...byShape.values()].sort(
    (a, b) => b.length - a.length || a[0]!.statements.length - b[0]!.statements.length,
  )[0];
  if (!best) throw new Error('no statements were captured');
  return best[0]!;
}

/**
 * Runs `requests` (each one request to the API, awaited, then `settleMs` for work after the
 * answer) with every statement logged, and answers each request's statements by label.
 */
export async function captureStatements(
  admin: pg.Client,
  marker: pg.Client,
  logFile: string,
  requests: Array<{ label: string; run: () => Promise<void> }>,
  settleMs = 250,
): Promise<Map<string, Statement[]>> {
  const pid = (await marker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  await admin.query(`alter system set log_statement = 'all'`);
  await admin.query('select pg_reload_conf()');
  await new Promise((r) => setTimeout(r, 300));
  try {
    for (const r of requests) {
      await marker.query(`select 'bench-marker-${r.label}'`);
      await r.run();
      await new Promise((resolve) => setTimeout(resolve, settleMs));
    }
    await marker.query(`select 'bench-marker-end'`);
  } finally {
    await admin.query('alter system reset log_statement');
    await admin.query('select pg_reload_conf()');
  }
  await new Promise((r) => setTimeout(r, 300));
  return segments(readFileSync(logFile, 'utf8'), pid);
}

/**
 * A replay as bench/results.json keeps it (`details.replayScripts`): on a kept cluster
 * (BENCH_KEEP_DB=1), `pgbench -n -M prepared -D k=v … -D nclients=16 -c 16 -f script` runs it by hand.
 */
export interface ReplayScript {
  /** The pgbench script. */
  script: string;
  /** `-D` variables: the constants, and the counters' start values. */
  defines: Record<string, string>;
  /** The statements replayed per transaction (without the key lookup). */
  statements: number;
}

/**
 * A pgbench script replaying `statements` once per transaction with the values of one row of
 * `bench_keys_<table>`: row n = the transaction's sequence number over all clients (`order:
 * 'sequential'`, so no row is replayed twice while rows last) or a random row (`'random'`).
 * `keys` are the captured request's values of the key table's columns.
 */
export function replayScript(
  statements: Statement[],
  keys: Record<string, string>,
  table: string,
  rows: number,
  clients: number,
  order: 'sequential' | 'random',
): ReplayScript {
  const defines: Record<string, string> = { i: '0', nclients: String(clients), nrows: String(rows) };
  const used = new Set<string>();
  const body = statements.map((s, index) => {
    const sql = s.sql.replace(/\$(\d+)\b/g, (_all, digits: string) => {
      const k = Number(digits);
      const value = s.params[k - 1];
      if (value === null || value === undefined) return 'NULL';
      const key = Object.entries(keys).find(([, v]) => v === value)?.[0];
      if (key) {
        used.add(key);
        return `:k_${key}`;
      }
      defines[`c${index}_${k}`] = value;
      return `:c${index}_${k}`;
    });
    return { sql: sql.trim() };
  });
  if (used.size === 0) throw new Error(`the captured statements use none of the request's keys (${table})`);
  const pick =
    order === 'sequential'
      ? ['\\set i :i + 1', '\\set n ((:i - 1) * :nclients + :client_id) % :nrows + 1']
      : ['\\set n random(1, :nrows)'];
  const lookup = `select ${[...used].map((k) => `${k} as ${k}`).join(', ')} from bench_keys_${table} where n = :n \\gset k_`;
  const lines = [...pick, lookup, ...body.map(({ sql }) => `${sql};`)];
  return { script: `${lines.join('\n')}\n`, defines, statements: statements.length };
}
