/**
 * The signed-in staff member's permissions (common/permissions.ts), read from the stored user's
 * role, so screens hide what the role cannot do. The server still decides every request.
 */
import { useCallback } from 'react';
import { adminPageNeeds, canAny, type Needs } from '../lib/admin-access';
import { useSession } from '../lib/session';

/** `(permission) => boolean` for the signed-in user; a list means any one of them, undefined any staff. */
export function useCan(): (permission: Needs) => boolean {
  const role = useSession().user?.role;
  return useCallback((needs: Needs) => canAny(role, needs), [role]);
}

/** `(to) => boolean`: whether the signed-in user's role may open the admin page at `to` (lib/admin-access.ts). */
export function useCanOpen(): (to: string) => boolean {
  const allowed = useCan();
  return useCallback((to: string) => allowed(adminPageNeeds(to)), [allowed]);
}
