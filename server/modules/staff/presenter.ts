/** What leaves the server about a staff member (GET /api/staff and the answers of its changes). */
import type { StaffMember } from '@common/schemas/staff';
import type { StaffRole } from '@common/permissions';
import type { UserRow } from '../../db/rows';

/** A staff member's row with the time of their last successful sign-in (null if never). */
export type StaffRow = Pick<
  UserRow,
  'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'twoFactorEnabled' | 'deactivatedAt' | 'banned'
> & { lastSignInAt: Date | null; invited: boolean };

/**
 * `{ _id, firstName, lastName, email, role, twoFactorEnabled, lastSignInAt (ISO or null), active,
 * invited, isBlocked }`.
 */
export function presentStaffMember(row: StaffRow): StaffMember {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role as StaffRole,
    twoFactorEnabled: row.twoFactorEnabled,
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
    active: row.deactivatedAt === null,
    invited: row.invited,
    isBlocked: row.banned && row.deactivatedAt === null,
  };
}
