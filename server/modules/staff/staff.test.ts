/**
 * Staff management through the API on a real database: an invitation e-mail's link sets the
 * password, the member enrols two-factor and signs in; deactivation ends their sessions and refuses
 * the sign-in, reactivation lets them in again; role changes; nobody changes themselves and the last
 * active owner stays; only owners manage staff; every change writes its audit row.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { MSG, STAFF_MSG } from '@common/messages';
import type { StaffRole } from '@common/permissions';
import { sessions, staffInvitations, users } from '../../db/schema';
import { createTestUser } from '../../test/factories';
import { TEST_PASSWORD, UNKNOWN_ID, uniqueEmail } from '../../test/app';
import { useTestContext } from '../../test/context';
import { auditRowsOf, expectAnswer } from '../../test/expect';

const { t, admin, inject, db } = useTestContext();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Invites a member as the owner (expects 201) and answers them with the link of their e-mail. */
async function invite(role: StaffRole = 'support') {
  const email = uniqueEmail(role);
  const res = await inject('POST', '/api/staff', admin.headers, {
    email,
    firstName: 'Sam',
    lastName: 'Staff',
    role,
  });
  const body = expectAnswer(res, 201, STAFF_MSG.invited, { email, role, active: true, lastSignInAt: null });
  const mail = await t.smtp.waitForMail(email);
  const link = /https?:\/\/\S+\/admin\/invitation\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  return { id: (body.data as { _id: string })._id, email, link: link! };
}

const accept = (token: string, password = TEST_PASSWORD, confirmPassword = password) =>
  inject('POST', '/api/staff/invitations/accept', {}, { token, password, confirmPassword });
const signIn = (email: string, password = TEST_PASSWORD) =>
  inject('POST', '/api/auth/signin?as=admin', {}, { email, password });

/** An invited member who has set their password and signed in: id, e-mail and session headers. */
async function activeMember(role: StaffRole = 'support') {
  const m = await invite(role);
  expectAnswer(await accept(tokenOf(m.link)), 200, STAFF_MSG.invitationAccepted);
  const res = await signIn(m.email);
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, headers: bearer(res.json().token) };
}

const member = async (id: string) =>
  ((await inject('GET', '/api/staff', admin.headers)).json().data as Array<{ _id: string }>).find(
    (m) => m._id === id,
  );

describe('invitation → password → two-factor → sign-in', () => {
  it('walks an invited member to a two-factor sign-in, single-use link, audited', async () => {
    const m = await invite('compliance');
    expect(m.link.startsWith(`${t.app.ctx.config.publicUrl}/admin/invitation?token=`)).toBe(true);
    const [stored] = await db().select().from(staffInvitations).where(eq(staffInvitations.userId, m.id));
    expect(stored!.tokenHash).not.toContain(tokenOf(m.link));
    expect((await signIn(m.email)).statusCode).toBe(401); // no password yet

    expectAnswer(await accept(tokenOf(m.link), 'Short1'), 400, MSG.passwordTooShort);
    expectAnswer(await accept(tokenOf(m.link), TEST_PASSWORD, 'Other-pass-9'), 400, MSG.passwordsDoNotMatch);
    expectAnswer(await accept(tokenOf(m.link)), 200, STAFF_MSG.invitationAccepted);
    expectAnswer(await accept(tokenOf(m.link), 'Another-pass-9'), 400, STAFF_MSG.invitationInvalid);

    const [row] = await db().select().from(users).where(eq(users.id, m.id));
    expect(row).toMatchObject({ emailVerified: true, role: 'compliance', banned: false });
    const first = await signIn(m.email);
    expect(first.statusCode, first.body).toBe(200);
    const h = bearer(first.json().token);
    expect(first.json().user).toMatchObject({ role: 'compliance' });
    const setup = await inject('POST', '/api/auth/two-factor/setup', h, { password: TEST_PASSWORD });
    const secret = new URL(setup.json().totpURI).searchParams.get('secret')!;
    const code = (offset: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset });
    expectAnswer(await inject('POST', '/api/auth/two-factor/enable', h, { code: await code(0) }), 200);

    const second = await signIn(m.email);
    expect(second.json()).toMatchObject({ twoFactorRequired: true });
    const verified = await inject(
      'POST',
      '/api/auth/two-factor/verify',
      {},
      {
        challenge: second.json().challenge,
        code: await code(30),
      },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await inject('GET', '/api/contacts', bearer(verified.json().token))).statusCode).toBe(200);
    expect(await member(m.id)).toMatchObject({
      twoFactorEnabled: true,
      active: true,
      lastSignInAt: expect.any(String),
    });

    expect(await auditRowsOf(t, 'staff.invite')).toContainEqual(
      expect.objectContaining({ actorId: admin.id, targetUserId: m.id, ip: '127.0.0.1' }),
    );
    expect(await auditRowsOf(t, 'staff.accept')).toContainEqual(
      expect.objectContaining({ actorId: m.id, targetUserId: m.id }),
    );
  });

  it('refuses unknown and expired links, an e-mail with an account, and a client role', async () => {
    expectAnswer(await accept('x'.repeat(43)), 400, STAFF_MSG.invitationInvalid);
    const m = await invite();
    await db()
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.userId, m.id));
    expectAnswer(await accept(tokenOf(m.link)), 400, STAFF_MSG.invitationInvalid);

    const invites = (await auditRowsOf(t, 'staff.invite')).length;
    const again = { email: m.email.toUpperCase(), firstName: 'A', lastName: 'B', role: 'finance' };
    expectAnswer(await inject('POST', '/api/staff', admin.headers, again), 409, STAFF_MSG.emailTaken);
    const client = { ...again, email: admin.email };
    expectAnswer(await inject('POST', '/api/staff', admin.headers, client), 409, STAFF_MSG.emailTaken);
    const asClient = { ...again, email: uniqueEmail(), role: 'client' };
    expectAnswer(await inject('POST', '/api/staff', admin.headers, asClient), 400, STAFF_MSG.invalidRole);
    expect(await auditRowsOf(t, 'staff.invite')).toHaveLength(invites);
  });
});

