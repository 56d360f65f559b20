/**
 * `presentUser` decides what of a user row leaves the server (docs/architecture.md, "How a request
 * flows", step 10): the original field names, no hashes, no internal flags, no storage keys. Stored files
 * (profile picture, identity documents) are given as authenticated API paths, never as file paths.
 * The user row is the account three rooms answer with (`auth`: sign-up, the signed-in user and
 * two-factor; `kyc`: identity documents; `users`: the back office and a user's figures), so its
 * presenter is shared code here, like the row types in `server/db/rows.ts`, not one room's.
 */
import type { AccountPlan, DocumentType, Gender, VerificationStatus } from '@common/constants';
import { isStaffRole, type Role } from '@common/permissions';
import type { PublicUser } from '@common/types';
import type { UserRow } from '../db/rows';

/**
 * The authenticated GET path of a stored file, or null without one. `?v=` names the stored file, so
 * the path changes when the file does and a browser never shows a stale copy.
 */
function fileUrl(path: string, key: string | null): string | null {
  if (!key) return null;
  const file = key.slice(key.lastIndexOf('/') + 1);
  return `${path}?v=${encodeURIComponent(file.slice(0, file.lastIndexOf('.')))}`;
}

/** The public form of a user row (`PublicUser`, common/types.ts); dates as ISO 8601 strings. */
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
    isAdmin: isStaffRole(row.role),
    role: row.role as Role,
    isEmailConfirmed: row.emailVerified,
    isBlocked: row.banned,
    twoFactorEnabled: row.twoFactorEnabled,
    verificationStatus: row.verificationStatus as VerificationStatus,
    verificationReason: row.verificationReason,
    addressVerifiedAt: row.addressVerifiedAt?.toISOString() ?? null,
    referralId: row.referralId,
    profilePicture: { url: fileUrl(`/api/files/profile-pictures/${row.id}`, row.profilePictureKey) },
    verification: {
      documentType: (row.documentType as DocumentType | null) ?? null,
      documentFront: { url: fileUrl(`/api/files/kyc/${row.id}/front`, row.documentFrontKey) },
      documentBack: { url: fileUrl(`/api/files/kyc/${row.id}/back`, row.documentBackKey) },
      submittedAt: row.verificationSubmittedAt?.toISOString() ?? null,
      decidedAt: row.verificationDecidedAt?.toISOString() ?? null,
    },
    account: { accountPlan: row.accountPlan as AccountPlan, currencySymbol: row.currencySymbol },
  };
}
