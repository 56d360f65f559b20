/**
 * "This wasn't me" (docs/security.md "Holds after security changes"): the link of a change e-mail,
 * posted from its page, locks the account (blocked as staff block it), ends every session, writes
 * one audit row and tells staff who may unblock; the link works once (a burst too), expires after
 * 7 days, a made-up token does nothing, only its hash is stored, and erasing the client removes it.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SECURITY_HOLD_MSG } from '@common/schemas/security-holds';
import { auditLog, notifications, securityAlertTokens, sessions, users } from '../../db/schema';
import { createSignedInUser } from '../../test/app';
import { useTestContext } from '../../test/context';
import { NOT_ME_REASON } from './service';
import { moveSecurityHoldClock } from '../../test/clocks';

const { t, admin, inject, db } = useTestContext();

type Client = Awaited<ReturnType<typeof createSignedInUser>>;

/** Changes `c`'s password and answers the token of the link its e-mail carries. */
async function changePassword(c: Client): Promise<string> {
  const seen = t.smtp.mails.filter((m) => m.to === c.email).length;
  const res = await inject('POST', '/api/auth/change-password', c.headers, {
    oldPassword: c.password,
    newPassword: 'Brand-new-pass-2',
  });
  expect(res.statusCode, res.body).toBe(200);
  const mail = await t.smtp.waitForMail(c.email, { skip: seen });
  return /\/this-wasnt-me\?token=([\w-]+)/.exec(mail.text)![1]!;
}

const notMe = (token: string) => inject('POST', '/api/auth/this-wasnt-me', {}, { token });

describe('POST /api/auth/this-wasnt-me', () => {
  it('locks the account, ends every session, audits once and tells staff; never twice', async () => {
    const c = await createSignedInUser(t.app);
    const second = await inject('POST', '/api/auth/signin', {}, { email: c.email, password: c.password });
    const token = await changePassword(c);
    const res = await notMe(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SECURITY_HOLD_MSG.locked);
    const [row] = await db().select().from(users).where(eq(users.id, c.id));
    expect(row).toMatchObject({ banned: true, banReason: NOT_ME_REASON });
    expect(await db().select().from(sessions).where(eq(sessions.userId, c.id))).toEqual([]);
    expect((await inject('GET', '/api/auth/user', c.headers)).statusCode).toBe(401);
    const other = { authorization: `Bearer ${second.json().token}` };
    expect((await inject('GET', '/api/auth/user', other)).statusCode).toBe(401);
    const signIn = await inject(
      'POST',
      '/api/auth/signin',
      {},
      { email: c.email, password: 'Brand-new-pass-2' },
    );
    expect(signIn.statusCode).toBe(403);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, c.id), eq(auditLog.action, 'user.lock_not_me')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: c.id });
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.title, 'Client locked their account')));
    expect(told.some((n) => n.message.includes(c.email))).toBe(true);
    await expect
      .poll(() => t.smtp.mails.some((m) => m.to === c.email && m.subject === 'Your account has been blocked'))
      .toBe(true);

    const replay = await notMe(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('not_me_link_invalid');
    const [{ n }] = (await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, c.id), eq(auditLog.action, 'user.lock_not_me')))) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it('answers 400 for a made-up token, one of 7 days ago, or a malformed body; nothing locked', async () => {
    const c = await createSignedInUser(t.app);
    const token = await changePassword(c);
    for (const bad of [token.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A')), 'x'.repeat(43)]) {
      const res = await notMe(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('not_me_link_invalid');
    }
    expect((await inject('POST', '/api/auth/this-wasnt-me', {}, {})).statusCode).toBe(400);
    expect((await notMe('short')).statusCode).toBe(400);
    await moveSecurityHoldClock(db(), 7 * 24, c.id);
    expect((await notMe(token)).json().code).toBe('not_me_link_invalid');
    const [row] = await db().select().from(users).where(eq(users.id, c.id));
    expect(row!.banned).toBe(false);
    expect((await inject('GET', '/api/auth/user', c.headers)).statusCode).toBe(200);
  });

  it('a burst of the same link locks once', async () => {
    const c = await createSignedInUser(t.app);
    const token = await changePassword(c);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notMe(token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, c.id), eq(auditLog.action, 'user.lock_not_me')));
    expect(audited).toHaveLength(1);
  });

  it('erasing the client removes their links', async () => {
    const c = await createSignedInUser(t.app);
    const token = await changePassword(c);
    const erased = await inject('DELETE', `/api/user/admin/${c.id}`, admin.headers);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await db().select().from(securityAlertTokens).where(eq(securityAlertTokens.userId, c.id))).toEqual(
      [],
    );
    expect((await notMe(token)).json().code).toBe('not_me_link_invalid');
  });

  it('stores only the hash of a token', async () => {
    const c = await createSignedInUser(t.app);
    const token = await changePassword(c);
    const rows = await db().select().from(securityAlertTokens).where(eq(securityAlertTokens.userId, c.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
