import type { ReactNode } from 'react';
import { useCan } from '../hooks/use-can';
import type { Needs } from '../lib/admin-access';

interface CanProps {
  /** The permission the children need (common/permissions.ts); a list means any one of them. */
  permission: Needs;
  children: ReactNode;
  /** Shown instead when the signed-in role lacks it (nothing by default). */
  fallback?: ReactNode;
}

/** Shows its children only to a signed-in staff role that has `permission` (useCan). */
export function Can({ permission, children, fallback = null }: CanProps) {
  const allowed = useCan();
  return allowed(permission) ? children : fallback;
}
