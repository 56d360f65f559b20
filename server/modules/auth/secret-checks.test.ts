/**
 * docs/security.md "Throttling" and "Two-factor authentication": signed-in checks of the password
 * or a code count toward the account's sign-in lock (2FA set-up and turning it off, password
 * change); a password reset, a change of two-factor authentication, a block and a deactivation end
 * the user's open sign-in challenges; an invited staff member gets in only through the invitation
 * link; the outbox hides mails to staff from staff who do not manage staff. Against a real database
 * and SMTP receiver; the parallel bursts over two API processes are in two-processes.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { MSG, SECURITY_MSG, STAFF_MSG } from '@common/messages';
import { auditLog, mailOutbox, twoFactorChallenges, users } from '../../db/schema';
import { createSignedInUser, uniqueEmail } from '../../test/app';
import { useTestContext } from '../../test/context';
import { expectAnswer } from '../../test/expect';
import { codeIn } from '../../test/smtp-receiver';
import { STAFF_MAIL_SUBJECT } from '../emailing/service';
import { createTestUser } from '../../test/factories';

const { t, admin, inject, db } = useTestContext();

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
const totp = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });
/** A 6-digit code that is not `right` (nor a neighbour step's, which the server also accepts). */
const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

/** Sets up and enables 2FA for `user` through the API; answers the secret and backup codes. */
async function enrol(user: Signed) {
  const setup = await inject('POST', '/api/auth/two-factor/setup', user.headers, { password: user.password });
  expect(setup.statusCode, setup.body).toBe(200);
  const { totpURI, backupCodes } = setup.json() as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const on = await inject('POST', '/api/auth/two-factor/enable', user.headers, { code: await totp(secret) });
  expect(on.statusCode, on.body).toBe(200);
  return { secret, backupCodes };
}

const signin = (email: string, password: string) =>
  inject('POST', '/api/auth/signin', {}, { email, password });

/** Invites `email` to the staff with `role`, as the test's owner (POST /api/staff). */
const invite = (email: string, firstName: string, role: string) =>
  inject('POST', '/api/staff', admin.headers, { email, firstName, lastName: 'Staff', role });

/** The token of the invitation link in the text of a staff invitation mail. */
const invitationToken = (text: string) =>
  new URL(/https?:\/\/\S+\/admin\/invitation\?token=[\w-]+/.exec(text)![0]).searchParams.get('token')!;

/** Accepts a staff invitation by its link's `token`, choosing `password`. */
const accept = (token: string, password: string) =>
  inject('POST', '/api/staff/invitations/accept', {}, { token, password, confirmPassword: password });
/** Signs in a 2FA user up to the challenge (the password step passed). */
async function challengeOf(user: Signed): Promise<string> {
  const res = await signin(user.email, user.password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().challenge as string;
}
const verify = (challenge: string, code: string) =>
  inject('POST', '/api/auth/two-factor/verify', {}, { challenge, code });
const openChallenges = async (userId: string) =>
  (await db().select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId))).length;
/** The first mail to `email` with `subject`, once the SMTP receiver has it. */
async function mailTo(email: string, subject: string) {
  const find = () => t.smtp.mails.find((m) => m.to === email && m.subject === subject);
  await expect.poll(find, { timeout: 10_000 }).toBeDefined();
  return find()!;
}
const lockMails = (email: string) => t.smtp.mails.filter((m) => m.to === email && /paused/.test(m.subject));

