/**
 * Outgoing e-mail (docs/deployment.md, "Mail"). With SMTP_URL, nodemailer sends over SMTP; without it,
 * each mail is stored in the `mail_outbox` table and its text printed to the log, so a newcomer
 * can read the sign-up code.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { mailsSent } from './metrics';

export interface Mail {
  to: string;
  subject: string;
  /** Plain-text body; always present. */
  text: string;
  /** Optional HTML body; callers must escape any user-supplied text in it (`escapeHtml`). */
  html?: string;
}

export interface Mailer {
  /** Sends (or stores) one mail. Rejects when the SMTP server refuses it. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        try {
          await transport.sendMail({ from: opts.from, ...mail });
        } catch (err) {
          mailsSent.inc({ outcome: 'failed' });
          throw err;
        }
        mailsSent.inc({ outcome: 'sent' });
      },
      close: () => transport.close(),
    };
  }
  // config.ts refuses production without SMTP_URL; should this ever run there, no body is logged
  const logBodies = process.env.NODE_ENV !== 'production';
  return {
    async send(mail) {
      await opts.db.insert(mailOutbox).values(mail);
      mailsSent.inc({ outcome: 'sent' });
      opts.log.info(
        logBodies
          ? `\n--- mail to ${mail.to}: ${mail.subject} ---\n${mail.text}\n---`
          : `mail to ${mail.to} stored in mail_outbox`,
      );
    },
    close: () => undefined,
  };
}

/** Escapes text for safe inclusion in HTML mail bodies. */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
