/**
 * A real SMTP receiver for tests (smtp-server + mailparser): mails sent by the app over SMTP land in
 * `mails`; `waitForMail` polls until one for a recipient arrives.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender and Reply-To as written (`Name <address>`), '' when absent. */
  from: string;
  replyTo: string;
  /** The List-Unsubscribe header, '' when absent. */
  listUnsubscribe: string;
}

export interface SmtpReceiver {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail to `to` (with `subject`, when given; after `skip` earlier ones) or rejects after `timeoutMs`. */
  waitForMail(
    to: string,
    opts?: { skip?: number; timeoutMs?: number; subject?: string },
  ): Promise<ReceivedMail>;
  /** Connections the receiver has accepted so far. */
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * @param onMail called with each mail as it arrives (the e2e server writes them to files).
 * @param opts.keep false: do not keep mails in `mails` (the bench receives thousands); without
 *   `onMail` either, a mail is then taken and dropped unparsed, as a remote mail server's parsing
 *   is no CPU of the machine under test.
 * @param opts.port a fixed port (a mail server that comes back where it was); default a free one.
 */
export async function startSmtpReceiver(
  onMail?: (mail: ReceivedMail) => void,
  opts: { keep?: boolean; port?: number } = {},
): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // a mailer keeps its connections open (lib/mail.ts): closing ends them after 100 ms, not 30 s
    closeTimeout: 100,
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      if (opts.keep === false && !onMail) {
        stream.on('end', () => callback()).resume();
        return;
      }
      simpleParser(stream)
        .then((m: ParsedMail) => {
          const to = (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address ?? '';
          const mail = {
            to: to.toLowerCase(),
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: String(m.html || ''),
            from: m.from?.text ?? '',
            replyTo: m.replyTo?.text ?? '',
            listUnsubscribe:
              m.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/^[^:]*:\s*/, '') ?? '',
          };
          if (opts.keep !== false) mails.push(mail);
          onMail?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    get connections() {
      return connections;
    },
    async waitForMail(to, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 5000);
      for (;;) {
        const found = mails.filter(
          (m) => m.to === to.toLowerCase() && (opts.subject === undefined || m.subject === opts.subject),
        )[opts.skip ?? 0];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${opts.timeoutMs ?? 5000} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no 6-digit code in mail: ${mail.text}`);
  return m[1]!;
}
