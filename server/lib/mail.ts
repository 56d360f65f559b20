/**
 * Outgoing e-mail through a durable outbox (docs/operations.md "Mail"). A mail is first a row of
 * `mail_outbox` — written in the transaction of the change that causes it when the caller has one
 * (`enqueue(uow, mail)`: the transactional outbox), else on its own (`send(mail)`) — and then sent by
 * the mail worker that every API process runs unless MAIL_WORKER is off (`worker: false`: the
 * process only stores, and another process's worker sends; docs/operations.md "Mail"): it claims
 * due rows with `FOR UPDATE SKIP LOCKED` (so two processes never send the same mail at once; this
 * works the same on the embedded database and on PostgreSQL), sends each through nodemailer, and
 * marks it `sent`; a refused or failed try is retried with exponential back-off (5 s, 10 s, 20 s, …
 * by default) and after the last try the mail is `failed`, with the error, for staff to see and
 * queue again (server/modules/emailing).
 * Delivery is at least once: a worker that dies after SMTP accepted a mail but before marking it
 * lets it go after its lock (60 s) and another sends it again.
 *
 * Mails are rendered (lib/mail-templates.ts: the brand's layout, HTML and plain text) when they
 * are stored, except a mail whose body template has a name (the notices) stored for SMTP: the row
 * then holds the template's name and values (`message`) and the worker renders it when it sends it,
 * so the request that caused it does not (docs/performance.md "The notice mail, rendered by the
 * worker"). Mail goes out from MAIL_FROM with the support address as Reply-To.
 *
 * Without SMTP_URL (development only: config.ts refuses production without it) a mail is stored as
 * `logged` and its text printed to the log, so a newcomer can read the sign-up code.
 */
import nodemailer from 'nodemailer';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db, type Tx } from '../db/client';
import { mailOutbox } from '../db/schema';
import { renderMail, renderStored, storedMessage, type MailBrand, type MailMessage } from './mail-templates';
import { mailsSent } from './metrics';
import { pollingWorker } from './polling-worker';
import { traceWork } from './tracing';
import { StatementOfWork, type StatementSql, type UnitOfWork } from './unit-of-work';

/** The gate of a mail stored on its own. */
const always = () => sql`true`;

export interface Mailer {
  /**
   * Writes the mail to the outbox now (rendered, or for the worker to render) and wakes the worker;
   * answers once it is stored.
   */
  send(mail: MailMessage): Promise<void>;
  /**
   * Writes the mail to the outbox in `uow`'s transaction (rendered, or for the worker to render);
   * the worker wakes after the commit.
   */
  enqueue(uow: UnitOfWork, mail: MailMessage): Promise<void>;
  /**
   * `enqueue` as a part of a one-statement unit of work (lib/unit-of-work.ts): adds the mail's
   * outbox insert to `stmt`, gated on the SQL condition `gate`; once the statement has committed
   * with the row in, the mail is logged (no SMTP) and the worker woken. Its values are parameters:
   * with a lazy gate the statement stays built once per shape.
   */
  enqueueInStatement(stmt: StatementOfWork, mail: MailMessage, gate: StatementSql): void;
  /**
   * One pass of the worker: sends every due mail; answers how many it tried. Without a worker
   * (`worker: false`) or SMTP it sends nothing and answers 0: a process whose worker is on sends the
   * due mail within its poll (POLL_MS).
   */
  deliverDue(): Promise<number>;
  /** Starts the worker (a pass at once, then every POLL_MS); nothing without a worker or SMTP. */
  start(): void;
  /** Stops the worker after any running pass, and closes the SMTP connection. */
  close(): Promise<void>;
}

/** How the outbox retries: first retry after `retryBaseMs`, doubling; `maxAttempts` tries in all. */
export interface MailRetry {
  retryBaseMs: number;
  maxAttempts: number;
}

/** 8 tries over about 21 minutes (5 s · 2^n between them). */
export const MAIL_RETRY_DEFAULTS: MailRetry = { retryBaseMs: 5_000, maxAttempts: 8 };
/** The longest wait between two tries (ms). */
const MAX_BACKOFF_MS = 15 * 60_000;
/** How often an idle worker looks for due mail (ms); a new mail wakes it at once. */
const POLL_MS = 1_000;
/** Mails one pass claims at a time. */
const BATCH = 10;

