/** How the staff roles of common/permissions.ts read on screen. */
import { isStaffRole, type StaffRole } from '@common/permissions';

/** Each staff role's name as shown (header badge, a user's page). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  compliance: 'Compliance',
  support: 'Support',
};

/** The shown name of `role` when it is a staff role; null for clients and unknown roles. */
export function staffRoleLabel(role: string | null | undefined): string | null {
  return isStaffRole(role) ? STAFF_ROLE_LABELS[role] : null;
}
