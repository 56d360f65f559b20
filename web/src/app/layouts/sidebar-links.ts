/** The sidebars of the signed-in areas (the client area's and the back office's), in order. */
import {
  IconAddressBook,
  IconArrowsExchange,
  IconCash,
  IconChartLine,
  IconChecks,
  IconClipboardCheck,
  IconFileCertificate,
  IconGauge,
  IconKey,
  IconWebhook,
  IconHeadset,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconMail,
  IconMailbox,
  IconMessage,
  IconReceipt,
  IconRocket,
  IconShieldLock,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import type { ShellLink } from '../../components/dashboard-shell';
import { paths } from '../../config/paths';

/** The investor sidebar. */
export const ACCOUNT_LINKS: ShellLink[] = [
  { label: 'My Account', to: paths.account.home, icon: IconHome },
  { label: 'Trade Activities', to: paths.account.tradeActivities, icon: IconChartLine },
  { label: 'Deposit', to: paths.account.deposit(), icon: IconCash },
  { label: 'Withdrawal', to: paths.account.withdrawal(), icon: IconArrowsExchange },
  { label: 'Transaction History', to: paths.account.transactionHistory, icon: IconReceipt },
  { label: 'Statements', to: paths.account.statements, icon: IconFileCertificate },
  { label: 'Upgrade Account', to: paths.account.upgradeAccount, icon: IconRocket },
  { label: 'Withdrawal addresses', to: paths.account.withdrawalAddresses, icon: IconAddressBook },
  { label: 'Support', to: paths.account.support, icon: IconHeadset },
  { label: 'Referrals', to: paths.account.referrals, icon: IconUsers },
];

/**
 * The back-office sidebar (with the overview, pending reviews and the audit log). It folds
 * away on wide screens with its own burger and opens as a panel over the page on phones. Each
 * link shows only to a role that may open its page: the permission of each page is in
 * web/src/lib/admin-access.ts (Users: clients.read, Pending reviews: deposits.review, Approvals:
 * approvals.decide, Contact:
 * contacts.manage, Emailing and Mail outbox: emailing.send, Support Tickets: support.manage, Audit log: audit.read,
 * Staff: staff.manage, Verification limits: limits.manage, API keys: apiKeys.manage, Webhooks: webhooks.manage; Dashboard and
 * Security: any staff role).
 */
export const ADMIN_LINKS: ShellLink[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: IconLayoutDashboard },
  { label: 'Users', to: paths.admin.users, icon: IconUsers },
  { label: 'Pending reviews', to: paths.admin.pendingReviews, icon: IconClipboardCheck },
  { label: 'Approvals', to: paths.admin.approvals, icon: IconChecks },
  { label: 'Contact', to: paths.admin.contacts, icon: IconMessage },
  { label: 'Emailing', to: paths.admin.emailing, icon: IconMail },
  { label: 'Mail outbox', to: paths.admin.mailOutbox, icon: IconMailbox },
  { label: 'Support Tickets', to: paths.admin.supportTickets, icon: IconHeadset },
  { label: 'Audit log', to: paths.admin.auditLog, icon: IconHistory },
  { label: 'Staff', to: paths.admin.staff, icon: IconUserShield },
  { label: 'Verification limits', to: paths.admin.verificationLimits, icon: IconGauge },
  { label: 'API keys', to: paths.admin.apiKeys, icon: IconKey },
  { label: 'Webhooks', to: paths.admin.webhooks, icon: IconWebhook },
  { label: 'Security', to: paths.admin.security, icon: IconShieldLock },
];