type OutboxRow = typeof mailOutbox.$inferSelect;
/** The columns of a mail as stored. */
type OutboxValues = Pick<OutboxRow, 'to' | 'subject' | 'text' | 'html' | 'headers' | 'message'>;

/**
 * The mailer of one API process. `from` is MAIL_FROM; `brand` renders every mail and its support
 * address is the Reply-To. `worker` (MAIL_WORKER, default true): false → this process stores mail
 * (queued, in the callers' transactions, as always) but never sends it; a process with its worker
 * on sends it.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  brand: MailBrand;
  db: Db;
  log: FastifyBaseLogger;
  retry?: MailRetry;
  worker?: boolean;
}): Mailer {
  const { db, log } = opts;
  const retry = opts.retry ?? MAIL_RETRY_DEFAULTS;
  // a stored mail waits for a worker when there is SMTP (this process's or another's), else is logged
  const status = opts.smtpUrl ? 'queued' : 'logged';
  // only a process that sends needs a transport; it keeps up to 5 connections to the mail server
  // open and sends over them (nodemailer's pool; SMTP_URL's `?pool=false` opens one per mail):
  // about half the CPU of a connection per mail, measured (docs/operations.md "Mail")
  const transport =
    opts.smtpUrl && opts.worker !== false
      ? nodemailer.createTransport({ url: opts.smtpUrl, pool: true })
      : null;
  // config.ts refuses production without SMTP_URL; should this ever run there, no body is logged
  const logBodies = process.env.NODE_ENV !== 'production';

  /**
   * The outbox row of `message`: unrendered (`message` set, no text) when a worker will send it and
   * its template has a name, else rendered now (without SMTP its text goes to the log at once).
   */
  function outboxRow(message: MailMessage): OutboxValues {
    const stored = status === 'queued' ? storedMessage(message) : null;
    if (stored)
      return {
        to: message.to,
        subject: message.subject,
        text: null,
        html: null,
        headers: null,
        message: stored,
      };
    const { headers, ...mail } = renderMail(opts.brand, message);
    return { ...mail, headers: headers ?? null, message: null };
  }

  /** Stores `message`: queued for the worker, or logged without SMTP. */
  /**
   * The outbox insert of `message` as a part of `stmt`, gated on `gate`: the one way a mail is
   * stored (`send`, `enqueue` and `enqueueInStatement` below). Once the statement has committed
   * with the row in, the mail is logged (no SMTP) and the worker woken.
   */
  function storeInStatement(stmt: StatementOfWork, message: MailMessage, gate: StatementSql): void {
    const mail = outboxRow(message);
    const json = (value: object | null) => (value ? JSON.stringify(value) : null);
    const to = stmt.param(mail.to);
    const subject = stmt.param(mail.subject);
    const text = stmt.param(mail.text);
    const html = stmt.param(mail.html);
    const headers = stmt.param(json(mail.headers));
    const unrendered = stmt.param(json(mail.message));
    const state = stmt.param(status);
    const when = stmt.lazy(gate);
    const part = stmt.part(
      stmt.name('mail'),
      () => sql`insert into ${mailOutbox} ("to", subject, text, html, headers, message, status)
        select ${to}::text, ${subject}::text, ${text}::text, ${html}::text, ${headers}::jsonb, ${unrendered}::jsonb, ${state}::text
        where ${when()}
        returning id`,
    );
    const alias = `${stmt.name('mail_stored')}`;
    stmt.output(alias, () => sql`exists (select 1 from ${part})`);
    stmt.afterCommit((out) => {
      if (out[alias] !== true) return;
      stored(mail);
      void wake();
    });
  }

  /** One statement storing `message` on `conn` (in `uow` when given: its follow-ups wait for the commit). */
  async function store(conn: Db | Tx, message: MailMessage, uow?: UnitOfWork): Promise<void> {
    const stmt = new StatementOfWork('mail.store');
    storeInStatement(stmt, message, always);
    await stmt.run(conn, log, uow);
  }

  /** What follows a stored mail: without SMTP it counts as sent and its text goes to the log. */
  function stored(mail: OutboxValues): void {
    if (status === 'logged') {
      mailsSent.inc({ outcome: 'sent' });
      log.info(
        logBodies
          ? `\n--- mail to ${mail.to}: ${mail.subject} ---\n${mail.text}\n---`
          : `mail to ${mail.to} stored in mail_outbox`,
      );
    }
  }

  /** Claims up to BATCH due mails for this worker (one statement; other workers skip them). */
  function claim(): Promise<OutboxRow[]> {
    return queryRows<OutboxRow>(
      db,
      // UPDATE … RETURNING answers rows in storage order: the outer select puts them back in the
      // order they were queued, so a client's mails arrive in the order they happened
      sql`with claimed as (
          update ${mailOutbox} set locked_until = now() + interval '60 seconds', attempts = attempts + 1
          where id in (
            select id from ${mailOutbox}
            where status = 'queued' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
            order by next_attempt_at, created_at limit ${BATCH} for update skip locked)
          returning id, "to", subject, text, html, headers, message, attempts, next_attempt_at, created_at)
        select id, "to", subject, text, html, headers, message, attempts from claimed order by next_attempt_at, created_at`,
    );
  }

  /**
   * Sends one claimed mail; answers true when sent (marked by the caller with the rest of the
   * batch), records a failure and its next try itself.
   */
  async function deliver(row: OutboxRow): Promise<boolean> {
    try {
      const mail = row.text === null ? renderStored(opts.brand, { ...row, message: row.message! }) : row;
      await transport!.sendMail({
        from: opts.from,
        replyTo: opts.brand.supportEmail,
        to: row.to,
        subject: row.subject,
        text: mail.text!,
        html: mail.html ?? undefined,
        headers: mail.headers ?? undefined,
      });
      mailsSent.inc({ outcome: 'sent' });
      return true;
    } catch (err) {
      mailsSent.inc({ outcome: 'failed' });
      const error = err instanceof Error ? err.message : String(err);
      const last = row.attempts >= retry.maxAttempts;
      const wait = Math.min(retry.retryBaseMs * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
      log.warn(
        { mailId: row.id, attempts: row.attempts, err: error },
        last ? 'mail failed for good' : 'mail failed; will retry',
      );
      await db
        .update(mailOutbox)
        .set({
          status: last ? 'failed' : 'queued',
          lastError: error,
          lockedUntil: null,
          nextAttemptAt: new Date(Date.now() + wait),
        })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'queued')));
      return false;
    }
  }

  /**
   * Sends a claimed batch: the mails of different recipients at once (a connection each), each
   * recipient's in queue order, one after the other (a code and the notice that
   * follows it never arrive swapped); then marks the sent ones in one statement.
   */
  async function deliverBatch(rows: OutboxRow[]): Promise<void> {
    const byRecipient = new Map<string, OutboxRow[]>();
    for (const row of rows) byRecipient.set(row.to, [...(byRecipient.get(row.to) ?? []), row]);
    const sent: string[] = [];
    await Promise.all(
      [...byRecipient.values()].map(async (mails) => {
        for (const row of mails) if (await deliver(row)) sent.push(row.id);
      }),
    );
    if (sent.length)
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(inArray(mailOutbox.id, sent));
  }

  async function pass(): Promise<number> {
    if (!transport) return 0;
    let tried = 0;
    for (;;) {
      const rows = await claim();
      if (rows.length > 0) await traceWork('mail batch', () => deliverBatch(rows));
      tried += rows.length;
      if (rows.length < BATCH || loop.closed) return tried;
    }
  }

  const loop = pollingWorker({ name: 'mail worker', log, everyMs: POLL_MS, pass });
  /** Runs a pass now, or once more right after the running one (nothing without SMTP here). */
  const wake = (): Promise<number> => (transport ? loop.run() : Promise.resolve(0));

  return {
    send: (mail) => store(db, mail),
    enqueue: (uow, mail) => store(uow.tx, mail, uow),
    enqueueInStatement: storeInStatement,
    deliverDue: () => wake(),
    start() {
      if (status === 'queued' && !transport)
        log.info('mail worker off (MAIL_WORKER=false): mail is stored here and sent by another process');
      if (transport) loop.start();
    },
    async close() {
      await loop.close();
      transport?.close();
    },
  };
}
