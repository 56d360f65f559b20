import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has laptop defaults and keeps a generated session secret in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.port).toBe(3000);
    expect(a.host).toBe('127.0.0.1');
    expect(a.publicUrl).toBe('http://127.0.0.1:3000');
    expect(a.databaseUrl).toBeUndefined();
    expect(a.smtpUrl).toBeUndefined();
    expect(a.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(a.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(a.sessionSecret);
  });

  it('refuses invalid values with a message naming them', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'nope' })).toThrow(
      /PORT[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*PORT/,
    );
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) }),
    ).toThrow(/SESSION_SECRET/);
    const c = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://broker.example/',
    });
    expect(c.publicUrl).toBe('https://broker.example');
    expect(c.rateLimit).toBe(true);
    expect(c.trustProxy).toBe('loopback');
    expect(c.staffTwoFactor).toBe('required');
  });

  it('refuses to start in production without SMTP_URL, and says why', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')),
      }),
    ).toThrow(/SMTP_URL: required in production/);
  });

  it('makes staff two-factor optional in development unless STAFF_TWO_FACTOR says otherwise', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).staffTwoFactor).toBe('optional');
    expect(loadConfig({ DATA_DIR: dir, STAFF_TWO_FACTOR: 'required' }).staffTwoFactor).toBe('required');
    expect(() => loadConfig({ DATA_DIR: dir, STAFF_TWO_FACTOR: 'maybe' })).toThrow(/STAFF_TWO_FACTOR/);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      DATA_DIR: dir,
    } as const;
    expect(loadConfig({ ...prod, TRUST_PROXY: '10.0.0.2, 10.1.0.0/16' }).trustProxy).toBe(
      '10.0.0.2, 10.1.0.0/16',
    );
    expect(loadConfig({ ...prod, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ ...prod, TRUST_PROXY: '*; drop' })).toThrow(/TRUST_PROXY/);
  });

  it('requires the withdrawal address book everywhere unless BENEFICIARY_REQUIRED is false', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    for (const NODE_ENV of ['development', 'test', 'production'])
      expect(
        loadConfig({ DATA_DIR: dir, NODE_ENV, SESSION_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://m' }),
      ).toMatchObject({ beneficiaryRequired: true });
    expect(loadConfig({ DATA_DIR: dir, BENEFICIARY_REQUIRED: 'false' }).beneficiaryRequired).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, BENEFICIARY_REQUIRED: 'no' })).toThrow(/BENEFICIARY_REQUIRED/);
  });

  it('runs the mail worker unless MAIL_WORKER is false or 0, and refuses other values', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).mailWorker).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, MAIL_WORKER: 'true' }).mailWorker).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, MAIL_WORKER: '1' }).mailWorker).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, MAIL_WORKER: 'false' }).mailWorker).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, MAIL_WORKER: '0' }).mailWorker).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, MAIL_WORKER: 'no' })).toThrow(
      /MAIL_WORKER: true, false, 1 or 0/,
    );
  });
});
