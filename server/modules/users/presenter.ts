/**
 * `presentUser` decides what of a user row leaves the server (DESIGN.md §3 "Presenters"):
 * the seed's field names (seed §3), no hashes, no internal flags.
 */
import type { AccountPlan, Gender, VerificationStatus } from '@common/constants';
import type { PublicUser } from '@common/types';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export function presentUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    country: row.country,
    gender: (row.gender as Gender | null) ?? null,
    location: { address: row.address, state: row.state },
    createdAt: row.createdAt.toISOString(),
    isAdmin: row.role === 'admin',
    isEmailConfirmed: row.emailVerified,
    isBlocked: row.banned,
    verificationStatus: row.verificationStatus as VerificationStatus,
    referralId: row.referralId,
    profilePicture: { url: row.profilePictureKey ? `/api/files/profile/${row.id}` : null },
    account: { accountPlan: row.accountPlan as AccountPlan, currencySymbol: row.currencySymbol },
  };
}
