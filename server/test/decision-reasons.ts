/**
 * Checks shared by the tests of decisions that need a reason (docs/product.md "Decision reasons"):
 * a missing, short or long reason is refused with 400 and changes nothing; a given reason reaches
 * the client's notification and e-mail and the audit row.
 */
import { MSG, SECURITY_MSG } from '@common/messages';
import { expect } from 'vitest';
import type { TestContext, TestMethod } from './app';
import { auditRowsOf } from './expect';
import type { ReceivedMail } from './smtp-receiver';

type Inject = (
  method: TestMethod,
  url: string,
  headers?: Record<string, string>,
  payload?: unknown,
) => Promise<{ statusCode: number; json(): { message?: unknown } }>;

/**
 * Sends `body` without a reason, with a reason too short (2 characters after trimming) and with
 * one too long (501), expecting 400 with the reason's text each time and `unchanged()` to hold.
 */
export async function expectReasonRequired(
  inject: Inject,
  method: TestMethod,
  url: string,
  headers: Record<string, string>,
  unchanged: () => Promise<void>,
  body: Record<string, unknown> = {},
) {
  const cases: [unknown, string][] = [
    [undefined, MSG.required('Reason')],
    ['  ok  ', SECURITY_MSG.reasonLength],
    ['x'.repeat(501), SECURITY_MSG.reasonLength],
  ];
  for (const [reason, message] of cases) {
    const res = await inject(method, url, headers, { ...body, ...(reason !== undefined && { reason }) });
    expect(res.statusCode, String(reason)).toBe(400);
    expect(res.json().message).toBe(message);
    await unchanged();
  }
}

/** Waits for the e-mail to `to` whose subject is `subject` (other mails may come first). */
export async function mailWithSubject(t: TestContext, to: string, subject: string): Promise<ReceivedMail> {
  for (let skip = 0; ; skip++) {
    const mail = await t.smtp.waitForMail(to, { skip });
    if (mail.subject === subject) return mail;
  }
}

/**
 * Expects `reason` in the client's latest notification titled `title`, in the e-mail of the same
 * subject, and in the `after` of the last audit row of `action`; with `historyLine`, also as the
 * details of that rejected line, the newest of the dashboard's list and of the history's page.
 */
export async function expectReasonDelivered(
  t: TestContext,
  inject: Inject,
  client: { email: string; headers: Record<string, string> },
  {
    reason,
    title,
    action,
    historyLine,
  }: { reason: string; title: string; action: string; historyLine?: string },
) {
  if (historyLine) {
    for (const list of ['/api/transaction', '/api/transaction/all']) {
      const [line] = ((await inject('GET', list, client.headers)).json() as unknown as { data: unknown[] })
        .data;
      expect(line, list).toMatchObject({ _id: historyLine, status: 'rejected', details: reason });
    }
  }
  const notes = (await inject('GET', '/api/notifications/user', client.headers)).json() as unknown as {
    data: { title: string; message: string }[];
  };
  const note = notes.data.find((n) => n.title === title);
  expect(note?.message).toContain(`Reason: ${reason}`);
  const mail = await mailWithSubject(t, client.email, title);
  expect(mail.text).toContain(`Reason: ${reason}`);
  const rows = await auditRowsOf(t, action);
  expect(rows.at(-1)?.after).toMatchObject({ reason });
}

/**
 * Rejects (or declines) a pending deposit or withdrawal at `url` with `reason` as `staff`, expects
 * 200 with `message` and the row answered rejected with its reason, then `expectReasonDelivered`
 * (its history line is the row `id`).
 */
export async function expectRejectedWithReason(
  t: TestContext,
  inject: Inject,
  staff: Record<string, string>,
  client: { email: string; headers: Record<string, string> },
  r: { url: string; id: string; reason: string; message: string; title: string; action: string },
) {
  const res = await inject('PUT', r.url, staff, { reason: `  ${r.reason} ` });
  expect([res.statusCode, res.json().message]).toEqual([200, r.message]);
  expect((res.json() as { data?: unknown }).data).toMatchObject({ status: 'rejected', reason: r.reason });
  await expectReasonDelivered(t, inject, client, { ...r, historyLine: r.id });
}
