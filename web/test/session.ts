/**
 * A signed-in staff member for the admin screens' component tests: the token and the stored user
 * the app reads (web/src/lib/session.ts). test/setup.ts clears both after each test.
 */
import { STORAGE_KEYS } from '@common/constants';
import type { StaffRole } from '@common/permissions';

/** Stores a session for the staff member `id` with `role` (an owner unless told). */
export function signInStaff(id = 'staff', role: StaffRole = 'owner') {
  localStorage.setItem(STORAGE_KEYS.token, 'token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ _id: id, role, isAdmin: true }));
}
