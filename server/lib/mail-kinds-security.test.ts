/**
 * One row per sign-in and security e-mail kind (codes, lock, new sign-in, password and two-factor
 * changes, the staff invitation), sent through the API and checked like mail-kinds.test.ts
 * (test/mail-expect.ts). Codes name the service, what they are for, their expiry and that nobody
 * asks for them; security notices say what to do if it was not the owner. Each greets the account's
 * owner by first name (the sign-up attempt greets the existing owner, not the name typed in it).
 */
import { generate } from 'otplib';
import { describe } from 'vitest';
import { DEMO_BRAND } from '@common/brand';
import { createClient, type TestUser } from '../test/factories';
import { createSignedInUser, signupBody, TEST_PASSWORD, uniqueEmail } from '../test/app';
import { useTestContext } from '../test/context';
import { expectingCaller, itSendsEachKind, type MailKind } from '../test/mail-expect';

const { t, admin, inject } = useTestContext();
const call = expectingCaller(inject);
const NEVER_ASK = `nobody from ${DEMO_BRAND.name} will ever ask you for this code`;
const IF_NOT_YOU = `If this was not you, reset your password at once and write to ${DEMO_BRAND.supportEmail}`;
const CODE = ['expires in 10 minutes', NEVER_ASK];

/** A verified client named Test with $500, handed to `act`; answers their address. */
async function client(act: (c: TestUser) => Promise<unknown>): Promise<string> {
  const c = await createClient(t.app, { balance: 500_00n });
  await act(c);
  return c.email;
}

/** A client with a password (named Test), handed to `act`; answers their address. */
async function withPassword(act: (u: Awaited<ReturnType<typeof createSignedInUser>>) => Promise<unknown>) {
  const u = await createSignedInUser(t.app);
  await act(u);
  return u.email;
}

/** Turns two-factor authentication on for `u` through the API (sends the "turned on" e-mail); answers its backup codes. */
async function enrol(u: { headers: Record<string, string>; password: string }) {
  const setup = await call('POST', '/api/auth/two-factor/setup', u.headers, { password: u.password });
  const secret = new URL(setup.json().totpURI as string).searchParams.get('secret')!;
  await call('POST', '/api/auth/two-factor/enable', u.headers, { code: await generate({ secret }) });
  return setup.json().backupCodes as string[];
}

/** A client with a password and two-factor on (`enrol`), handed to `act` with their backup codes. */
const withTwoFactor = (
  act: (u: Awaited<ReturnType<typeof createSignedInUser>>, backupCodes: string[]) => Promise<unknown>,
) => withPassword(async (u) => act(u, await enrol(u)));

const signup = (email: string) => call('POST', '/api/auth/signup', {}, signupBody({ email }), 201);

const KINDS: MailKind[] = [
  {
    kind: 'e-mail verification code',
    trigger: async () => {
      const email = uniqueEmail('kinds');
      await signup(email);
      return email;
    },
    subject: 'Your e-mail verification code',
    money: false,
    mustContain: [`Your ${DEMO_BRAND.name} code to verify your e-mail address is:`, ...CODE],
    name: 'Jane',
  },
  {
    kind: 'password reset code',
    trigger: () => client((c) => call('POST', '/api/auth/forgot-password', {}, { email: c.email })),
    subject: 'Your password reset code',
    money: false,
    mustContain: [`Your ${DEMO_BRAND.name} code to reset your password is:`, ...CODE],
    name: 'Test',
  },
  {
    kind: 'sign-up attempt on an existing address',
    trigger: () => client((c) => signup(c.email)),
    subject: 'Someone tried to register with your e-mail address',
    money: false,
    mustContain: ['no new account was created'],
    name: 'Test',
  },
  {
    kind: 'sign-in paused after 5 failures',
    trigger: () =>
      withPassword(async (u) => {
        for (let i = 0; i < 5; i++)
          await inject('POST', '/api/auth/signin', {}, { email: u.email, password: 'Wrong-1!x' });
      }),
    subject: 'Sign-in to your account paused for 15 minutes',
    money: false,
    mustContain: ['5 failed attempts', IF_NOT_YOU],
    name: 'Test',
  },
  {
    kind: 'new sign-in',
    trigger: () =>
      withPassword((u) =>
        call(
          'POST',
          '/api/auth/signin',
          { 'user-agent': 'NewPhone/1.0' },
          { email: u.email, password: u.password },
        ),
      ),
    subject: 'New sign-in to your account',
    money: false,
    mustContain: ['Device: NewPhone/1.0', IF_NOT_YOU],
    name: 'Test',
  },
  {
    kind: 'password changed',
    trigger: () =>
      withPassword((u) =>
        call('POST', '/api/auth/change-password', u.headers, {
          oldPassword: u.password,
          newPassword: `${TEST_PASSWORD}x`,
        }),
      ),
    subject: 'Your password was changed',
    money: false,
    mustContain: ['password of your account was just changed', IF_NOT_YOU],
    name: 'Test',
  },
  {
    kind: 'two-factor turned on',
    trigger: () => withPassword(enrol),
    subject: 'Two-factor authentication turned on',
    money: false,
    mustContain: ['Two-factor authentication was turned on', IF_NOT_YOU],
    name: 'Test',
  },
  {
    kind: 'two-factor turned off',
    trigger: () =>
      withTwoFactor((u, backupCodes) =>
        call('POST', '/api/auth/two-factor/disable', u.headers, {
          password: u.password,
          code: backupCodes[0],
        }),
      ),
    subject: 'Two-factor authentication turned off',
    money: false,
    mustContain: ['Two-factor authentication was turned off', IF_NOT_YOU],
    name: 'Test',
  },
  {
    kind: 'two-factor reset by staff',
    trigger: () =>
      withTwoFactor((u) =>
        call('POST', `/api/user/admin/${u.id}/reset-two-factor`, admin.headers, { reason: 'Lost phone' }),
      ),
    subject: 'Two-factor authentication turned off',
    money: false,
    mustContain: ['Our staff turned off two-factor authentication', 'Reason: Lost phone'],
    name: 'Test',
  },
  {
    kind: 'staff invitation',
    trigger: async () => {
      const email = uniqueEmail('staff');
      await call(
        'POST',
        '/api/staff',
        admin.headers,
        { email, firstName: 'Sam', lastName: 'Staff', role: 'support' },
        201,
      );
      return email;
    },
    subject: 'Your invitation to the back office',
    money: false,
    mustContain: [`back office of ${DEMO_BRAND.name}`, '/admin/invitation?token=', 'expires in 24 hours'],
    name: 'Sam',
  },
];

describe('every sign-in and security e-mail kind, read from the SMTP receiver', () => {
  itSendsEachKind(() => t, KINDS);
});
