import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { uniqueEmail } from '../test/app';
import { useBareTestContext } from '../test/context';

describe('mail without SMTP_URL', () => {
  const t = useBareTestContext({ smtpUrl: undefined });

  it('stores the sign-up code mail in the outbox table so a newcomer can read it', async () => {
    const email = uniqueEmail('outbox');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Olga',
        lastName: 'Outbox',
        email,
        phone: '123',
        password: 'Outbox-pass-1',
        gender: 'female',
        country: 'Estonia',
      },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.select().from(mailOutbox);
    const mail = rows.find((r) => r.to === email);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(t.smtp.mails).toHaveLength(0);
  });
});
