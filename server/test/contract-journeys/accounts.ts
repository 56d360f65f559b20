/** Contract journeys of accounts: sign-up and sign-in, passwords, two-factor, sessions, profile and KYC. */
import { expect } from 'vitest';
import { createClient, imageDataUrl } from '../factories';
import { createSignedInUser, uniqueEmail } from '../app';
import type { SmtpReceiver } from '../smtp-receiver';
import { ask, bearer, startTwoFactor, totp, type Journey } from './journey';

/** The 6-digit code of the first mail to `email` after the first `skip` ones that has one (security notices have none). */
async function codeAfter(smtp: SmtpReceiver, email: string, skip: number): Promise<string> {
  for (let i = skip; ; i++) {
    const code = /\b(\d{6})\b/.exec((await smtp.waitForMail(email, { skip: i })).text)?.[1];
    if (code) return code;
  }
}

/** In the order the replay runs them. */
export const accountJourneys: Journey[] = [
  {
    name: 'auth: sign-up, e-mail code, sign-in, passwords, sign-out',
    async run({ t }) {
      const call = ask(t);
      const email = uniqueEmail('contract');
      const password = 'Secret-pass-1';
      const signup = { firstName: 'Jane', lastName: 'Doe', email, phone: '+44 20 7946 0000', password };
      await call(
        'POST',
        '/api/auth/signup',
        {},
        { ...signup, gender: 'female', country: 'United Kingdom', acceptTerms: true },
        201,
      );
      await call('POST', '/api/auth/signup', {}, { email }, 400);
      await t.smtp.waitForMail(email);
      await call('POST', '/api/auth/signin', {}, { email, password: 'Wrong-pass-1' });
      const signin = await call('POST', '/api/auth/signin', {}, { email, password }, 200);
      const h = bearer(signin.json().token);
      await call('GET', '/api/auth/user', h, undefined, 200);
      await call('POST', '/api/auth/resend-otp', h, undefined, 200);
      await call('POST', '/api/auth/verify-email', h, { otp: '000000' });
      const code = await codeAfter(t.smtp, email, 1);
      await call('POST', '/api/auth/verify-email', h, { otp: code }, 200);
      await call('POST', '/api/auth/resend-otp', h, undefined, 409);
      const newPassword = 'Secret-pass-2';
      await call('POST', '/api/auth/change-password', h, { oldPassword: password, newPassword }, 200);
      const before = t.smtp.mails.filter((m) => m.to === email.toLowerCase()).length;
      await call('POST', '/api/auth/forgot-password', {}, { email }, 200);
      const reset = await codeAfter(t.smtp, email, before);
      const again = { otp: reset, email, newPassword: 'Secret-pass-3', confirmPassword: 'Secret-pass-3' };
      await call('POST', '/api/auth/reset-password', {}, { ...again, confirmPassword: 'Other-pass-3' });
      await call('POST', '/api/auth/reset-password', {}, again, 200);
      const fresh = await call('POST', '/api/auth/signin', {}, { email, password: 'Secret-pass-3' }, 200);
      await call('POST', '/api/auth/signout', bearer(fresh.json().token), undefined, 200);
    },
  },
  {
    name: 'auth: two-factor, sessions, sign-in history',
    async run({ t }) {
      const call = ask(t);
      const u = await createSignedInUser(t.app);
      const { secret, backupCodes } = await startTwoFactor(call, u);
      await call('POST', '/api/auth/two-factor/enable', u.headers, { code: '000000' });
      await call('POST', '/api/auth/two-factor/enable', u.headers, { code: await totp(secret) }, 200);
      const first = await call('POST', '/api/auth/signin', {}, { email: u.email, password: u.password }, 200);
      await call(
        'POST',
        '/api/auth/two-factor/verify',
        {},
        { challenge: first.json().challenge, code: '000000' },
      );
      const ok = await call(
        'POST',
        '/api/auth/two-factor/verify',
        {},
        { challenge: first.json().challenge, code: await totp(secret, 30) },
        200,
      );
      const sessions = await call('GET', '/api/auth/sessions', u.headers, undefined, 200);
      const other = (sessions.json().data as { id: string; current: boolean }[]).find((s) => !s.current);
      expect(other, sessions.body).toBeDefined();
      await call('DELETE', `/api/auth/sessions/${other!.id}`, u.headers, undefined, 200);
      expect(ok.statusCode).toBe(200);
      await call('POST', '/api/auth/sessions/revoke-others', u.headers, undefined, 200);
      await call('GET', '/api/auth/sign-in-history?page=1&pageSize=10', u.headers, undefined, 200);
      const page = await call('GET', '/api/auth/sign-in-history?limit=1', u.headers, undefined, 200);
      const next = `/api/auth/sign-in-history?limit=1&cursor=${page.json().nextCursor}`;
      await call('GET', next, u.headers, undefined, 200);
      const backup = backupCodes[0]!;
      await call(
        'POST',
        '/api/auth/two-factor/disable',
        u.headers,
        { password: u.password, code: backup },
        200,
      );
    },
  },
  {
    name: 'profile and KYC: me, profile, picture, verification, referrals, files, data export',
    async run({ t, admin }) {
      const call = ask(t);
      const c = await createClient(t.app);
      const png = await imageDataUrl('png');
      await call('GET', '/api/user/me', c.headers, undefined, 200);
      const profile = {
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '+1 555 0100',
        gender: 'female',
        country: 'Canada',
      };
      await call('PATCH', '/api/user/profile', c.headers, profile, 200);
      await call('POST', '/api/user/profile-picture', c.headers, { image: png }, 200);
      await call('GET', `/api/files/profile-pictures/${c.id}`, c.headers, undefined, 200);
      const kyc = { documentType: 'passport', address: '1 Main Street', state: 'Texas', documentFront: png };
      await call('POST', '/api/user/verification', c.headers, kyc, 200);
      await call('GET', `/api/files/kyc/${c.id}/front`, admin.headers, undefined, 200);
      await call('PUT', `/api/user/admin/${c.id}/verification`, admin.headers, { status: 'verified' }, 200);
      await call('GET', `/api/user/referrals/${c.id}`, c.headers, undefined, 200);
      await call('GET', '/api/user/export.zip', c.headers, undefined, 200);
      await call('GET', '/api/user/export.zip', admin.headers, undefined, 403);
    },
  },
];
