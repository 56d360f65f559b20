/**
 * GET /api/user/export.zip, "Download my data" (docs/integrations.md "Your data"): a client's own
 * data, each part as JSON and CSV with a README. The zip is read with the system's unzip
 * (/usr/bin/unzip) and the CSV with a small parser here, so the check shares no code with the
 * writer (fflate, lib/csv.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, issuedStatements, signInEvents, twoFactors, users } from '../../db/schema';
import { useTestContext } from '../../test/context';
import {
  createApiKey,
  createClient,
  createTestUser,
  enrolTwoFactor,
  submitDeposit,
  type TestUser,
} from '../../test/factories';

const { t, admin, inject } = useTestContext();
const folder = mkdtempSync(path.join(tmpdir(), 'data-export-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const PARTS = ['profile', 'history', 'statements', 'notifications', 'support-messages', 'sign-in-history'];
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$not-a-real-hash-but-secret';

/** The zip's files by name, as unzip reads them. */
type Files = Record<string, string>;

/** Writes the answer's bytes to a file and reads it back with unzip: the names, then each file. */
function unzip(bytes: Buffer, name: string): Files {
  const file = path.join(folder, `${name}.zip`);
  writeFileSync(file, bytes);
  const names = execFileSync('/usr/bin/unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  return Object.fromEntries(
    names.map((n) => [n, execFileSync('/usr/bin/unzip', ['-p', file, n], { encoding: 'utf8' })]),
  );
}

/** RFC 4180 CSV (quoted cells, doubled quotes, CRLF line ends) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += ch;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  expect([...row, cell], 'the last line ends with CRLF').toEqual(['']);
  return rows;
}

/** The CSV as objects keyed by its header row. */
function csvObjects(text: string): Array<Record<string, string>> {
  const [head, ...rows] = parseCsv(text);
  return rows.map((cells) => Object.fromEntries(head!.map((h, i) => [h, cells[i]!])));
}

/** A JSON value as its CSV cell reads (null empty). */
const asCell = (value: unknown) => (value === null ? '' : String(value));

async function download(who: TestUser) {
  const res = await inject('GET', '/api/user/export.zip', who.headers);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res;
}

let a: TestUser;
let b: TestUser;
let totpSecret: string;
let depositId: string;
let bDepositId: string;
let files: Files;
let answer: Awaited<ReturnType<typeof download>>;

beforeAll(async () => {
  const db = t.database.db;
  a = await createClient(t.app, { balance: 1234_56n });
  b = await createClient(t.app, { balance: 777_77n });
  depositId = await submitDeposit(t.app, a, 250.5);
  bDepositId = await submitDeposit(t.app, b, 99);
  totpSecret = await enrolTwoFactor(t.app, a);
  await db
    .insert(accounts)
    .values({ accountId: a.id, providerId: 'credential', userId: a.id, password: PASSWORD_HASH });
  await db.update(users).set({ phone: '+1 555 0100', country: 'Canada' }).where(eq(users.id, a.id));
  for (const [who, title] of [
    [a, 'Welcome, A'],
    [b, 'Welcome, B'],
  ] as const) {
    const res = await inject('POST', '/api/notifications', admin.headers, {
      userId: who.id,
      title,
      message: `=HYPERLINK("http://evil.test","${title}")`,
    });
    expect(res.statusCode).toBe(201);
  }
  const ticket = await inject('POST', '/api/support', a.headers, {
    message: 'Where is my deposit, "please"?',
  });
  expect(ticket.statusCode).toBe(201);
  const ticketId = ticket.json().data._id as string;
  await inject('PUT', `/api/support/${ticketId}`, admin.headers, { reply: 'It is being reviewed.' });
  await inject('POST', `/api/support/${ticketId}/replies`, a.headers, { message: 'Thanks, A' });
  await inject('POST', '/api/support', b.headers, { message: 'Secret question of B' });
  await db.insert(signInEvents).values([
    { userId: a.id, ip: '203.0.113.7', userAgent: 'Firefox, "A"', result: 'success' },
    { userId: a.id, ip: '203.0.113.8', userAgent: 'curl', result: 'wrong_password' },
    { userId: b.id, ip: '198.51.100.99', userAgent: 'B agent', result: 'success' },
  ]);
  await db.insert(issuedStatements).values({
    userId: a.id,
    rangeFrom: '2026-01-01',
    rangeTo: '2026-01-31',
    issuedAt: new Date('2026-02-01T10:00:00Z'),
    fileDigest: 'ab'.repeat(32),
    treeHeadSize: 12,
  });
  answer = await download(a);
  files = unzip(answer.rawPayload, 'a');
});

