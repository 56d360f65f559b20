/**
 * Whose rows a list shows (docs/architecture.md, "Where each kind of rule lives": a client sees
 * only their own rows): a client always their own, and asking for another user's is 403; staff who may read
 * clients (`clients.read`, common/permissions.ts) everyone's (`undefined`), or one user's with `userId`.
 */
import { can, type Permission } from '@common/permissions';
import type { UserRow } from '../db/rows';
import { AppError } from './errors';

/**
 * Refuses (AppError FORBIDDEN) a viewer who is neither the owner of a row (`ownerId`) nor staff
 * with `permission` (by default `clients.read`).
 */
export function assertOwnerOrStaff(
  viewer: UserRow,
  ownerId: string,
  permission: Permission = 'clients.read',
): void {
  if (viewer.id !== ownerId && !can(viewer.role, permission)) throw new AppError('forbidden');
}

/** The user id to filter a list by, or `undefined` for all. Throws AppError FORBIDDEN (see above). */
export function listOwner(viewer: UserRow, userId?: string): string | undefined {
  const readsClients = can(viewer.role, 'clients.read');
  if (!readsClients && userId && userId !== viewer.id) throw new AppError('forbidden');
  return readsClients ? userId : viewer.id;
}