describe('a fresh invitation link', () => {
  const resend = (id: string, h: Record<string, string> = admin.headers) =>
    inject('POST', `/api/staff/${id}/resend-invitation`, h);

  it('lists the member as invited until the password is set; only the newest link works', async () => {
    const m = await invite('finance');
    expect(await member(m.id)).toMatchObject({ invited: true, active: true });
    const body = expectAnswer(await resend(m.id), 200, STAFF_MSG.invitationResent, { invited: true });
    expect((body.data as { _id: string })._id).toBe(m.id);
    const mail = await t.smtp.waitForMail(m.email, { skip: 1 });
    const fresh = /https?:\/\/\S+\/admin\/invitation\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(fresh, mail.text).toBeDefined();
    expect(fresh).not.toBe(m.link);
    expectAnswer(await accept(tokenOf(m.link)), 400, STAFF_MSG.invitationInvalid);
    expectAnswer(await accept(tokenOf(fresh!)), 200, STAFF_MSG.invitationAccepted);
    expect(await member(m.id)).toMatchObject({ invited: false });
    expect(await auditRowsOf(t, 'staff.invite')).toContainEqual(
      expect.objectContaining({
        actorId: admin.id,
        targetUserId: m.id,
        after: expect.objectContaining({ reinvite: true }),
      }),
    );
  });

  it('refuses a member with a password, a deactivated one, a client, and anyone but an owner', async () => {
    const active = await activeMember('support');
    const sent = t.smtp.mails.length;
    expectAnswer(await resend(active.id), 409, STAFF_MSG.invitationNotNeeded);
    const m = await invite('support');
    expectAnswer(await resend(m.id, active.headers), 403, STAFF_MSG.notAllowed);
    expectAnswer(await inject('POST', `/api/staff/${m.id}/deactivate`, admin.headers), 200);
    expectAnswer(await resend(m.id), 409, STAFF_MSG.alreadyDeactivated);
    const client = await createTestUser(t.app);
    expectAnswer(await resend(client.id), 404, STAFF_MSG.memberNotFound);
    expectAnswer(await resend(UNKNOWN_ID), 404, STAFF_MSG.memberNotFound);
    // the one mail since is the second member's invitation
    expect(t.smtp.mails.slice(sent).map((x) => x.to)).toEqual([m.email]);
  });
});

describe('deactivation and reactivation', () => {
  it('ends every session at once, refuses the sign-in, and reactivation lets them in again', async () => {
    const m = await activeMember('support');
    const other = await signIn(m.email);
    expect((await inject('GET', '/api/contacts', m.headers)).statusCode).toBe(200);

    const done = await inject('POST', `/api/staff/${m.id}/deactivate`, admin.headers);
    expectAnswer(done, 200, STAFF_MSG.deactivatedDone, { _id: m.id, active: false });
    expect((await inject('GET', '/api/contacts', m.headers)).statusCode).toBe(401);
    expect((await inject('GET', '/api/auth/user', bearer(other.json().token))).statusCode).toBe(401);
    expectAnswer(await signIn(m.email), 403, STAFF_MSG.deactivated);
    expectAnswer(
      await inject('POST', `/api/staff/${m.id}/deactivate`, admin.headers),
      409,
      STAFF_MSG.alreadyDeactivated,
    );

    const back = await inject('POST', `/api/staff/${m.id}/reactivate`, admin.headers);
    expectAnswer(back, 200, STAFF_MSG.reactivated, { _id: m.id, active: true });
    expectAnswer(
      await inject('POST', `/api/staff/${m.id}/reactivate`, admin.headers),
      409,
      STAFF_MSG.notDeactivated,
    );
    const again = await signIn(m.email);
    expect(again.statusCode, again.body).toBe(200);
    expect((await inject('GET', '/api/contacts', bearer(again.json().token))).statusCode).toBe(200);

    const audited = async (action: string) =>
      (await auditRowsOf(t, action)).filter((r) => r.targetUserId === m.id);
    expect(await audited('staff.deactivate')).toEqual([
      expect.objectContaining({ actorId: admin.id, after: { active: false } }),
    ]);
    expect(await audited('staff.reactivate')).toEqual([
      expect.objectContaining({ actorId: admin.id, after: { active: true } }),
    ]);
  });

  it('answers 404 for an unknown id and for a client', async () => {
    const client = await createTestUser(t.app);
    for (const id of [UNKNOWN_ID, client.id]) {
      expectAnswer(
        await inject('POST', `/api/staff/${id}/deactivate`, admin.headers),
        404,
        STAFF_MSG.memberNotFound,
      );
      expectAnswer(
        await inject('PATCH', `/api/staff/${id}`, admin.headers, { role: 'owner' }),
        404,
        STAFF_MSG.memberNotFound,
      );
    }
  });
});

