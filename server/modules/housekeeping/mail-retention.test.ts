/**
 * Mail retention (mail-retention.ts, docs/operations.md "Mail retention"): housekeeping blanks the
 * bodies of sent and logged mails older than MAIL_RETENTION_DAYS (text, html, headers, the
 * template's values) and keeps their metadata; queued, failed and newer mails keep their bodies;
 * the outbox answers when a body was removed; the setting is validated.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { mailOutbox } from '../../db/schema';
import { useTestContext } from '../../test/context';
import { purgeExpired } from './service';

const { admin, inject, db } = useTestContext();

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const CODE = '482913';
const LINK = 'http://127.0.0.1:3000/admin/invitation?token=Inv1tat10nT0kenForRetention';

/** A mail of `status` written `days` days ago, holding a code, a link and an unsubscribe header. */
async function mail(status: 'sent' | 'logged' | 'queued' | 'failed', days: number, rendered = true) {
  const [row] = await db()
    .insert(mailOutbox)
    .values({
      to: `retention.${status}.${days}@example.com`,
      subject: 'Your code',
      ...(rendered
        ? { text: `Your code is ${CODE}. ${LINK}`, html: `<p>${CODE}</p><a href="${LINK}">set</a>` }
        : {
            message: {
              template: 'signup-code',
              data: { code: CODE, link: LINK },
              name: 'Ada',
              kind: 'account',
            },
          }),
      headers: { 'List-Unsubscribe': `<${LINK}>` },
      status,
      attempts: 1,
      createdAt: daysAgo(days),
      sentAt: status === 'sent' ? daysAgo(days) : null,
    })
    .returning();
  return row!;
}
const rowOf = async (id: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('mail retention', () => {
  it('blanks the bodies of sent and logged mails past the retention, keeping their metadata', async () => {
    const oldSent = await mail('sent', 31);
    const oldTemplated = await mail('sent', 40, false);
    const oldLogged = await mail('logged', 31);
    const kept = [await mail('sent', 29), await mail('queued', 31), await mail('failed', 31)];

    expect((await purgeExpired(db(), { mailRetentionDays: 30 })).mailBodies).toBe(3);
    for (const m of [oldSent, oldTemplated, oldLogged]) {
      const row = await rowOf(m.id);
      expect(row).toMatchObject({ text: null, html: null, headers: null, to: m.to, subject: m.subject });
      expect(row).toMatchObject({ status: m.status, attempts: 1, createdAt: m.createdAt, sentAt: m.sentAt });
      expect(row.bodyRemovedAt).toBeInstanceOf(Date);
      expect(JSON.stringify(row)).not.toContain(CODE);
      expect(JSON.stringify(row)).not.toContain('Inv1tat10n');
    }
    expect((await rowOf(oldTemplated.id)).message).toEqual({
      template: 'signup-code',
      kind: 'account',
      data: {},
      name: null,
    });
    for (const m of kept) expect(await rowOf(m.id)).toMatchObject({ text: m.text, bodyRemovedAt: null });
    expect((await purgeExpired(db(), { mailRetentionDays: 30 })).mailBodies).toBe(0);

    const page = await inject('GET', '/api/mail/outbox?status=sent&pageSize=40', admin.headers);
    const listed = (page.json().data as Array<{ _id: string; bodyRemovedAt: string | null }>).filter((r) =>
      [oldSent.id, kept[0]!.id].includes(r._id),
    );
    expect(Object.fromEntries(listed.map((r) => [r._id, r.bodyRemovedAt !== null]))).toEqual({
      [oldSent.id]: true,
      [kept[0]!.id]: false,
    });
  });

  it('follows MAIL_RETENTION_DAYS (default 30, 1 to 3650 whole days)', async () => {
    const week = await mail('sent', 8);
    expect((await purgeExpired(db(), { mailRetentionDays: 30 })).mailBodies).toBe(0);
    // this one and the 29-day-old sent mail of the test above
    expect((await purgeExpired(db(), { mailRetentionDays: 7 })).mailBodies).toBe(2);
    expect((await rowOf(week.id)).text).toBeNull();
    expect(loadConfig({}).mailRetentionDays).toBe(30);
    expect(loadConfig({ MAIL_RETENTION_DAYS: '7' }).mailRetentionDays).toBe(7);
    for (const bad of ['0', '3651', '1.5', 'month'])
      expect(() => loadConfig({ MAIL_RETENTION_DAYS: bad }), bad).toThrow(/MAIL_RETENTION_DAYS/);
  });
});
