/**
 * E-mails a client can trust (lib/mail-templates.ts, docs/operations.md "Mail"): every kind, read
 * back from a real SMTP receiver, comes from the brand's one domain with the support address as
 * Reply-To, greets the client, names the brand, the support address and the site, and has an HTML
 * and a plain-text part; money e-mails carry the risk warning, decisions their reason, and
 * staff-written e-mails an unsubscribe line and a List-Unsubscribe header. Staff text is escaped and
 * only http(s) addresses become links. The plain-text part, built from the layout's text converted
 * once per brand and kind plus each mail's greeting and body, is exactly what converting the whole
 * HTML gives (`mailText`, the reference), for every kind of mail and for names and texts of any
 * characters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_BRAND } from '@common/brand';
import * as authMails from '../modules/auth/emails';
import { noticeMail } from '../modules/notifications/service';
import { invitationMail } from '../modules/staff/emails';
import { accountBlockedMail } from '../modules/users/emails';
import { withdrawalCodeMail } from '../modules/withdrawals/emails';
import { createClient, requestCryptoCode, submitWithdrawal } from '../test/factories';
import { mailWithSubject } from '../test/decision-reasons';
import { useTestContext } from '../test/context';
import { expectTrustworthy, MAIL_SITE } from '../test/mail-expect';
import { codeIn } from '../test/smtp-receiver';
import {
  mailTemplate,
  mailText,
  renderMail,
  renderStored,
  storedMessage,
  type MailBrand,
  type MailMessage,
} from './mail-templates';

const { t, admin, inject } = useTestContext();
const SITE = MAIL_SITE;

describe('e-mails, read from the SMTP receiver', () => {
  it('a withdrawal code: money e-mail naming the service, the amount, the masked destination, the expiry and that nobody asks for it', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 50_00n });
    const res = await requestCryptoCode(t.app, c, 10);
    expect(res.statusCode, res.body).toBe(202);
    const mail = await t.smtp.waitForMail(c.email);
    expect(mail.subject).toBe('Your withdrawal confirmation code');
    expectTrustworthy(mail, { money: true, name: 'Test' });
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(
      `Your ${DEMO_BRAND.name} code to confirm a withdrawal of $10.00 to Ethereum (ETH) address ending in 9EE7 is:`,
    );
    expect(mail.text).not.toContain('0x52908400098527886E0F7030069857D2E4169EE7');
    expect(mail.text).toMatch(/confirms only this withdrawal/);
    expect(mail.text).toMatch(/expires in 10 minutes/);
    expect(mail.text).toMatch(/nobody from our team will ever ask you for this code/);
    expect(mail.listUnsubscribe).toBe('');
  });

  it('a declined withdrawal: a money notice with its reason and the risk warning', async () => {
    const c = await createClient(t.app, { level: 'identity', balance: 50_00n });
    const id = await submitWithdrawal(t.app, c, 20);
    const res = await inject('PUT', `/api/c-withdrawals/${id}/reject`, admin.headers, {
      reason: 'The address is not on your whitelist',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailWithSubject(t, c.email, 'Withdrawal declined');
    expectTrustworthy(mail, { money: true, name: 'Test' });
    expect(mail.text).toContain('Reason: The address is not on your whitelist');
  });

  it('a block: an account e-mail with its reason, no risk warning', async () => {
    const c = await createClient(t.app);
    const res = await inject('POST', `/api/user/admin/${c.id}/block`, admin.headers, {
      reason: 'Documents under review',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.smtp.waitForMail(c.email);
    expect(mail.subject).toBe('Your account has been blocked');
    expectTrustworthy(mail, { money: false, name: 'Test' });
    expect(mail.text).toContain('Reason: Documents under review');
  });

  it('a staff-written e-mail: escaped, safe links, an unsubscribe line and List-Unsubscribe', async () => {
    const c = await createClient(t.app);
    const message = 'See https://example.org/help?a=1&b=2.\n\n<a href="javascript:alert(1)">click</a>';
    const res = await inject('POST', '/api/user/admin/email', admin.headers, {
      userId: c.id,
      subject: 'About your account',
      message,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.smtp.waitForMail(c.email);
    expectTrustworthy(mail, { money: false, name: 'Test' });
    expect(mail.listUnsubscribe).toContain(`mailto:${DEMO_BRAND.supportEmail}?subject=unsubscribe`);
    expect(mail.text).toMatch(/To receive no more messages like it/);
    expect(mail.html).toContain('<a href="https://example.org/help?a=1&amp;b=2">');
    expect(mail.html).not.toMatch(/href="javascript/);
    expect(mail.html).toContain('&lt;a href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;');
  });
});

describe('renderMail', () => {
  const brand = { ...DEMO_BRAND, siteUrl: SITE };

  it('renders a notice stored unrendered (through JSON, as the outbox keeps it) as it renders the notice', () => {
    const notice = noticeMail(
      'zoe@example.com',
      { title: 'Deposit approved', message: 'A <b>$5,000.00</b> deposit.' },
      'money',
      'Zoë',
    );
    const stored = JSON.parse(JSON.stringify(storedMessage(notice))) as ReturnType<typeof storedMessage>;
    expect(stored).toMatchObject({ template: 'notice-boxed', name: 'Zoë', kind: 'money' });
    expect(renderStored(brand, { to: notice.to, subject: notice.subject, message: stored! })).toEqual(
      renderMail(brand, notice),
    );
    expect(storedMessage({ ...notice, body: mailTemplate('<p>{{title}}</p>') })).toBeNull();
    expect(() => mailTemplate('<p>Again</p>', 'notice')).toThrow('two mail templates are named notice');
  });

  it('draws a notice with the brand header, its facts in a summary box and a button to its page', () => {
    const notice = noticeMail('zoe@example.com', {
      title: 'Withdrawal declined',
      message: 'Your withdrawal was declined.',
      summary: [
        { label: 'Amount', value: '$30.00' },
        { label: 'Reason', value: 'Name <differs>' },
      ],
      action: { label: 'See your withdrawals', path: '/account/transactions' },
    });
    const mail = renderMail(brand, notice);
    expect(mail.html).toMatch(new RegExp(`<h1 style="[^"]*background:#1864ab[^"]*">${DEMO_BRAND.name}</h1>`));
    expect(mail.html).toMatch(
      /<div style="background:#f8f9fa[^"]*">\s*<p[^>]*><strong>Amount:<\/strong> \$30\.00<\/p>/,
    );
    expect(mail.html).toContain('<strong>Reason:</strong> Name &lt;differs&gt;');
    expect(mail.html).toMatch(
      new RegExp(
        `<a href="${SITE}/account/transactions" style="display:inline-block[^"]*">See your withdrawals</a>`,
      ),
    );
    // the plain-text part keeps the facts and the link
    expect(mail.text).toContain('Amount: $30.00\n\nReason: Name <differs>');
    expect(mail.text).toContain(`See your withdrawals [${SITE}/account/transactions]`);
    // without facts: no box; the button leads to the notifications page
    const plain = renderMail(brand, noticeMail('zoe@example.com', { title: 'Hi', message: 'Hello.' }));
    expect(plain.html).not.toContain('background:#f8f9fa');
    expect(plain.text).toContain(`Open your notifications [${SITE}/account/notification]`);
  });

  it('refuses a template value that is missing instead of rendering it blank', () => {
    const body = mailTemplate('<p>Your code is {{code}}.</p>');
    expect(() => renderMail(brand, { to: 'a@example.com', subject: 'S', body, data: {} })).toThrow(/code/);
  });

  it('keeps trailing punctuation out of a link and never links other schemes', () => {
    const body = mailTemplate('{{paragraphs message}}');
    const { html, text } = renderMail(brand, {
      to: 'a@example.com',
      subject: 'S',
      body,
      data: { message: 'Read (https://example.org/a). Or ftp://example.org or javascript:alert(1)' },
    });
    expect(html).toContain('(<a href="https://example.org/a">https://example.org/a</a>).');
    expect(html).not.toMatch(/href="(ftp|javascript)/);
    expect(text).toContain('Read (https://example.org/a). Or ftp://example.org or javascript:alert(1)');
  });
});

/** The staff-written e-mail's body (as modules/emailing builds it). */
const staffWrittenBody = mailTemplate('{{paragraphs message}}');

