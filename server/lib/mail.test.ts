/**
 * The mailer (lib/mail.ts, docs/operations.md "Mail"): without SMTP_URL a mail is stored and logged;
 * with its worker off (MAIL_WORKER=false) a process stores mail and never sends it, and a process
 * with the worker on, on the same database, sends it; the worker keeps its connection to the server.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_BRAND } from '@common/brand';
import { mailOutbox } from '../db/schema';
import { uniqueEmail } from '../test/app';
import { useBareTestContext } from '../test/context';
import { createMailer, type MailRetry } from './mail';
import { mailTemplate, renderMail } from './mail-templates';

describe('the mailer, in an app without SMTP_URL', () => {
  const t = useBareTestContext({ smtpUrl: undefined });

  it('stores the sign-up code mail in the outbox table so a newcomer can read it', async () => {
    const email = uniqueEmail('outbox');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Olga',
        lastName: 'Outbox',
        email,
        phone: '123',
        password: 'Outbox-pass-1',
        gender: 'female',
        country: 'Estonia',
        acceptTerms: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.select().from(mailOutbox);
    const mail = rows.find((r) => r.to === email);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(t.smtp.mails).toHaveLength(0);
  });

  // the app here has no SMTP, so its own worker sends nothing: only the mailers made here act
  const brand = { ...DEMO_BRAND, siteUrl: 'https://broker.example' };
  const made = (worker: boolean, retry?: MailRetry) =>
    createMailer({
      smtpUrl: t.smtp.url,
      from: `${DEMO_BRAND.name} <no-reply@northwind-markets.example>`,
      brand,
      db: t.database.db,
      log: t.app.log,
      worker,
      retry,
    });
  const rowTo = async (to: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];

  it('with its worker off, stores a mail queued and never sends it; a worker on the same database does', async () => {
    const storing = made(false);
    const sending = made(true);
    try {
      const to = uniqueEmail('worker-off');
      const body = mailTemplate('<p>Your statement is ready.</p>');
      storing.start();
      await storing.send({ to, subject: 'Your statement', body });
      expect(await storing.deliverDue()).toBe(0);
      await new Promise((r) => setTimeout(r, 1_500)); // longer than a worker's poll
      const row = () => rowTo(to);
      expect(await row()).toMatchObject({ status: 'queued', attempts: 0 });
      expect(t.smtp.mails.filter((m) => m.to === to)).toHaveLength(0);

      expect(await sending.deliverDue()).toBeGreaterThanOrEqual(1);
      const mail = await t.smtp.waitForMail(to, { timeoutMs: 8_000 });
      expect(mail.subject).toBe('Your statement');
      expect(mail.text).toContain('Your statement is ready.');
      expect(await row()).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await storing.close();
      await sending.close();
    }
  });

  it('sends over a kept connection: six mails in six passes open one connection to the server', async () => {
    const sending = made(true);
    try {
      const to = uniqueEmail('pooled');
      const before = t.smtp.connections;
      for (let i = 1; i <= 6; i++) {
        await sending.send({ to, subject: `Statement ${i}`, body: mailTemplate('<p>Ready.</p>') });
        await sending.deliverDue();
      }
      await t.smtp.waitForMail(to, { skip: 5, timeoutMs: 8_000 });
      expect(t.smtp.mails.filter((m) => m.to === to).map((m) => m.subject)).toEqual(
        [1, 2, 3, 4, 5, 6].map((i) => `Statement ${i}`),
      );
      expect(t.smtp.connections - before).toBe(1);
    } finally {
      await sending.close();
    }
  });

  it('stores a mail of a named template unrendered; the worker sends what rendering it when stored would have', async () => {
    const storing = made(false);
    const sending = made(true);
    try {
      const to = uniqueEmail('unrendered');
      const body = mailTemplate('<p><strong>{{title}}</strong></p>{{paragraphs message}}', 'test-unrendered');
      const message = {
        to,
        subject: 'Deposit approved',
        body,
        data: {
          title: 'Deposit approved',
          message: 'Your deposit of $5,000.00 <b>is</b> approved.\n\nThanks.',
        },
        name: 'Zoë',
        kind: 'money' as const,
      };
      await storing.send(message);
      expect(await rowTo(to)).toMatchObject({
        status: 'queued',
        text: null,
        html: null,
        message: { template: 'test-unrendered', data: message.data, name: 'Zoë', kind: 'money' },
      });
      await sending.deliverDue();
      const mail = await t.smtp.waitForMail(to, { timeoutMs: 8_000 });
      const rendered = renderMail(brand, message);
      expect([mail.subject, mail.text.trim(), mail.html.trim()]).toEqual([
        'Deposit approved',
        rendered.text.trim(),
        rendered.html.trim(),
      ]);
      expect(rendered.text).toContain('Your deposit of $5,000.00 <b>is</b> approved.');
      expect(await rowTo(to)).toMatchObject({ status: 'sent', text: null });
    } finally {
      await storing.close();
      await sending.close();
    }
  });

  it('fails a stored mail whose template no release knows, with the reason, for staff to see', async () => {
    const sending = made(true, { retryBaseMs: 10, maxAttempts: 1 });
    try {
      const to = uniqueEmail('unknown-template');
      const message = { template: 'no-such-template', data: {}, name: null, kind: 'account' as const };
      await t.database.db.insert(mailOutbox).values({ to, subject: 'Gone', message });
      await sending.deliverDue();
      expect(await rowTo(to)).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: 'no mail template is named no-such-template',
      });
      expect(t.smtp.mails.filter((m) => m.to === to)).toHaveLength(0);
    } finally {
      await sending.close();
    }
  });

  it('refuses a mail row with neither its text nor its template (mail_outbox_body_check)', async () => {
    const to = uniqueEmail('no-body');
    await expect(t.database.db.insert(mailOutbox).values({ to, subject: 'Empty' })).rejects.toThrow();
  });
});
