/**
 * Demo data for a laptop run: on an empty database in development (never in production
 * or test), creates one staff member per role (the owner is `admin@demo.test`) and one verified
 * client, and prints their credentials.
 */
import { count, eq } from 'drizzle-orm';
import type { AppInstance } from './app-context';
import { users } from './db/schema';
import { createUserWithPassword } from './modules/users/factory';

export const DEMO_LOGINS = {
  admin: { email: 'admin@demo.test', password: 'Admin#2026demo', firstName: 'Ada', lastName: 'Admin' },
  client: { email: 'client@demo.test', password: 'Client#2026demo', firstName: 'Chris', lastName: 'Client' },
} as const;

/** The demo staff member of each role but the owner (the owner is DEMO_LOGINS.admin). */
export const DEMO_STAFF = [
  {
    role: 'finance',
    email: 'finance@demo.test',
    password: 'Finance#2026demo',
    firstName: 'Fran',
    lastName: 'Finance',
  },
  {
    role: 'compliance',
    email: 'compliance@demo.test',
    password: 'Comply#2026demo',
    firstName: 'Cora',
    lastName: 'Compliance',
  },
  {
    role: 'support',
    email: 'support@demo.test',
    password: 'Support#2026demo',
    firstName: 'Sam',
    lastName: 'Support',
  },
] as const;

/** Seeds the demo users when no user exists yet. Answers true when it seeded. */
export async function seedDemoData(app: AppInstance): Promise<boolean> {
  const { db } = app.ctx.database;
  if (app.ctx.config.env !== 'development') return false;
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (Number(n) > 0) return false;
  const admin = await createUserWithPassword(app.ctx.auth, { ...DEMO_LOGINS.admin, role: 'owner' });
  for (const staff of DEMO_STAFF) await createUserWithPassword(app.ctx.auth, staff);
  await createUserWithPassword(app.ctx.auth, {
    ...DEMO_LOGINS.client,
    country: 'United States',
    gender: 'other',
  });
  await db.update(users).set({ verificationStatus: 'verified' }).where(eq(users.id, admin.id));
  app.log.info(
    `\n  Demo data created. Sign in at ${app.ctx.config.publicUrl}\n` +
      `    client: ${DEMO_LOGINS.client.email} / ${DEMO_LOGINS.client.password}   (/signin)\n` +
      `    owner:  ${DEMO_LOGINS.admin.email} / ${DEMO_LOGINS.admin.password}   (/admin/login)\n` +
      DEMO_STAFF.map((s) => `    ${s.role}: ${s.email} / ${s.password}   (/admin/login)\n`).join(''),
  );
  return true;
}
