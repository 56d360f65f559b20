/**
 * Whose rows a list shows (docs/architecture.md, "Who may do what": a client sees only their own
 * rows): a client always their own, and asking for another user's is 403; an admin everyone's
 * (`undefined`), or one user's with `userId`.
 */
import type { UserRow } from '../db/rows';
import { AppError } from './errors';

/** The user id to filter a list by, or `undefined` for all. Throws AppError FORBIDDEN (see above). */
export function listOwner(viewer: UserRow, userId?: string): string | undefined {
  const isAdmin = viewer.role === 'admin';
  if (!isAdmin && userId && userId !== viewer.id) throw new AppError('FORBIDDEN');
  return isAdmin ? userId : viewer.id;
}
