/**
 * The checks every e-mail passes (docs/operations.md "What an e-mail looks like"),
 * read back from the SMTP receiver (test/smtp-receiver.ts): From on the brand's one domain with the
 * brand name, Reply-To the support address, an HTML and a plain-text part each naming the brand, the
 * support address and the site, a greeting, and the risk warning exactly on money e-mails.
 */
import { expect, it } from 'vitest';
import { DEMO_BRAND } from '@common/brand';
import type { TestContext, TestMethod } from './app';
import { mailWithSubject } from './decision-reasons';
import type { ReceivedMail } from './smtp-receiver';

/** The site address the test app renders into e-mails. */
export const MAIL_SITE = 'http://127.0.0.1:3000';
/** The start of the risk warning, enough to tell it is there. */
export const MAIL_RISK = DEMO_BRAND.riskWarning.slice(0, 60);

/** Checks what every e-mail has, and the risk warning only on money e-mails (`name`: who is greeted). */
export function expectTrustworthy(mail: ReceivedMail, opts: { money: boolean; name?: string }) {
  const domain = DEMO_BRAND.supportEmail.split('@')[1]!;
  expect(mail.from).toMatch(new RegExp(`^"?${DEMO_BRAND.name}"? <[^@]+@${domain.replace(/\./g, '\\.')}>$`));
  expect(mail.replyTo).toBe(DEMO_BRAND.supportEmail);
  for (const part of [mail.text, mail.html]) {
    expect(part).toContain(DEMO_BRAND.name);
    expect(part).toContain(DEMO_BRAND.supportEmail);
    expect(part).toContain(MAIL_SITE);
    expect(part).toContain(opts.name ? `Hello ${opts.name},` : 'Hello,');
    if (opts.money) expect(part).toContain(MAIL_RISK);
    else expect(part).not.toContain(MAIL_RISK);
  }
  expect(mail.html).toMatch(/^<!doctype html>/i);
}

/** The text a reader sees in `html`: tags dropped, the entities the templates write decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Expects each of `parts` in the plain-text part and in the text a reader sees in the HTML part. */
export function expectParts(mail: ReceivedMail, parts: string[]) {
  for (const part of parts) {
    expect(mail.text).toContain(part);
    expect(visibleText(mail.html)).toContain(part);
  }
}

/** One e-mail kind of the table tests (server/lib/mail-kinds*.test.ts). */
export interface MailKind {
  kind: string;
  /** Sends the e-mail through the API that sends it in production; answers its recipient. */
  trigger: () => Promise<string>;
  /** The exact subject. */
  subject: string;
  /** A money e-mail carries the risk warning; any other must not. */
  money: boolean;
  /** Phrases both parts must show (reasons, amounts, what a code is for, its expiry). */
  mustContain: string[];
  /** Whom the greeting names (none: "Hello,"). */
  name?: string;
}

/** One test per kind: triggers it, reads it from `t`'s SMTP receiver and checks it (above). */
export function itSendsEachKind(t: () => TestContext, kinds: MailKind[]) {
  it.each(kinds)('$kind', async ({ trigger, subject, money, mustContain, name }) => {
    const mail = await mailWithSubject(t(), await trigger(), subject);
    expect(mail.subject).toBe(subject);
    expectTrustworthy(mail, { money, name });
    expectParts(mail, mustContain);
  });
}

type Inject = (
  method: TestMethod,
  url: string,
  headers?: Record<string, string>,
  payload?: unknown,
) => Promise<{ statusCode: number; body: string; json(): any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `inject` that expects `status` (200 unless given) and answers the response. */
export function expectingCaller(inject: Inject) {
  return async (
    method: TestMethod,
    url: string,
    headers: Record<string, string>,
    payload: object,
    status = 200,
  ) => {
    const res = await inject(method, url, headers, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
}