const NAMES = [
  null,
  '',
  'Test',
  'Zoë',
  '  Anne \n Marie  ',
  "O'Brien & <Sons>",
  '&amp; "quoted"',
  '\u200bzero\u00a0width',
  '😀 李',
];

/** One mail of every kind the product sends (the builders of the modules), greeting `name`. */
function everyKind(name: string | null): MailMessage[] {
  const r = { email: 'a@example.com', firstName: name };
  const money = (title: string, message: string) =>
    noticeMail('a@example.com', { title, message }, 'money', name);
  return [
    authMails.otpMail(r, '123456', 'verify'),
    authMails.otpMail(r, '654321', 'reset'),
    authMails.accountLockedMail(r),
    authMails.signupAttemptMail(r),
    authMails.newSignInMail(r, { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 <x> & "y"' }, new Date(0)),
    authMails.passwordChangedMail(r),
    authMails.twoFactorChangedMail(r, 'enabled'),
    authMails.twoFactorChangedMail(r, 'disabled'),
    authMails.twoFactorChangedMail(r, 'reset', 'Lost phone & <backup> codes'),
    invitationMail('a@example.com', name ?? '', 'https://broker.example/invite?t=a&b=c'),
    withdrawalCodeMail(
      'a@example.com',
      '123456',
      { amount: '1,234.50', destination: 'Ethereum (ETH) address ending in 9EE7' },
      name ?? undefined,
    ),
    accountBlockedMail('a@example.com', 'Documents <under> review', name ?? undefined),
    money(
      'Deposit approved',
      'Your deposit of $100.00 via bitcoin has been approved and added to your available balance.',
    ),
    money('Deposit rejected', 'Your deposit of $100.00 was rejected.\nReason: Amount does not match'),
    money(
      'Withdrawal declined',
      'Your withdrawal of $20.00 was declined.\n\nReason: Not on your whitelist: see https://broker.example/help.',
    ),
    money('Plan opened', 'Your plan copy_trading of $300.00 for 1 month has started.'),
    money('Trade profit updated', 'Profit changed from $12.50 to $-3.25.'),
    noticeMail(
      'a@example.com',
      { title: 'Identity verified', message: 'Your identity is verified.' },
      'account',
      name,
    ),
    noticeMail(
      'a@example.com',
      { title: 'A note', message: 'Hello\r\n\r\n<b>bold?</b> http://x.example/a_(b)' },
      'staff-written',
      name,
    ),
    {
      to: 'a@example.com',
      subject: 'About <your> account',
      body: staffWrittenBody,
      data: {
        message:
          'See https://example.org/help?a=1&b=2.\n\n<a href="javascript:alert(1)">click</a>\n\n\n  indented\nline',
      },
      name,
      kind: 'staff-written',
    },
    {
      to: 'a@example.com',
      subject: 'Blank',
      body: staffWrittenBody,
      data: { message: ' \n\n ' },
      name,
      kind: 'staff-written',
    },
  ];
}

describe('the plain-text part', () => {
  const brands: MailBrand[] = [
    { ...DEMO_BRAND, siteUrl: SITE },
    {
      name: 'A & <B> "Markets"',
      supportEmail: 'help@a-b.example',
      riskWarning: 'Risky &amp; <risky>.\nReally.',
      siteUrl: 'https://a-b.example',
    },
  ];

  it('is the whole HTML converted, for every kind of mail, greeting and brand', () => {
    for (const brand of brands)
      for (const name of NAMES)
        for (const msg of everyKind(name)) {
          const mail = renderMail(brand, msg);
          expect(mail.text, `${msg.subject} to ${JSON.stringify(name)}`).toBe(mailText(mail.html));
        }
  });

  it('is the whole HTML converted for any name, subject and staff text', () => {
    const text = fc.string({ unit: 'binary', maxLength: 60 });
    const words = fc.array(
      fc.constantFrom(
        'a',
        ' ',
        '\n',
        '\n\n',
        '<p>',
        '&amp;',
        'https://x.example/?a=1&b=2',
        '.',
        '\t',
        '\u200b',
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(
        fc.option(text),
        text,
        fc.oneof(
          text,
          words.map((w) => w.join('')),
        ),
        fc.constantFrom<MailMessage['kind']>('account', 'money', 'staff-written'),
        (name, subject, message, kind) => {
          const mail = renderMail(brands[1]!, {
            to: 'a@example.com',
            subject,
            body: staffWrittenBody,
            data: { message },
            name,
            kind,
          });
          expect(mail.text).toBe(mailText(mail.html));
        },
      ),
      { numRuns: 300 },
    );
  });
});