describe('GET /api/user/export.zip', () => {
  it('answers a zip attachment named for the day, never cached', () => {
    expect(answer.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="my-data-${day}.zip"`);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('holds the README and each part as JSON and as CSV', () => {
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', ...PARTS.flatMap((p) => [`${p}.json`, `${p}.csv`])].sort(),
    );
    for (const part of PARTS) {
      expect(files['README.txt']).toContain(`${part}.json, ${part}.csv`);
      // every column of the CSV is explained in the README
      for (const column of parseCsv(files[`${part}.csv`]!)[0]!)
        expect(files['README.txt'], `${part}: ${column}`).toContain(`  - ${column}: `);
    }
    expect(files['README.txt']).toMatch(/decimal strings/);
    expect(files['README.txt']).toMatch(/ISO 8601 in UTC/);
    const long = files['README.txt']!.split('\r\n').filter((line) => line.length > 96);
    expect(long, 'README lines over 96 characters').toEqual([]);
  });

  it('writes the same rows in JSON and in CSV, for every part', () => {
    for (const part of PARTS) {
      const parsed: unknown = JSON.parse(files[`${part}.json`]!);
      const json = (part === 'profile' ? [parsed] : parsed) as Array<Record<string, unknown>>;
      const csv = csvObjects(files[`${part}.csv`]!);
      expect(csv.length, part).toBe(json.length);
      json.forEach((row, i) => {
        expect(Object.keys(csv[i]!), part).toEqual(Object.keys(row));
        for (const [column, value] of Object.entries(row)) {
          const cell = csv[i]![column]!;
          // a cell a spreadsheet would run is defused ('=…), a phone number shown through ="…"
          const read = cell.replace(/^'(?=[=+\-@])/, '').replace(/^="(.*)"$/, '$1');
          expect(read, `${part}[${i}].${column}`).toBe(asCell(value));
        }
      });
    }
  });

  it('gives the history with its amounts in USD as decimal strings', () => {
    const history = JSON.parse(files['history.json']!) as Array<Record<string, unknown>>;
    expect(history).toHaveLength(2);
    const deposit = history.find((l) => l.id === depositId)!;
    expect(deposit).toMatchObject({
      type: 'deposit',
      direction: 'credit',
      amount_usd: '250.50',
      status: 'pending',
    });
    const funding = history.find((l) => l.id !== depositId)!;
    expect(funding).toMatchObject({ amount_usd: '1234.56', status: 'approved', voided: false });
    expect(new Date(funding.date as string).toISOString()).toBe(funding.date);
    const csv = csvObjects(files['history.csv']!);
    expect(csv.map((r) => r.amount_usd).sort()).toEqual(['1234.56', '250.50']);
  });

  it('gives the profile, statements, notices, support messages and sign-ins', () => {
    const profile = JSON.parse(files['profile.json']!) as Record<string, unknown>;
    expect(profile).toMatchObject({
      id: a.id,
      email: a.email,
      phone: '+1 555 0100',
      country: 'Canada',
      two_factor_enabled: true,
      available_usd: '1234.56',
      held_usd: '0.00',
      invested_usd: '0.00',
    });
    expect(csvObjects(files['profile.csv']!)[0]!.phone).toBe('="+1 555 0100"');
    expect(JSON.parse(files['statements.json']!)).toEqual([
      expect.objectContaining({
        from: '2026-01-01',
        to: '2026-01-31',
        downloaded: true,
        superseded_at: null,
      }),
    ]);
    const notices = JSON.parse(files['notifications.json']!) as Array<Record<string, unknown>>;
    // the admin's notice, and the one the support reply sent
    expect(notices.map((n) => n.title).sort()).toEqual(['Support replied to your message', 'Welcome, A']);
    const welcome = csvObjects(files['notifications.csv']!).find((n) => n.title === 'Welcome, A')!;
    expect(welcome.message.startsWith("'=HYPERLINK")).toBe(true);
    const messages = JSON.parse(files['support-messages.json']!) as Array<Record<string, unknown>>;
    expect(messages.map((m) => [m.from, m.message])).toEqual([
      ['you', 'Where is my deposit, "please"?'],
      ['support', 'It is being reviewed.'],
      ['you', 'Thanks, A'],
    ]);
    const signIns = JSON.parse(files['sign-in-history.json']!) as Array<Record<string, unknown>>;
    expect(signIns.map((s) => s.ip).sort()).toEqual(['203.0.113.7', '203.0.113.8']);
  });

  it("holds none of another client's rows", () => {
    const all = Object.values(files).join('\n');
    for (const other of [
      b.id,
      b.email,
      bDepositId,
      '777.77',
      'Welcome, B',
      'Secret question of B',
      '198.51.100.99',
    ])
      expect(all, other).not.toContain(other);
  });

  it('holds no secret: password hash, TOTP secret, backup codes, session token, staff ids', async () => {
    const all = Object.values(files).join('\n');
    const [twoFactor] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, a.id));
    const secrets = [
      PASSWORD_HASH,
      '$argon2id',
      totpSecret,
      twoFactor!.secretEncrypted,
      ...twoFactor!.backupCodeHashes,
      a.token,
      admin.id,
      admin.email,
    ];
    for (const secret of secrets) expect(all, secret).not.toContain(secret);
    expect(all).not.toMatch(/token_hash|secret_encrypted|backup_code/i);
  });

  it('is for clients only: 401 signed out, 403 to staff, an unconfirmed client and an API key', async () => {
    expect((await inject('GET', '/api/user/export.zip')).statusCode).toBe(401);
    expect((await inject('GET', '/api/user/export.zip', admin.headers)).statusCode).toBe(403);
    const support = await createTestUser(t.app, { role: 'support' });
    expect((await inject('GET', '/api/user/export.zip', support.headers)).statusCode).toBe(403);
    const unconfirmed = await createTestUser(t.app, { emailVerified: false });
    expect((await inject('GET', '/api/user/export.zip', unconfirmed.headers)).statusCode).toBe(403);
    const key = await createApiKey(t.database.db, admin.id, ['clients.read']);
    const res = await inject('GET', '/api/user/export.zip', { authorization: `Bearer ${key.secret}` });
    expect(res.statusCode).toBe(403);
  });

  it('answers an empty export for a client with nothing yet: header rows, empty arrays', async () => {
    const fresh = unzip((await download(await createClient(t.app))).rawPayload, 'fresh');
    for (const part of PARTS.filter((p) => p !== 'profile')) {
      expect(JSON.parse(fresh[`${part}.json`]!), part).toEqual([]);
      expect(parseCsv(fresh[`${part}.csv`]!), part).toHaveLength(1);
    }
    expect(JSON.parse(fresh['profile.json']!)).toMatchObject({
      available_usd: '0.00',
      two_factor_enabled: false,
    });
  });
});
