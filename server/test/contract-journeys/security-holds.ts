/**
 * The contract journey of holds after security changes (docs/security.md "Holds after security
 * changes"): a client changes their password, reads the hold, is refused a withdrawal code, staff
 * read the hold, and the e-mail's "This wasn't me" link locks the account once.
 */
import { createSignedInUser } from '../app';
import { ask, type Journey } from './journey';

export const securityHoldsJourney: Journey = {
  name: "security holds: a password change holds withdrawals; staff view; This wasn't me",
  async run({ t, admin }) {
    const call = ask(t);
    const c = await createSignedInUser(t.app);
    await call('GET', '/api/security-holds/current', c.headers, undefined, 200);
    const seen = t.smtp.mails.filter((m) => m.to === c.email).length;
    const newPassword = 'Brand-new-pass-2';
    await call('POST', '/api/auth/change-password', c.headers, { oldPassword: c.password, newPassword }, 200);
    await call('GET', '/api/security-holds/current', c.headers, undefined, 200);
    await call('GET', `/api/security-holds/admin/${c.id}`, admin.headers, undefined, 200);
    const mail = await t.smtp.waitForMail(c.email, { skip: seen });
    const token = /\/this-wasnt-me\?token=([\w-]+)/.exec(mail.text)![1]!;
    await call('POST', '/api/auth/this-wasnt-me', {}, { token }, 200);
    await call('POST', '/api/auth/this-wasnt-me', {}, { token }, 400);
  },
};
