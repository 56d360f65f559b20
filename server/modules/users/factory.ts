/**
 * Creates a user with a password and a confirmed e-mail through better-auth's internal adapter
 * (the same tables and argon2id hashing as sign-up), without sending mail. Used by the demo data
 * and by test factories; clients register through POST /api/auth/signup.
 */
import type { Role } from '@common/permissions';
import type { Auth } from '../auth/better-auth';

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role?: Role;
  phone?: string;
  country?: string;
  gender?: 'male' | 'female' | 'other';
  emailVerified?: boolean;
  referredBy?: string;
}

/** Answers the created user's id and referral code. */
export async function createUserWithPassword(
  auth: Auth,
  u: NewUser,
): Promise<{ id: string; referralId: string }> {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: u.email.toLowerCase(),
      name: `${u.firstName} ${u.lastName}`,
      emailVerified: u.emailVerified ?? true,
      firstName: u.firstName,
      lastName: u.lastName,
      phone: u.phone ?? '+1 555 0100',
      country: u.country ?? 'United States',
      gender: u.gender ?? 'other',
      role: u.role ?? 'client',
      referredBy: u.referredBy,
    },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await ctx.password.hash(u.password),
  });
  return { id: user.id, referralId: (user as unknown as { referralId: string }).referralId };
}