describe('roles, the caller and the last owner', () => {
  it("changes a member's role, which changes what they may do", async () => {
    const m = await activeMember('support');
    expect((await inject('GET', '/api/audit', m.headers)).statusCode).toBe(403);
    const res = await inject('PATCH', `/api/staff/${m.id}`, admin.headers, { role: 'finance' });
    expectAnswer(res, 200, STAFF_MSG.roleChanged, { _id: m.id, role: 'finance' });
    expect((await inject('GET', '/api/audit', m.headers)).statusCode).toBe(200);
    const [row] = (await auditRowsOf(t, 'staff.role')).filter((r) => r.targetUserId === m.id);
    expect(row).toMatchObject({ actorId: admin.id, before: { role: 'support' }, after: { role: 'finance' } });
  });

  it('refuses changes to oneself', async () => {
    expectAnswer(
      await inject('PATCH', `/api/staff/${admin.id}`, admin.headers, { role: 'support' }),
      409,
      STAFF_MSG.notYourself,
    );
    expectAnswer(
      await inject('POST', `/api/staff/${admin.id}/deactivate`, admin.headers),
      409,
      STAFF_MSG.notYourself,
    );
    expect(await member(admin.id)).toMatchObject({ role: 'owner', active: true });
  });

  it('keeps the last active owner: of two owners demoting each other at once, one wins', async () => {
    const staff = t.app.ctx.services.staff;
    const other = await createTestUser(t.app, { role: 'owner' });
    const bystander = await createTestUser(t.app, { role: 'support' });
    const results = await Promise.allSettled([
      staff.changeRole({ id: admin.id, ip: '127.0.0.1' }, other.id, 'support'),
      staff.deactivate({ id: other.id, ip: '127.0.0.1' }, admin.id),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason.message).toBe(STAFF_MSG.lastOwner);
    // whoever is left is the only active owner: nobody may demote or deactivate them
    const survivor = results[0].status === 'fulfilled' ? admin.id : other.id;
    const actor = { id: bystander.id, ip: '127.0.0.1' };
    await expect(staff.changeRole(actor, survivor, 'finance')).rejects.toThrow(STAFF_MSG.lastOwner);
    await expect(staff.deactivate(actor, survivor)).rejects.toThrow(STAFF_MSG.lastOwner);
    // restore what the other tests expect: the file's owner active and signed in, the other owner back
    if (survivor === other.id) {
      await staff.reactivate({ id: other.id, ip: '127.0.0.1' }, admin.id);
      const expiresAt = new Date(Date.now() + 3_600_000);
      await db().insert(sessions).values({ token: admin.token, userId: admin.id, expiresAt });
    } else await staff.changeRole({ id: admin.id, ip: '127.0.0.1' }, other.id, 'owner');
    expect((await inject('GET', '/api/staff', admin.headers)).statusCode).toBe(200);
  });
});

describe('who may manage staff', () => {
  it.each(['finance', 'compliance', 'support'] as const)('refuses a %s member (403)', async (role) => {
    const m = await createTestUser(t.app, { role });
    expectAnswer(await inject('GET', '/api/staff', m.headers), 403, STAFF_MSG.notAllowed);
    const body = { email: uniqueEmail(), firstName: 'A', lastName: 'B', role: 'owner' };
    expectAnswer(await inject('POST', '/api/staff', m.headers, body), 403, STAFF_MSG.notAllowed);
  });

  it('lists staff only, with their role, two-factor and activity', async () => {
    const client = await createTestUser(t.app);
    const list = (await inject('GET', '/api/staff', admin.headers)).json().data as Array<{ _id: string }>;
    expect(list.some((m) => m._id === client.id)).toBe(false);
    expect(list.find((m) => m._id === admin.id)).toMatchObject({
      email: admin.email,
      role: 'owner',
      twoFactorEnabled: false,
      active: true,
      lastSignInAt: expect.any(String),
    });
  });
});
