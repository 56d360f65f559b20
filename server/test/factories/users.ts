/**
 * Test users (used by tests only): users with live sessions written straight to the tables,
 * clients funded through the ledger, verification levels, two-factor enrolment, and the 401/403
 * check of a route that needs a verified client.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Role } from '@common/permissions';
import type { AccountPlan } from '@common/constants';
import type { AppInstance } from '../../app-context';
import type { Db } from '../../db/client';
import { sessionReverifications, sessions, twoFactors, users } from '../../db/schema';
import type { UserRow } from '../../db/rows';
import { fundClient } from './money';

/** The users columns of verification level `level`: identity approved, and for `address` the proof of address. */
const levelColumns = (level: 'identity' | 'address') => ({
  verificationStatus: 'verified',
  addressVerifiedAt: level === 'address' ? new Date() : null,
});

/**
 * Approves `userId`'s identity documents (verification level `identity`; with `address` their
 * proof of address too) straight in the database, as staff approval leaves them: withdrawals
 * need it (docs/security.md "Identity gates withdrawals").
 */
export async function approveIdentity(
  db: Db,
  userId: string,
  level: 'identity' | 'address' = 'identity',
): Promise<void> {
  await db.update(users).set(levelColumns(level)).where(eq(users.id, userId));
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
  row: UserRow;
}

/**
 * A user with a live session, written straight to the tables: no password hashing, so money tests
 * stay fast (the auth flows have their own tests). Verified client by default (e-mail confirmed:
 * verification level `email`); `level` `identity` approves their identity documents (withdrawals
 * need it: docs/security.md "Identity gates withdrawals"), `address` their proof of address too.
 */
export async function createTestUser(
  app: AppInstance,
  opts: {
    role?: Role;
    emailVerified?: boolean;
    referredBy?: string;
    plan?: AccountPlan;
    level?: 'identity' | 'address';
  } = {},
): Promise<TestUser> {
  const { db } = app.ctx.database;
  const tag = randomBytes(6).toString('hex');
  const [row] = await db
    .insert(users)
    .values({
      name: `Test ${tag}`,
      email: `money.${tag}@example.com`,
      emailVerified: opts.emailVerified ?? true,
      firstName: 'Test',
      lastName: tag,
      role: opts.role ?? 'client',
      referralId: tag.toUpperCase(),
      referredBy: opts.referredBy ?? null,
      accountPlan: opts.plan ?? 'Basic',
      ...(opts.level && levelColumns(opts.level)),
    })
    .returning();
  const token = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({ token, userId: row!.id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id: row!.id, email: row!.email, token, headers: { authorization: `Bearer ${token}` }, row: row! };
}

/**
 * Turns `u`'s two-factor authentication on as enrolment leaves it (a secret, enabled), without a
 * code; answers the TOTP secret (base32), for a test that computes codes.
 */
export async function enrolTwoFactor(app: AppInstance, u: Pick<TestUser, 'id' | 'email'>): Promise<string> {
  const { db } = app.ctx.database;
  const { totpURI } = await app.ctx.services.twoFactor.setUp({ id: u.id, email: u.email });
  await db.update(twoFactors).set({ enabledAt: new Date() }).where(eq(twoFactors.userId, u.id));
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, u.id));
  return new URL(totpURI).searchParams.get('secret')!;
}

/**
 * Confirms `u`'s session with a passkey now, as the passkey ceremony leaves it: the next sensitive
 * change that takes a fresh second factor (auth/fresh-factor.ts) goes through without a code.
 */
export async function confirmSessionByPasskey(db: Db, u: Pick<TestUser, 'token'>): Promise<void> {
  const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, u.token));
  await db
    .insert(sessionReverifications)
    .values({ sessionId: session!.id })
    .onConflictDoUpdate({ target: sessionReverifications.sessionId, set: { verifiedAt: sql`now()` } });
}

/**
 * A signed-in verified client with `balance` cents available, at verification level `level`
 * (`createTestUser`; a client who withdraws needs `identity` at least).
 */
export async function createClient(
  app: AppInstance,
  opts: { balance?: bigint; referredBy?: string; plan?: AccountPlan; level?: 'identity' | 'address' } = {},
) {
  const user = await createTestUser(app, opts);
  if (opts.balance) await fundClient(app.ctx.database.db, user.id, opts.balance);
  return user;
}

export const createAdmin = (app: AppInstance) => createTestUser(app, { role: 'owner' });

/**
 * Registers a test (titled `title`) that `send(headers)` answers 401 without headers and 403 for a
 * signed-in client whose e-mail is not verified. `t` is read when the test runs.
 */
export function itNeedsVerifiedClient(
  t: { app: AppInstance },
  send: (headers: Record<string, string>) => Promise<{ statusCode: number }>,
  title = 'needs a signed-in client with a verified e-mail',
) {
  it(title, async () => {
    expect((await send({})).statusCode).toBe(401);
    const unverified = await createTestUser(t.app, { emailVerified: false });
    expect((await send(unverified.headers)).statusCode).toBe(403);
  });
}
