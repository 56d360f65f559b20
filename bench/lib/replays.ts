/**
 * The replay scripts of `npm run bench`: captures what the API sends for one deposit approval and
 * for one dashboard visit (GET /api/user/me + GET /api/transaction), in steady state (the
 * admin's and the client's sessions already cached, prepared statements already named), and
 * turns each into a pgbench script (capture.ts).
 */
import type pg from 'pg';
import { captureStatements, commonest, replayScript, type ReplayScript, type Statement } from './capture';
import { keysOf } from './seed';

/**
 * The mail worker's statements (the claim and the "sent" mark: statements that touch no table but
 * mail_outbox). It runs after the answer, in batches of up to 10 mails, one mail at a time over
 * SMTP, so it is not part of a request: under load it sends far fewer mails than the requests
 * queue (the bench reports the backlog). Left out of the replays.
 */
const MAIL_WORKER = (s: Statement) =>
  /\bmail_outbox\b/.test(s.sql) &&
  !/\b(deposits|withdrawals|journal_entries|journal_lines|users|notifications)\b/.test(s.sql);

export interface Replays {
  /** The statements one approval sends, in order (replayed). */
  approval: Statement[];
  /** Statements of the mail worker seen after one approval (not replayed). */
  mailWorker: Statement[];
  dashboard: Statement[];
  many: ReplayScript;
  hot: ReplayScript;
  dashboardScript: ReplayScript;
}

/** The names of the captured statements, for bench/results.json. */
export function capturedNames(replays: Replays): Record<string, string[]> {
  return {
    approval: replays.approval.map((s) => s.name),
    mailWorkerAfterApproval: replays.mailWorker.map((s) => s.name),
    dashboardVisit: replays.dashboard.map((s) => s.name),
  };
}

/** Captures `rounds` approvals (of `deposits`, after one unmeasured) and dashboard visits, and builds the scripts. */
export async function captureReplays(opts: {
  db: pg.Client;
  clusterAdmin: pg.Client;
  logFile: string;
  origin: string;
  adminToken: string;
  client: { token: string; userId: string };
  deposits: Array<{ id: string; userId: string }>;
  rows: { many: number; hot: number; dashboard: number };
  clients: number;
}): Promise<Replays> {
  const call = async (method: 'GET' | 'PUT', path: string, token: string) => {
    const res = await fetch(`${opts.origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`${method} ${path} while capturing: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const approve = (id: string) => call('PUT', `/api/deposits/${id}/approve`, opts.adminToken);
  const visit = async () => {
    await call('GET', '/api/user/me', opts.client.token);
    await call('GET', '/api/transaction', opts.client.token);
  };
  const [warm, ...captured] = opts.deposits;
  await approve(warm!.id);
  await visit();
  const requests = [
    ...captured.map((d, i) => ({ label: `approval-${i}`, run: () => approve(d.id) })),
    ...captured.map((_d, i) => ({ label: `dashboard-${i}`, run: visit })),
  ];
  const segs = await captureStatements(opts.clusterAdmin, opts.db, opts.logFile, requests);
  const request = (label: string) => (segs.get(label) ?? []).filter((s) => !MAIL_WORKER(s));
  const approvals: Array<{ statements: Statement[]; keys: Record<string, string> }> = [];
  for (const [i, d] of captured.entries()) {
    approvals.push({ statements: request(`approval-${i}`), keys: await keysOf(opts.db, d.userId, d.id) });
  }
  const mailWorker = commonest(
    captured.map((_d, i) => ({ statements: (segs.get(`approval-${i}`) ?? []).filter(MAIL_WORKER) })),
  ).statements;
  const dashboards = captured.map((_d, i) => ({ statements: request(`dashboard-${i}`) }));
  const approval = commonest(approvals);
  const dashboard = commonest(dashboards);
  const clientKeys = await keysOf(opts.db, opts.client.userId);
  return {
    approval: approval.statements,
    mailWorker,
    dashboard: dashboard.statements,
    many: replayScript(
      approval.statements,
      approval.keys,
      'many',
      opts.rows.many,
      opts.clients,
      'sequential',
    ),
    hot: replayScript(approval.statements, approval.keys, 'hot', opts.rows.hot, opts.clients, 'sequential'),
    dashboardScript: replayScript(
      dashboard.statements,
      clientKeys,
      'dashboard',
      opts.rows.dashboard,
      opts.clients,
      'random',
    ),
  };
}
