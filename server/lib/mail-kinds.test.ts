/**
 * One row per e-mail kind (issue 18 item 4; docs/operations.md "What an e-mail looks like"): each is
 * sent by the API that sends it in production, read back from the real SMTP receiver, and checked
 * for its exact subject, the brand's sender and Reply-To, both parts with brand, greeting, support
 * address and site link (test/mail-expect.ts), the risk warning exactly on money e-mails, and what
 * the kind must say (the reason on a decision; service, purpose, expiry and "never ask" on a code).
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { DEMO_BRAND } from '@common/brand';
import { MESSAGING_MSG, USER_ADMIN_MSG } from '@common/messages';
import { users } from '../db/schema';
import { createClient, submitDeposit, submitWithdrawal, type TestUser } from '../modules/ledger/testing';
import { createSignedInUser, TEST_PASSWORD, type TestMethod, uniqueEmail } from '../test/app';
import { useTestContext } from '../test/context';
import { mailWithSubject } from '../test/decision-reasons';
import { expectTrustworthy } from '../test/mail-expect';

const { t, admin, inject, db } = useTestContext();
const NEVER_ASK = `nobody from ${DEMO_BRAND.name} will ever ask you for this code`;
const IF_NOT_YOU = `If this was not you, reset your password at once and write to ${DEMO_BRAND.supportEmail}`;
const CODE = ['expires in 10 minutes', NEVER_ASK];

/** The text a reader sees in `html`: tags dropped, the entities the templates write decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Sends `payload` and expects `status`. */
async function call(
  method: TestMethod,
  url: string,
  headers: Record<string, string>,
  payload: object,
  status = 200,
) {
  const res = await inject(method, url, headers, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

/** A verified client named Test with $50, handed to `act`; answers their address. */
async function client(act: (c: TestUser) => Promise<unknown>): Promise<string> {
  const c = await createClient(t.app, { balance: 50_00n });
  await act(c);
  return c.email;
}

/** A client with a password (named Test), handed to `act`; answers their address. */
async function withPassword(act: (u: Awaited<ReturnType<typeof createSignedInUser>>) => Promise<unknown>) {
  const u = await createSignedInUser(t.app);
  await act(u);
  return u.email;
}

/** Turns two-factor authentication on for `u` through the API (sends the "turned on" e-mail). */
async function enrol(u: { headers: Record<string, string>; password: string }) {
  const setup = await call('POST', '/api/auth/two-factor/setup', u.headers, { password: u.password });
  const secret = new URL(setup.json().totpURI as string).searchParams.get('secret')!;
  await call('POST', '/api/auth/two-factor/enable', u.headers, { code: await generate({ secret }) });
}

const signup = (email: string) =>
  call(
    'POST',
    '/api/auth/signup',
    {},
    {
      firstName: 'Jane',
      lastName: 'Doe',
      email,
      phone: '+44 20 7946 0000',
      password: 'Secret-pass-1',
      gender: 'female',
      country: 'United Kingdom',
    },
    201,
  );

const setPending = (id: string) =>
  db().update(users).set({ verificationStatus: 'pending' }).where(eq(users.id, id));

interface Kind {
  kind: string;
  /** Sends the e-mail; answers its recipient. */
  trigger: () => Promise<string>;
  subject: string;
  money: boolean;
  mustContain: string[];
  /** Whom the greeting names (none: "Hello,"). */
  name?: string;
}

const KINDS: Kind[] = [
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
  },
  {
    kind: 'password reset code',
    trigger: () => client((c) => call('POST', '/api/auth/forgot-password', {}, { email: c.email })),
    subject: 'Your password reset code',
    money: false,
    mustContain: [`Your ${DEMO_BRAND.name} code to reset your password is:`, ...CODE],
  },
  {
    kind: 'sign-up attempt on an existing address',
    trigger: () => client((c) => signup(c.email)),
    subject: 'Someone tried to register with your e-mail address',
    money: false,
    mustContain: ['no new account was created'],
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
  },
  {
    kind: 'two-factor turned on',
    trigger: () => withPassword(enrol),
    subject: 'Two-factor authentication turned on',
    money: false,
    mustContain: ['Two-factor authentication was turned on', IF_NOT_YOU],
  },
  {
    kind: 'two-factor reset by staff',
    trigger: () =>
      withPassword(async (u) => {
        await enrol(u);
        await call('POST', `/api/user/admin/${u.id}/reset-two-factor`, admin.headers, {
          reason: 'Lost phone',
        });
      }),
    subject: 'Two-factor authentication turned off',
    money: false,
    mustContain: ['Our staff turned off two-factor authentication', 'Reason: Lost phone'],
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
  {
    kind: 'withdrawal code',
    trigger: () =>
      client((c) =>
        call(
          'POST',
          '/api/withdrawals/code',
          c.headers,
          {
            method: 'crypto',
            amount: 10,
            wallet: 'ethereum',
            address: '0x52908400098527886E0F7030069857D2E4169EE7',
          },
          202,
        ),
      ),
    subject: 'Your withdrawal confirmation code',
    money: true,
    mustContain: [
      `Your ${DEMO_BRAND.name} code to confirm a withdrawal of $10.00`,
      'ETHEREUM address ending in 9EE7',
      'expires in 10 minutes',
      'will ever ask you for this code',
    ],
    name: 'Test',
  },
  {
    kind: 'withdrawal approved',
    trigger: () =>
      client(async (c) =>
        call('PUT', `/api/c-withdrawals/${await submitWithdrawal(t.app, c, 20)}/approve`, admin.headers, {}),
      ),
    subject: 'Withdrawal approved',
    money: true,
    mustContain: ['$20'],
    name: 'Test',
  },
  {
    kind: 'withdrawal declined',
    trigger: () =>
      client(async (c) =>
        call('PUT', `/api/c-withdrawals/${await submitWithdrawal(t.app, c, 20)}/reject`, admin.headers, {
          reason: 'Address not whitelisted',
        }),
      ),
    subject: 'Withdrawal declined',
    money: true,
    mustContain: ['Reason: Address not whitelisted'],
    name: 'Test',
  },
  {
    kind: 'deposit approved',
    trigger: () =>
      client(async (c) =>
        call('PUT', `/api/deposits/${await submitDeposit(t.app, c)}/approve`, admin.headers, {}),
      ),
    subject: 'Deposit approved',
    money: true,
    mustContain: ['$100'],
    name: 'Test',
  },
  {
    kind: 'deposit rejected',
    trigger: () =>
      client(async (c) =>
        call('PUT', `/api/deposits/${await submitDeposit(t.app, c)}/reject`, admin.headers, {
          reason: 'Proof is unreadable',
        }),
      ),
    subject: 'Deposit rejected',
    money: true,
    mustContain: ['Reason: Proof is unreadable'],
    name: 'Test',
  },
  {
    kind: 'identity verified',
    trigger: () =>
      client(async (c) => {
        await setPending(c.id);
        await call('PUT', `/api/user/admin/${c.id}/verification`, admin.headers, { status: 'verified' });
      }),
    subject: USER_ADMIN_MSG.verifiedTitle,
    money: false,
    mustContain: [USER_ADMIN_MSG.verifiedMessage],
    name: 'Test',
  },
  {
    kind: 'identity verification rejected',
    trigger: () =>
      client(async (c) => {
        await setPending(c.id);
        await call('PUT', `/api/user/admin/${c.id}/verification`, admin.headers, {
          status: 'rejected',
          reason: 'Photo is blurred',
        });
      }),
    subject: USER_ADMIN_MSG.rejectedTitle,
    money: false,
    mustContain: ['Reason: Photo is blurred'],
    name: 'Test',
  },
  {
    kind: 'account blocked',
    trigger: () =>
      client((c) =>
        call('POST', `/api/user/admin/${c.id}/block`, admin.headers, { reason: 'Documents under review' }),
      ),
    subject: 'Your account has been blocked',
    money: false,
    mustContain: ['Reason: Documents under review'],
    name: 'Test',
  },
  {
    kind: 'staff-written e-mail',
    trigger: () =>
      client((c) =>
        call('POST', '/api/user/admin/email', admin.headers, {
          userId: c.id,
          subject: 'About you',
          message: 'Hi there.',
        }),
      ),
    subject: 'About you',
    money: false,
    mustContain: ['Hi there.', 'To receive no more messages like it'],
    name: 'Test',
  },
  {
    kind: 'support reply',
    trigger: () =>
      client(async (c) => {
        const ticket = await call(
          'POST',
          '/api/support',
          c.headers,
          { message: 'Where is my deposit?' },
          201,
        );
        await call('PUT', `/api/support/${ticket.json().data._id}`, admin.headers, {
          reply: 'It is on its way.',
        });
      }),
    subject: MESSAGING_MSG.supportReplyTitle,
    money: false,
    mustContain: ['It is on its way.'],
    name: 'Test',
  },
];

describe('every e-mail kind, read from the SMTP receiver', () => {
  it.each(KINDS)('$kind', async ({ trigger, subject, money, mustContain, name }) => {
    const to = await trigger();
    const mail = await mailWithSubject(t, to, subject);
    expect(mail.subject).toBe(subject);
    expectTrustworthy(mail, { money, name });
    for (const part of mustContain) {
      expect(mail.text).toContain(part);
      expect(visibleText(mail.html)).toContain(part);
    }
  });
});
