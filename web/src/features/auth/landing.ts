/** Where each sign-in ends: the page a fresh session opens on. */
import type { PublicUser } from '@common/types';
import { paths } from '../../config/paths';

/** The back office's first page after the admin login (as before two-factor sign-in existed). */
export const ADMIN_HOME = paths.admin.users;

/**
 * The page after a session opened: staff asked to set two-factor up go to the security screen,
 * other staff to the back office; clients to the account home, or to confirm their e-mail first.
 */
export function landingFor(user: PublicUser, asAdmin: boolean, twoFactorSetupRequired: boolean): string {
  if (asAdmin) return twoFactorSetupRequired ? paths.admin.security : ADMIN_HOME;
  return user.isEmailConfirmed ? paths.account.home : paths.emailVerification;
}
