/**
 * The checks every e-mail passes (docs/operations.md "What an e-mail looks like"; issue 18 item 4),
 * read back from the SMTP receiver (test/smtp-receiver.ts): From on the brand's one domain with the
 * brand name, Reply-To the support address, an HTML and a plain-text part each naming the brand, the
 * support address and the site, a greeting, and the risk warning exactly on money e-mails.
 */
import { expect } from 'vitest';
import { DEMO_BRAND } from '@common/brand';
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
