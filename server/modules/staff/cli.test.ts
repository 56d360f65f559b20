/**
 * The staff command line (scripts/staff.ts, `npm run staff -- create`) on an empty database: in
 * production mode on a new PostgreSQL database when TEST_DATABASE_URL is set (skipped otherwise),
 * and on the embedded database in a temporary DATA_DIR. It creates exactly one owner, a second run
 * gives a fresh link instead of a second account, the printed link sets the password through the
 * accept route, a client's e-mail is refused, and each invitation is audited without an actor.
 * The lone owner's way back (`reset-two-factor`, `block`, `unblock`): they act at once, audited
 * without an actor, and refuse a client, an unknown e-mail and a short reason.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from '@common/messages';
import { main } from '../../../scripts/staff';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { createTestUser, enrolTwoFactor } from '../../test/factories';
import { TEST_PASSWORD, testConfig } from '../../test/app';
import { withEmptyProductionDatabase } from '../../test/empty-production-database';

const base = process.env.TEST_DATABASE_URL;
if (!base) console.warn('cli.test.ts: the PostgreSQL run is skipped: set TEST_DATABASE_URL to run it');

/**
 * Runs the CLI with `env` as a first owner twice, then opens the database with `open` and checks
 * it through the app; finally a client's e-mail is refused.
 */
async function firstOwnerJourney(env: NodeJS.ProcessEnv, open: () => Promise<Database>) {
  const lines: string[] = [];
  const run = (email: string) =>
    main(['create', '--email', email, '--role', 'owner', '--first-name', 'Olive'], env, (l) => lines.push(l));

  const first = await run('Olive@Example.com');
  expect(first).toMatchObject({ code: 0, created: true });
  expect(lines.join('\n')).toContain(first.link);
  const second = await run('olive@example.com');
  expect(second).toMatchObject({ code: 0, created: false });
  expect(second.link).not.toBe(first.link);

  let database = await open();
  let app = await buildApp(testConfig(), database);
  const client = await createTestUser(app);
  try {
    const staff = await database.db.select().from(users).where(ne(users.role, 'client'));
    expect(staff).toEqual([
      expect.objectContaining({ email: 'olive@example.com', role: 'owner', firstName: 'Olive' }),
    ]);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.invite'));
    expect(audits).toEqual([
      expect.objectContaining({ actorId: null, targetUserId: staff[0]!.id }),
      expect.objectContaining({ actorId: null, targetUserId: staff[0]!.id }),
    ]);

    const accept = (link: string) =>
      app.inject({
        method: 'POST',
        url: '/api/staff/invitations/accept',
        payload: {
          token: new URL(link).searchParams.get('token'),
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
        },
      });
    expect((await accept(second.link!)).statusCode).toBe(200);
    expect((await accept(first.link!)).json()).toEqual({
      code: 'invitation_invalid',
      message: STAFF_MSG.invitationInvalid,
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/signin?as=admin',
      payload: { email: 'olive@example.com', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().user).toMatchObject({ role: 'owner', isAdmin: true });
    const log = await app.inject({
      method: 'GET',
      url: '/api/audit?action=staff.invite',
      headers: { authorization: `Bearer ${signIn.json().token}` },
    });
    expect(log.json()).toMatchObject({ total: 2, data: [{ actor: { _id: '', email: 'command line' } }, {}] });
  } finally {
    await app.close();
    await database.close();
  }

  expect(await run(client.email)).toEqual({ code: 1 });
  expect(lines.at(-1)).toBe(`Refused: ${STAFF_MSG.emailTaken}`);
  database = await open();
  app = await buildApp(testConfig(), database);
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, client.email));
    expect(row!.role).toBe('client');
  } finally {
    await app.close();
    await database.close();
  }
}

describe('npm run staff -- create', () => {
  it('creates the first owner on the embedded database (DATA_DIR)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'staff-cli-'));
    try {
      await firstOwnerJourney({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' }, () =>
        openDatabase({ dir: path.join(dir, 'pglite') }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // three runs, each opening and migrating the embedded database

  it.skipIf(!base)('creates the first owner on an empty PostgreSQL database in production mode', async () => {
    await withEmptyProductionDatabase(base!, 't_cli', async ({ env, open, smtp }) => {
      await firstOwnerJourney(env, open);
      const mail = await smtp.waitForMail('olive@example.com');
      expect(mail.text).toContain('https://broker.example/admin/invitation?token=');
    });
  });
});

describe('npm run staff -- reset-two-factor, block, unblock', () => {
  it("turns the lone owner's two-factor off, never blocks them, blocks and unblocks a member, without an actor", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'staff-cli-'));
    const env = { NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' };
    const lines: string[] = [];
    const cli = (...argv: string[]) => main(argv, env, (l) => lines.push(l));
    const open = () => openDatabase({ dir: path.join(dir, 'pglite') });
    try {
      expect((await cli('create', '--email', 'lone@example.com', '--role', 'owner')).code).toBe(0);
      let database = await open();
      let app = await buildApp(testConfig(), database);
      try {
        const [owner] = await database.db.select().from(users).where(eq(users.email, 'lone@example.com'));
        await enrolTwoFactor(app, owner!);
        const client = await createTestUser(app);
        expect(await cli('block', '--email', client.email, '--reason', 'Not a staff member')).toEqual({
          code: 1,
        });
        expect(lines.at(-1)).toBe(`Refused: ${STAFF_MSG.memberNotFound}`);
      } finally {
        await app.close();
        await database.close();
      }
      expect((await cli('reset-two-factor', '--email', 'LONE@example.com', '--reason', 'no')).code).toBe(2);
      expect(
        await cli('reset-two-factor', '--email', 'lone@example.com', '--reason', 'Lost the phone'),
      ).toEqual({
        code: 0,
      });
      // the lone owner is never blocked; another member is
      expect((await cli('block', '--email', 'lone@example.com', '--reason', 'Left the firm')).code).toBe(1);
      expect(lines.at(-1)).toBe(`Refused: ${STAFF_MSG.lastOwner}`);
      expect((await cli('create', '--email', 'member@example.com', '--role', 'support')).code).toBe(0);
      expect((await cli('block', '--email', 'member@example.com', '--reason', 'Left the firm')).code).toBe(0);
      expect((await cli('unblock', '--email', 'member@example.com')).code).toBe(0);
      expect((await cli('unblock', '--email', 'nobody@example.com')).code).toBe(1);

      database = await open();
      app = await buildApp(testConfig(), database);
      try {
        const [owner] = await database.db.select().from(users).where(eq(users.email, 'lone@example.com'));
        expect(owner).toMatchObject({ twoFactorEnabled: false, banned: false });
        const audits = await database.db.select().from(auditLog).where(eq(auditLog.targetUserId, owner!.id));
        expect(audits.filter((a) => a.action !== 'staff.invite').map((a) => [a.action, a.actorId])).toEqual([
          ['staff.reset_two_factor', null],
        ]);
        const [member] = await database.db.select().from(users).where(eq(users.email, 'member@example.com'));
        const memberAudits = await database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.targetUserId, member!.id));
        expect(memberAudits.map((a) => [a.action, a.actorId])).toEqual([
          ['staff.invite', null],
          ['staff.block', null],
          ['staff.unblock', null],
        ]);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000); // nine runs, each opening and migrating the embedded database
});
