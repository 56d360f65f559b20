/**
 * Demo data for a laptop run: on an empty database in development (never in production
 * or test), creates one staff member per role (the owner is `admin@demo.test`) and one verified
 * client (identity approved) with an active withdrawal address book (DEMO_DESTINATIONS), and prints
 * their credentials.
 */
import { count, eq, sql } from 'drizzle-orm';
import { destinationKey } from '@common/schemas/beneficiaries';
import type { AppInstance } from './app-context';
import { beneficiaries, users } from './db/schema';
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

/**
 * The demo client's withdrawal destinations, saved active (confirmed, waiting period over) so the
 * demo can withdraw at once to each wallet and by bank (docs/security.md "Withdrawal address book").
 */
export const DEMO_DESTINATIONS = [
  { label: 'Bitcoin wallet', network: 'bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
  { label: 'Ethereum wallet', network: 'ethereum', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
  { label: 'USDT on TRON', network: 'usdt_tron', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
] as const;

/** The demo client's bank account, saved active like DEMO_DESTINATIONS. */
const DEMO_BANK = {
  accountNumber: '12345678',
  routing: '021000021',
  swift: 'DEUTDEFF',
  bankName: 'Demo Bank',
  accountName: `${DEMO_LOGINS.client.firstName} ${DEMO_LOGINS.client.lastName}`,
};

/** Seeds the demo users when no user exists yet. Answers true when it seeded. */
export async function seedDemoData(app: AppInstance): Promise<boolean> {
  const { db } = app.ctx.database;
  if (app.ctx.config.env !== 'development') return false;
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (Number(n) > 0) return false;
  const admin = await createUserWithPassword(app.ctx.auth, { ...DEMO_LOGINS.admin, role: 'owner' });
  for (const staff of DEMO_STAFF) await createUserWithPassword(app.ctx.auth, staff);
  const client = await createUserWithPassword(app.ctx.auth, {
    ...DEMO_LOGINS.client,
    country: 'United States',
    gender: 'other',
  });
  const active = {
    userId: client.id,
    status: 'active',
    confirmExpiresAt: sql`now()`,
    confirmedAt: sql`now()`,
    activeFrom: sql`now()`,
  };
  await db.insert(beneficiaries).values([
    ...DEMO_DESTINATIONS.map((d) => ({
      ...active,
      ...d,
      kind: 'crypto',
      destinationKey: destinationKey({ kind: 'crypto', ...d }),
    })),
    {
      ...active,
      ...DEMO_BANK,
      kind: 'bank',
      label: 'Bank account',
      destinationKey: destinationKey({ kind: 'bank', iban: '', ...DEMO_BANK }),
    },
  ]);
  await db.update(users).set({ verificationStatus: 'verified' }).where(eq(users.id, admin.id));
  // the demo client's identity is approved too: withdrawals need it (docs/security.md)
  await db.update(users).set({ verificationStatus: 'verified' }).where(eq(users.id, client.id));
  app.log.info(
    `\n  Demo data created. Sign in at ${app.ctx.config.publicUrl}\n` +
      `    client: ${DEMO_LOGINS.client.email} / ${DEMO_LOGINS.client.password}   (/signin)\n` +
      `    owner:  ${DEMO_LOGINS.admin.email} / ${DEMO_LOGINS.admin.password}   (/admin/login)\n` +
      DEMO_STAFF.map((s) => `    ${s.role}: ${s.email} / ${s.password}   (/admin/login)\n`).join(''),
  );
  return true;
}
