/**
 * Which back-office pages a staff role may open: the permission (common/permissions.ts) each admin
 * route needs, in one table. The admin layout shows "Your role does not allow this" instead of a
 * page the role cannot use, and the sidebar and in-page links leave such pages out. The server's
 * answer stays the rule; this only spares a role the buttons and pages it would be refused.
 */
import { matchPath } from 'react-router';
import { can, isStaffRole, type Permission } from '@common/permissions';
import { paths } from '../config/paths';

/** What a page or action needs: one permission, or any one of several (undefined: any staff role). */
export type Needs = Permission | readonly Permission[] | undefined;

/** Whether `role` has what `needs` asks for (`undefined`: any staff role); always false for clients. */
export function canAny(role: string | null | undefined, needs: Needs): boolean {
  if (needs === undefined) return isStaffRole(role);
  const options: readonly Permission[] = typeof needs === 'string' ? [needs] : needs;
  return options.some((permission) => can(role, permission));
}

const ID = ':id';

/**
 * Each admin route's pattern (as in web/src/app/router.tsx) and what it needs. Pages missing here
 * (the dashboard, the staff member's own security page) are open to every staff role.
 */
export const ADMIN_PAGE_NEEDS: ReadonlyArray<readonly [pattern: string, needs: Needs]> = [
  [paths.admin.users, 'clients.read'],
  [paths.admin.user(ID), 'clients.read'],
  // the account page: the plan and currency form, and the ledger adjustment
  [paths.admin.userAccount(ID), ['clients.edit', 'ledger.adjust']],
  [paths.admin.addProfit(ID), 'profits.post'],
  [paths.admin.editUser(ID), 'clients.edit'],
  [paths.admin.transactions(ID), 'clients.read'],
  [paths.admin.addTransaction, 'ledger.adjust'],
  [paths.admin.notifications(ID), 'clients.read'],
  [paths.admin.deposits(ID), 'clients.read'],
  [paths.admin.cryptoWithdrawals(ID), 'clients.read'],
  [paths.admin.bankWithdrawals(ID), 'clients.read'],
  [paths.admin.tradingActivity(ID), 'clients.read'],
  [paths.admin.pendingReviews, 'deposits.review'],
  [paths.admin.approvals, 'approvals.decide'],
  [paths.admin.contacts, 'contacts.manage'],
  [paths.admin.emailing, 'emailing.send'],
  [paths.admin.mailOutbox, 'emailing.send'],
  [paths.admin.supportTickets, 'support.manage'],
  [paths.admin.auditLog, 'audit.read'],
  [paths.admin.staff, 'staff.manage'],
  [paths.admin.verificationLimits, 'limits.manage'],
  [paths.admin.apiKeys, 'apiKeys.manage'],
  [paths.admin.webhooks, 'webhooks.manage'],
];

/** The table's patterns without a parameter first: they win as they do in the router. */
const BY_RANK = [...ADMIN_PAGE_NEEDS].sort(([a], [b]) => Number(a.includes(':')) - Number(b.includes(':')));

/**
 * What the admin page at `to` (a path, with or without a query) needs; undefined when any staff may
 * open it. A path without a parameter wins over a pattern it also fits, as in the router:
 * `/admin/transactions/add-transactions` is the Add Transaction page (`ledger.adjust`), not a
 * client's transactions (`/admin/transactions/:id`, `clients.read`).
 */
export function adminPageNeeds(to: string): Needs {
  const pathname = to.split(/[?#]/, 1)[0]!;
  return BY_RANK.find(([pattern]) => matchPath(pattern, pathname))?.[1];
}
