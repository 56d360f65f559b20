import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import * as schema from '../../db/schema';
import { useBareTestContext } from '../../test/context';
import { createClient, type TestUser } from '../../test/factories';
import { purgeExpired } from './service';

const t = useBareTestContext();

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** For `c`: one row of each kind that housekeeping must delete and one it must keep. */
async function seedRows(c: TestUser) {
  const { db } = t.database;
  await db.insert(schema.idempotencyKeys).values([
    { userId: c.id, key: 'old', requestHash: 'h', statusCode: 201, body: {}, createdAt: ago(25) },
    { userId: c.id, key: 'fresh', requestHash: 'h', statusCode: 201, body: {}, createdAt: ago(23) },
  ]);
  await db.insert(schema.oneTimeCodes).values([
    { userId: c.id, purpose: 'withdrawal', codeHash: 'x', expiresAt: ago(25) },
    { userId: c.id, purpose: 'withdrawal', codeHash: 'y', expiresAt: ago(23) },
  ]);
  await db.insert(schema.verifications).values([
    { identifier: `old:${c.email}`, value: 'v', expiresAt: ago(25) },
    { identifier: `fresh:${c.email}`, value: 'v', expiresAt: ago(1) },
  ]);
  await db.insert(schema.sessions).values({ token: `expired-${c.id}`, userId: c.id, expiresAt: ago(25) });
  await db.insert(schema.twoFactorChallenges).values([
    { tokenHash: `old-${c.id}`, userId: c.id, expiresAt: ago(25) },
    { tokenHash: `fresh-${c.id}`, userId: c.id, expiresAt: ago(1) },
  ]);
  await db.insert(schema.rateLimitHits).values([
    { key: `old|${c.id}`, hits: 3, resetAt: ago(2) },
    { key: `fresh|${c.id}`, hits: 3, resetAt: ago(0.5) },
  ]);
  await db.insert(schema.scheduledRuns).values([
    { name: `old ${c.id}`, slot: ago(24 * 8), runBy: 'test', startedAt: ago(24 * 8) },
    { name: `fresh ${c.id}`, slot: ago(24 * 6), runBy: 'test', startedAt: ago(24 * 6) },
  ]);
}

/** What is left of `c`'s rows in each table housekeeping purges. */
async function remaining(c: TestUser) {
  const { db } = t.database;
  const [keys, codes, ses] = [schema.idempotencyKeys, schema.oneTimeCodes, schema.sessions];
  const [ver, hits] = [schema.verifications, schema.rateLimitHits];
  const verRows = await db
    .select()
    .from(ver)
    .where(like(ver.identifier, `%:${c.email}`));
  const hitRows = await db
    .select()
    .from(hits)
    .where(like(hits.key, `%|${c.id}`));
  return {
    keys: (await db.select().from(keys).where(eq(keys.userId, c.id))).map((r) => r.key),
    codes: (await db.select().from(codes).where(eq(codes.userId, c.id))).map((r) => r.codeHash),
    verifications: verRows.map((r) => r.identifier.split(':')[0]),
    sessions: (await db.select().from(ses).where(eq(ses.userId, c.id))).map((r) => r.token),
    rateLimitHits: hitRows.map((r) => r.key.split('|')[0]),
    scheduledRuns: (
      await db
        .select()
        .from(schema.scheduledRuns)
        .where(like(schema.scheduledRuns.name, `%${c.id}`))
    ).map((r) => r.name.split(' ')[0]),
  };
}

describe('housekeeping', () => {
  it('deletes old idempotency keys and long-expired codes, verifications and sessions; keeps the rest', async () => {
    const c = await createClient(t.app);
    await seedRows(c);
    expect(await purgeExpired(t.database.db)).toEqual({
      idempotencyKeys: 1,
      oneTimeCodes: 1,
      verifications: 1,
      sessions: 1,
      twoFactorChallenges: 1,
      rateLimitHits: 1,
      scheduledRuns: 1,
      mailBodies: 0,
    });
    expect(await remaining(c)).toEqual({
      keys: ['fresh'],
      codes: ['y'],
      verifications: ['fresh'],
      sessions: [c.token],
      rateLimitHits: ['fresh'],
      scheduledRuns: ['fresh'],
    });
    // the client's live session still works
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: c.headers });
    expect(me.statusCode).toBe(200);
    expect(await purgeExpired(t.database.db)).toEqual({
      idempotencyKeys: 0,
      oneTimeCodes: 0,
      verifications: 0,
      sessions: 0,
      twoFactorChallenges: 0,
      rateLimitHits: 0,
      scheduledRuns: 0,
      mailBodies: 0,
    });
  });

  it('clears a backlog larger than one batch', async () => {
    const c = await createClient(t.app);
    await t.database.db
      .execute(sql`insert into idempotency_keys (user_id, key, request_hash, status_code, body, created_at)
      select ${c.id}, 'k' || g, 'h', 201, '{}'::jsonb, now() - interval '2 days' from generate_series(1, 12000) g`);
    expect((await purgeExpired(t.database.db)).idempotencyKeys).toBe(12_000);
    expect(
      await t.database.db
        .select()
        .from(schema.idempotencyKeys)
        .where(eq(schema.idempotencyKeys.userId, c.id)),
    ).toEqual([]);
  });

  it('runs in an API process when it starts and then on its interval', async () => {
    const c = await createClient(t.app);
    const own = () =>
      t.database.db.select().from(schema.idempotencyKeys).where(eq(schema.idempotencyKeys.userId, c.id));
    await t.database.db
      .insert(schema.idempotencyKeys)
      .values({ userId: c.id, key: 'old', requestHash: 'h', statusCode: 201, body: {}, createdAt: ago(48) });
    // a second process on the same database, with housekeeping on (the test context has it off)
    const process2 = await buildApp({ ...t.app.ctx.config, housekeepingIntervalMs: 3_600_000 }, t.database);
    try {
      await process2.ready();
      for (let i = 0; i < 50 && (await own()).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await own()).toEqual([]);
    } finally {
      await process2.close();
    }
  });
});