describe('signed-in checks of the password or a code count toward the sign-in lock', () => {
  it('/two-factor/disable: 5 wrong codes lock the account; the right password and code are then refused', async () => {
    const user = await createSignedInUser(t.app);
    const { secret } = await enrol(user);
    const disable = (code: string) =>
      inject('POST', '/api/auth/two-factor/disable', user.headers, { password: user.password, code });
    for (let i = 0; i < 5; i++) {
      expectAnswer(await disable(wrongCode(await totp(secret))), 400, SECURITY_MSG.invalidCode);
    }
    expectAnswer(await disable(await totp(secret)), 429, SECURITY_MSG.locked);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorEnabled).toBe(true);
    expectAnswer(await signin(user.email, user.password), 429, SECURITY_MSG.locked);
    await mailTo(user.email, 'Sign-in to your account paused for 15 minutes');
    expect(lockMails(user.email)).toHaveLength(1);
  });

  it('/two-factor/setup and /change-password: 5 wrong passwords lock; the right one is then refused', async () => {
    const a = await createSignedInUser(t.app);
    const setup = (password: string) => inject('POST', '/api/auth/two-factor/setup', a.headers, { password });
    for (let i = 0; i < 5; i++) expectAnswer(await setup('Wrong-pass-9'), 400, SECURITY_MSG.wrongPassword);
    expectAnswer(await setup(a.password), 429, SECURITY_MSG.locked);

    const b = await createSignedInUser(t.app);
    const change = (oldPassword: string) =>
      inject('POST', '/api/auth/change-password', b.headers, {
        oldPassword,
        newPassword: 'New-password-22',
        confirmPassword: 'New-password-22',
      });
    for (let i = 0; i < 5; i++) expectAnswer(await change('Wrong-pass-9'), 400, MSG.wrongOldPassword);
    expectAnswer(await change(b.password), 429, SECURITY_MSG.locked);
    expectAnswer(await signin(b.email, b.password), 429, SECURITY_MSG.locked);
  });

  it('a right password gives its attempt back; the failures before it still count', async () => {
    const user = await createSignedInUser(t.app);
    const setup = (password: string) =>
      inject('POST', '/api/auth/two-factor/setup', user.headers, { password });
    for (let i = 0; i < 4; i++) expect((await setup('Wrong-pass-9')).statusCode).toBe(400);
    expect((await setup(user.password)).statusCode).toBe(200);
    expect((await setup(user.password)).statusCode).toBe(200);
    expect((await setup('Wrong-pass-9')).statusCode).toBe(400);
    expectAnswer(await setup(user.password), 429, SECURITY_MSG.locked);
  });
});

