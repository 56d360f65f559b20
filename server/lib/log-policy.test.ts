import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/client';
import { REDACTED, redactText, serializeError } from './log-policy';

describe('redactText', () => {
  it.each([
    ['authorization: Bearer abc.DEF-123_x', 'abc.DEF-123_x'],
    ['GET /admin/invitation?token=Inv1t3T0ken&page=2', 'Inv1t3T0ken'],
    ['cookie: better-auth.session_token=Sess10nT0k.sig; other=1', 'Sess10nT0k.sig'],
    ['connect to postgres://broker:Db-Pa55@db:5432/broker failed', 'Db-Pa55'],
    ['smtp://mailer:Smtp-Pa55@mail.local:587', 'Smtp-Pa55'],
    ['otpauth://totp/Broker:a@b.c?secret=JBSWY3DPEHPK3PXP', 'JBSWY3DPEHPK3PXP'],
    ['{"password":"Hunter-22","email":"a@b.c"}', 'Hunter-22'],
    ['{"backupCodes":["11aa-22bb","33cc-44dd"]}', '33cc-44dd'],
    ['Failed query: select 1 where token = $1\nparams: T0kenParam,2026', 'T0kenParam'],
    ['Key (token)=(Dup1icateT0ken) already exists.', 'Dup1icateT0ken'],
  ])('masks the secret in %j', (text, secret) => {
    const out = redactText(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it('leaves ordinary text alone', () => {
    const text =
      'GET /api/user/admin?page=2&pageSize=20 answered 200; code 57P01 from select 1 where id = $1';
    expect(redactText(text)).toBe(text);
  });
});

describe('serializeError', () => {
  it("cuts a failed statement's parameters from message, stack and cause, even across lines", () => {
    const token = 'LiveSessionToken-abc';
    const cause = Object.assign(new Error('relation "sessions" does not exist'), {
      code: '42P01',
      params: [token],
    });
    const err = new DrizzleQueryError('select 1 from sessions where token = $1', [`x\n${token}`, 7], cause);
    const out = serializeError(err) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(text).not.toContain(token);
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'select 1 from sessions where token = $1',
      cause: { code: '42P01', message: 'relation "sessions" does not exist' },
    });
    expect(String(out.message)).toContain(`params: ${REDACTED}`);
  });
});

describe('isDatabaseUnavailable', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

  it.each([
    ['57P03 cannot connect now', pgError('57P03', 'the database system is starting up')],
    ['57P01 admin shutdown', pgError('57P01')],
    ['08006 connection failure', pgError('08006')],
    ['53300 too many connections', pgError('53300')],
    [
      '55000 refusing connections',
      pgError('55000', 'database "broker" is not currently accepting connections'),
    ],
    ['55000 in recovery', pgError('55000', 'recovery is in progress')],
    ['a closed embedded database', new Error('PGlite is closed')],
  ])('is true for %s, also wrapped by drizzle', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it.each([
    ['57014 a statement cancelled', pgError('57014', 'canceling statement due to statement timeout')],
    [
      '55000 for anything else',
      pgError('55000', 'currval of sequence "s" is not yet defined in this session'),
    ],
    ['42P01 a missing table', pgError('42P01')],
    ['53200 out of memory', pgError('53200')],
  ])('is false for %s', (_name, err) => {
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });
});
