/**
 * The mail outbox (lib/mail.ts, docs/operations.md "Mail"): with the mail server down, a withdrawal
 * code is still answered (202) and its mail goes out once when the server comes back; a mail that
 * keeps failing ends `failed` with its error, staff see it (never its body) and queue it again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGING_MSG, MONEY_MSG } from '@common/messages';
import { mailOutbox } from '../db/schema';
import { mailTemplate } from './mail-templates';
import { createClient, createTestUser, requestCryptoCode } from '../test/factories';
import { useBareTestContext } from '../test/context';
import { freePort } from '../test/processes';
import { codeIn, startSmtpReceiver, type SmtpReceiver } from '../test/smtp-receiver';

/** A port where no mail server listens yet (it is started there later). */
const port = await freePort();
const t = useBareTestContext({
  smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=500`,
  mailRetry: { retryBaseMs: 100, maxAttempts: 4 },
});
let receiver: SmtpReceiver | undefined;
afterAll(async () => receiver?.close());

const rowsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const waitFor = async (check: () => Promise<boolean>, ms = 8_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the mail outbox', () => {
  it('answers a withdrawal code with the mail server down, then sends its mail once it is back', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 100_00n });
    const res = await requestCryptoCode(t.app, c, 10);
    expect([res.statusCode, res.json().message]).toEqual([202, MONEY_MSG.codeSent]);
    await waitFor(async () => ((await rowsTo(c.email))[0]?.attempts ?? 0) >= 2);
    const [waiting] = await rowsTo(c.email);
    expect(waiting).toMatchObject({ status: 'queued', lastError: expect.stringMatching(/ECONNREFUSED/) });

    receiver = await startSmtpReceiver(undefined, { port });
    const mail = await receiver.waitForMail(c.email, { timeoutMs: 8_000 });
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    await waitFor(async () => (await rowsTo(c.email))[0]?.status === 'sent');
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.mails.filter((m) => m.to === c.email)).toHaveLength(1);
  });

  it('marks a mail that keeps failing failed, shows it to staff without its body, and queues it again', async () => {
    await receiver?.close();
    receiver = undefined;
    const c = await createClient(t.app);
    const body = mailTemplate('<p>Your code is {{code}}.</p>');
    await t.app.ctx.mailer.send({ to: c.email, subject: 'Your statement', body, data: { code: '123456' } });
    await waitFor(async () => (await rowsTo(c.email))[0]?.status === 'failed');
    const [failed] = await rowsTo(c.email);
    expect(failed).toMatchObject({ attempts: 4, lastError: expect.stringMatching(/ECONNREFUSED/) });

    const support = await createTestUser(t.app, { role: 'support' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/mail/outbox?status=failed',
      headers: support.headers,
    });
    expect(list.statusCode).toBe(200);
    const shown = (list.json().data as Array<Record<string, unknown>>).find((m) => m._id === failed!.id);
    expect(shown).toMatchObject({ to: c.email, subject: 'Your statement', status: 'failed', attempts: 4 });
    expect(shown!.lastError).toMatch(/ECONNREFUSED/);
    expect(list.body).not.toContain('123456');
    const finance = await createTestUser(t.app, { role: 'finance' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/mail/outbox', headers: finance.headers });
    expect(refused.statusCode).toBe(403);

    receiver = await startSmtpReceiver(undefined, { port });
    const url = `/api/mail/outbox/${failed!.id}/retry`;
    const retried = await t.app.inject({ method: 'POST', url, headers: support.headers });
    expect([retried.statusCode, retried.json().message]).toEqual([200, MESSAGING_MSG.mailQueuedAgain]);
    expect((await receiver.waitForMail(c.email, { timeoutMs: 8_000 })).subject).toBe('Your statement');
    await waitFor(async () => (await rowsTo(c.email))[0]?.status === 'sent');
    const again = await t.app.inject({ method: 'POST', url, headers: support.headers });
    expect([again.statusCode, again.json().message]).toEqual([409, MESSAGING_MSG.mailNotFailed]);
  });
});
