/**
 * The recovery commands of `npm run staff` (scripts/staff.ts, docs/operations.md "Recovery
 * commands") on a fresh database: in production mode on a new PostgreSQL database when
 * TEST_DATABASE_URL is set (skipped otherwise), and on the embedded database in a temporary
 * DATA_DIR. After `create` makes the first owner: `list` shows every member's role, two-factor,
 * state and sign-in lock; `unlock` clears a locked address (then finds nothing); `rekey-two-factor`
 * moves the owner's secret to a new TWO_FACTOR_KEYS version and a second run moves nothing
 * (auth/key-rotation.test.ts signs in after such moves); `reset-two-factor` turns it off; `deactivate`
 * refuses the last owner and deactivates a member. Each change prints what changed and is audited
 * without an actor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from '@common/messages';
import { main } from '../../../scripts/staff';
import { buildApp } from '../../app';
import type { AppInstance } from '../../app-context';
import { openDatabase, type Database } from '../../db/client';
import { auditLog, twoFactors, users } from '../../db/schema';
import { enrolTwoFactor } from '../../test/factories';
import { testConfig } from '../../test/app';
import { withEmptyProductionDatabase } from '../../test/empty-production-database';

const base = process.env.TEST_DATABASE_URL;
if (!base)
  console.warn('recovery-cli.test.ts: the PostgreSQL run is skipped: set TEST_DATABASE_URL to run it');

const OWNER = 'owner@example.com';
const MEMBER = 'member@example.com';

/** The recovery journey with `env` (the CLI's environment); `open` opens the same database for checks. */
async function recoveryJourney(env: NodeJS.ProcessEnv, open: () => Promise<Database>) {
  const lines: string[] = [];
  const cli = async (...argv: string[]) => {
    lines.length = 0;
    return (await main(argv, env, (l) => lines.push(l))).code;
  };
  /** The first four columns (e-mail, role, 2FA, state) of `list`'s line for `email`. */
  const listed = (email: string) =>
    lines
      .find((l) => l.startsWith(email))!
      .split(/\s{2,}/)
      .slice(0, 4);
  /** Runs `fn` on an app on the database (test settings: two-factor set up there uses the CLI's key). */
  const withApp = async <T>(fn: (app: AppInstance, database: Database) => Promise<T>): Promise<T> => {
    const database = await open();
    const app = await buildApp(testConfig({ sessionSecret: env.SESSION_SECRET }), database);
    try {
      return await fn(app, database);
    } finally {
      await app.close();
      await database.close();
    }
  };

  expect(await cli('create', '--email', OWNER, '--role', 'owner')).toBe(0);
  expect(await cli('create', '--email', MEMBER, '--role', 'support')).toBe(0);
  await withApp(async (app, database) => {
    const [owner] = await database.db.select().from(users).where(eq(users.email, OWNER));
    await enrolTwoFactor(app, owner!);
    // five wrong passwords lock the member's sign-in
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signin?as=admin',
        payload: { email: MEMBER, password: 'Wrong-pass-1' },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  expect(await cli('list')).toBe(0);
  expect(lines[0]).toMatch(/^E-MAIL\s+ROLE\s+2FA\s+STATE\s+SIGN-IN$/);
  expect(lines.slice(1, 3).map((l) => l.split(/\s{2,}/).slice(0, 4))).toEqual(
    expect.arrayContaining([
      [OWNER, 'owner', 'on', 'active'],
      [MEMBER, 'support', 'off', 'active'],
    ]),
  );
  expect(lines.find((l) => l.startsWith(MEMBER))).toMatch(/locked until \d{4}-/);
  expect(lines.find((l) => l.startsWith(OWNER))).toMatch(/open$/);
  expect(lines.at(-1)).toBe('2 staff members.');

  expect(await cli('unlock', '--email', 'Member@Example.com')).toBe(0);
  expect(lines).toEqual([
    expect.stringMatching(/^Member@Example.com: sign-in failures cleared \(5, counted until /),
  ]);
  expect(await cli('unlock', '--email', MEMBER)).toBe(0);
  expect(lines).toEqual([`${MEMBER}: nothing to unlock (no failures counted).`]);
  expect(await cli('list')).toBe(0);
  expect(lines.find((l) => l.startsWith(MEMBER))).toMatch(/open$/);

  // a new two-factor key: the rekey moves the owner's secret; a second run moves nothing
  const keyed = { ...env, TWO_FACTOR_KEYS: `1:${randomBytes(32).toString('base64url')}` };
  const rekey = async () => {
    lines.length = 0;
    return (await main(['rekey-two-factor'], keyed, (l) => lines.push(l))).code;
  };
  expect(await rekey()).toBe(0);
  expect(lines).toEqual([
    'Two-factor secrets: 1 stored, 1 re-sealed under key version 1, 0 already under it, 0 changed meanwhile (left as they are).',
  ]);
  expect(await rekey()).toBe(0);
  expect(lines[0]).toContain('1 stored, 0 re-sealed under key version 1, 1 already under it');
  await withApp(async (_app, database) => {
    const [row] = await database.db.select().from(twoFactors);
    expect(row!.secretEncrypted).toMatch(/^\$ba\$1\$/);
  });

  expect(await cli('reset-two-factor', '--email', OWNER, '--reason', 'Lost the phone')).toBe(0);
  expect(lines).toEqual([`Two-factor authentication of ${OWNER} turned off; their sessions ended.`]);
  expect(await cli('deactivate', '--email', OWNER)).toBe(1);
  expect(lines).toEqual([`Refused: ${STAFF_MSG.lastOwner}`]);
  expect(await cli('deactivate', '--email', MEMBER)).toBe(0);
  expect(lines).toEqual([`${MEMBER} (support) is deactivated; their sessions ended.`]);
  expect(await cli('deactivate', '--email', MEMBER)).toBe(1);
  expect(lines).toEqual([`Refused: ${STAFF_MSG.alreadyDeactivated}`]);
  expect(await cli('deactivate', '--email', 'nobody@example.com')).toBe(1);
  expect(await cli('unlock')).toBe(2);
  expect(await cli('list')).toBe(0);
  expect(listed(OWNER)).toEqual([OWNER, 'owner', 'off', 'active']);
  expect(listed(MEMBER)).toEqual([MEMBER, 'support', 'off', 'deactivated']);

  await withApp(async (_app, database) => {
    const audits = await database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(isNull(auditLog.actorId))
      .orderBy(asc(auditLog.createdAt));
    expect(audits.map((a) => a.action).filter((a) => a !== 'staff.invite')).toEqual([
      'auth.unlock',
      'two_factor.rekey',
      'two_factor.rekey',
      'staff.reset_two_factor',
      'staff.deactivate',
    ]);
    expect(audits.find((a) => a.action === 'two_factor.rekey')!.after).toEqual({
      resealed: 1,
      current: 0,
      changed: 0,
      unreadable: 0,
    });
  });
}

describe('npm run staff -- list, unlock, rekey-two-factor, reset-two-factor, deactivate', () => {
  it('on the embedded database (DATA_DIR)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'staff-recovery-'));
    try {
      await recoveryJourney(
        { NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', SESSION_SECRET: 's'.repeat(40) },
        () => openDatabase({ dir: path.join(dir, 'pglite') }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 400_000); // sixteen runs, each opening and migrating the embedded database

  it.skipIf(!base)(
    'on an empty PostgreSQL database in production mode',
    async () => {
      await withEmptyProductionDatabase(base!, 't_recovery', ({ env, open }) => recoveryJourney(env, open));
    },
    120_000,
  );
});