describe('open sign-in challenges end', () => {
  it('with a password reset: the old challenge and a right code give no session', async () => {
    const user = await createSignedInUser(t.app);
    const { secret } = await enrol(user);
    const challenge = await challengeOf(user);
    await inject('POST', '/api/auth/forgot-password', {}, { email: user.email });
    const mail = await mailTo(user.email, 'Your password reset code');
    const reset = await inject(
      'POST',
      '/api/auth/reset-password',
      {},
      {
        email: user.email,
        otp: codeIn(mail),
        newPassword: 'New-password-22',
        confirmPassword: 'New-password-22',
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await openChallenges(user.id)).toBe(0);
    expectAnswer(await verify(challenge, await totp(secret)), 401, SECURITY_MSG.challengeExpired);
  });

  it('with a password change, a block, a staff reset of 2FA and turning 2FA off', async () => {
    const changer = await createSignedInUser(t.app);
    await enrol(changer);
    await challengeOf(changer);
    const changed = await inject('POST', '/api/auth/change-password', changer.headers, {
      oldPassword: changer.password,
      newPassword: 'New-password-22',
      confirmPassword: 'New-password-22',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await openChallenges(changer.id)).toBe(0);

    const blocked = await createSignedInUser(t.app);
    const { secret } = await enrol(blocked);
    const challenge = await challengeOf(blocked);
    const block = await inject('POST', `/api/user/admin/${blocked.id}/block`, admin.headers, {
      reason: 'Suspicious activity',
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(await openChallenges(blocked.id)).toBe(0);
    expectAnswer(await verify(challenge, await totp(secret)), 401, SECURITY_MSG.challengeExpired);

    const lost = await createSignedInUser(t.app);
    await enrol(lost);
    await challengeOf(lost);
    const reset = await inject('POST', `/api/user/admin/${lost.id}/reset-two-factor`, admin.headers, {
      reason: 'Lost phone, identity checked',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await openChallenges(lost.id)).toBe(0);

    const off = await createSignedInUser(t.app);
    const enrolled = await enrol(off);
    await challengeOf(off);
    const disabled = await inject('POST', '/api/auth/two-factor/disable', off.headers, {
      password: off.password,
      code: enrolled.backupCodes[0],
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await openChallenges(off.id)).toBe(0);
  });

  it('with a block of a staff member and a deactivation', async () => {
    const email = uniqueEmail('support');
    const invited = await invite(email, 'Sam', 'support');
    expect(invited.statusCode, invited.body).toBe(201);
    const token = invitationToken((await t.smtp.waitForMail(email)).text);
    const password = 'Staff-password-9';
    const accepted = await accept(token, password);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const id = (invited.json().data as { _id: string })._id;
    const session = await signin(email, password);
    const headers = { authorization: `Bearer ${session.json().token as string}` };
    const member: Signed = { id, email, password, token: '', referralId: '', headers };
    await enrol(member);
    await challengeOf(member);
    const block = await inject('POST', `/api/staff/${id}/block`, admin.headers, { reason: 'Left the desk' });
    expect(block.statusCode, block.body).toBe(200);
    expect(await openChallenges(id)).toBe(0);
    expect((await inject('POST', `/api/staff/${id}/unblock`, admin.headers)).statusCode).toBe(200);
    await challengeOf(member);
    const off = await inject('POST', `/api/staff/${id}/deactivate`, admin.headers);
    expect(off.statusCode, off.body).toBe(200);
    expect(await openChallenges(id)).toBe(0);
  });
});

describe('an invitation is completed only through its link', () => {
  it('forgot/reset password answer an invited member like an unknown address, send nothing, open no session', async () => {
    const email = uniqueEmail('finance');
    const invited = await invite(email, 'Fay', 'finance');
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = await t.smtp.waitForMail(email);
    const forgot = await inject('POST', '/api/auth/forgot-password', {}, { email });
    const unknown = await inject('POST', '/api/auth/forgot-password', {}, { email: uniqueEmail('ghost') });
    expect([forgot.statusCode, forgot.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expectAnswer(forgot, 200, MSG.resetSent);
    await t.app.ctx.mailer.deliverDue();
    const queued = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(queued.map((m) => m.subject)).toEqual([invitation.subject]);

    const password = 'Chosen-password-9';
    for (const otp of ['000000', '123456']) {
      expectAnswer(
        await inject(
          'POST',
          '/api/auth/reset-password',
          {},
          { email, otp, newPassword: password, confirmPassword: password },
        ),
        400,
        MSG.invalidOtp,
      );
    }
    expectAnswer(await signin(email, password), 401, MSG.invalidCredentials);
    const id = (invited.json().data as { _id: string })._id;
    const accepts = () =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'staff.accept'), eq(auditLog.targetUserId, id)));
    expect(await accepts()).toHaveLength(0);

    const token = invitationToken(invitation.text);
    expectAnswer(await accept(token, password), 200, STAFF_MSG.invitationAccepted);
    expect(await accepts()).toHaveLength(1);
    expect((await signin(email, password)).statusCode).toBe(200);
  });
});

describe('the mail outbox', () => {
  it('shows the subjects of mails to staff only to staff who manage staff', async () => {
    const support = await createTestUser(t.app, { role: 'support' });
    const staff = await createTestUser(t.app, { role: 'compliance' });
    const client = await createTestUser(t.app);
    const subject = `Reset your password ${Date.now()}`;
    await db()
      .insert(mailOutbox)
      .values([
        {
          to: staff.email.toUpperCase(),
          subject,
          text: 'T',
          status: 'failed',
          attempts: 8,
          lastError: `550 ${subject}`,
        },
        { to: client.email, subject, text: 'T', status: 'failed', attempts: 8, lastError: 'refused' },
      ]);
    type Row = { _id: string; to: string; subject: string; lastError: string | null };
    const page = async (headers: Record<string, string>) => {
      const res = await inject('GET', '/api/mail/outbox?status=failed&pageSize=40', headers);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data as Row[];
      const of = (email: string) => rows.find((r) => r.to.toLowerCase() === email)!;
      return { toStaff: of(staff.email), toClient: of(client.email) };
    };
    const seen = await page(support.headers);
    expect(seen.toStaff).toMatchObject({ subject: STAFF_MAIL_SUBJECT, lastError: null });
    expect(JSON.stringify(seen.toStaff)).not.toContain('Reset');
    expect(seen.toClient).toMatchObject({ subject, lastError: 'refused' });
    const owner = await page(admin.headers);
    expect(owner.toStaff).toMatchObject({ subject, lastError: `550 ${subject}` });
    const retried = await inject('POST', `/api/mail/outbox/${seen.toStaff._id}/retry`, support.headers);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ subject: STAFF_MAIL_SUBJECT, lastError: null });
  });
});
