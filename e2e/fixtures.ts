/**
 * Playwright fixtures for the journeys: every request to a host other than our own server is
 * aborted (market widgets and the translation element are third-party and unreachable here),
 * `readMail` reads mails captured by the e2e server's SMTP receiver, and every browser context a
 * journey opens of its own (a second client, a staff member) is closed when the journey ends, pass
 * or fail, so that its pages stop polling the server while later journeys run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { BASE_URL, MAIL_DIR } from './env';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * How long a journey waits for a mail (ms). The outbox worker sends at once, but CI runs the
 * journeys beside the API suites on two cores, where a mail once took over 10 s to arrive.
 */
export const MAIL_TIMEOUT_MS = 30_000;

/** `expect.poll`'s options for a poll that reads the mail. */
export const MAIL_WAIT = { timeout: MAIL_TIMEOUT_MS };

/** Waits for the newest mail to `to` (titled `subject`, when given; up to MAIL_TIMEOUT_MS) and answers it. */
async function readMail(to: string, subject?: string): Promise<Mail> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  for (;;) {
    const files = readdirSync(MAIL_DIR)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    for (const f of files) {
      const mail = JSON.parse(readFileSync(path.join(MAIL_DIR, f), 'utf8')) as Mail;
      if (mail.to === to.toLowerCase() && (subject === undefined || mail.subject === subject)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` titled "${subject}"` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code in a mail. */
export function codeIn(mail: Mail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error('no code in mail');
  return m[1]!;
}

export const test = base.extend<{ readMail: typeof readMail; closeOwnContexts: void }>({
  context: async ({ context }, use) => {
    await context.route(
      (url) => url.origin !== BASE_URL,
      (route) => route.abort('blockedbyclient'),
    );
    await use(context);
  },
  // Playwright requires the fixtures argument to be an object pattern, even when empty.
  // eslint-disable-next-line no-empty-pattern
  readMail: async ({}, use) => use(readMail),
  // an automatic fixture: set up before the test's own, so `opened` holds no context of this test
  closeOwnContexts: [
    async ({ browser }, use) => {
      const opened = new Set(browser.contexts());
      await use();
      const own = browser.contexts().filter((c) => !opened.has(c));
      await Promise.all(own.map((c) => c.close()));
    },
    { auto: true },
  ],
});

export { expect };
