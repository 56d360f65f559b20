/**
 * Staff roles and what each may do: the one permission table of the back office
 * (docs/security.md "Staff roles"). The server enforces it once, in the staff scope's guard, from
 * the permission every staff route declares (`config: { permission }`); the web app reads the same
 * table to hide what a role cannot do. Clients have the role `client` and no staff permission.
 *
 * The split follows the usual separation of duties at a broker: support answers clients, compliance
 * decides on identities and access, finance moves money, the owner runs the firm (and its staff).
 */

/** The staff roles, most powerful first. */
export const STAFF_ROLES = ['owner', 'finance', 'compliance', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every role a user can have. */
export const ROLES = ['client', ...STAFF_ROLES] as const;
export type Role = (typeof ROLES)[number];

/** Each permission, with what it allows (the docs' table is written from these texts). */
export const PERMISSIONS = {
  'clients.read': 'read clients: profiles, figures, history, plans, trading activity, sign-ins, sessions',
  'clients.edit': "edit a client's profile, account plan and currency",
  'clients.delete': 'delete (anonymise) a client',
  'clients.block': 'block and unblock a client',
  'kyc.review': 'review identity documents (KYC verification)',
  'twoFactor.reset': "reset a client's two-factor authentication",
  'audit.read': 'read the audit log',
  'notifications.send': 'send and delete notifications',
  'support.manage': 'reply to, close and delete support tickets',
  'contacts.manage': 'read and delete contact-form messages',
  'emailing.send': 'e-mail a client',
  'deposits.review': 'approve, reject and delete deposits (the review queue)',
  'withdrawals.review': 'approve, decline and delete withdrawals',
  'beneficiaries.read': "read a client's withdrawal address book",
  'ledger.adjust': 'post ledger adjustments and history lines',
  'transactions.void': 'void a history line with a reversing entry',
  'plans.manage': "open and clear a client's investment plan",
  'profits.post': 'post plan results',
  'tradingActivity.edit': 'add, edit and delete trading activity',
  'limits.manage': 'set the deposit and withdrawal caps of each verification level',
  'approvals.decide': "approve or reject another staff member's large money action (four-eyes)",
  'staff.manage': 'invite staff (and resend a link), change their roles, deactivate and reactivate them',
  'apiKeys.manage': 'create, list and revoke API keys for integrations',
  'webhooks.manage': 'add, change and test webhook endpoints; read the delivery log and redeliver',
} as const;
export type Permission = keyof typeof PERMISSIONS;

const SUPPORT: readonly Permission[] = [
  'clients.read',
  'notifications.send',
  'support.manage',
  'contacts.manage',
  'emailing.send',
];

/** The permissions of each staff role. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: Object.keys(PERMISSIONS) as Permission[],
  finance: [
    'clients.read',
    'deposits.review',
    'withdrawals.review',
    'beneficiaries.read',
    'ledger.adjust',
    'transactions.void',
    'plans.manage',
    'profits.post',
    'tradingActivity.edit',
    'approvals.decide',
    'audit.read',
  ],
  compliance: [
    ...SUPPORT,
    'kyc.review',
    'clients.block',
    'twoFactor.reset',
    'beneficiaries.read',
    'audit.read',
  ],
  support: SUPPORT,
};

/**
 * The permissions an API key may be given (docs/integrations.md "API keys"): all but deciding
 * another member's four-eyes request (a machine is never the second pair of eyes) and managing
 * staff, keys or webhook endpoints (a key cannot widen itself, mint others, or send the firm's
 * events to an address of its choosing).
 */
export const KEY_PERMISSIONS: readonly Permission[] = (Object.keys(PERMISSIONS) as Permission[]).filter(
  (p) => !['approvals.decide', 'staff.manage', 'apiKeys.manage', 'webhooks.manage'].includes(p),
);

/** Whether `role` is a staff role (every staff role signs in to the back office). */
export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

/** Whether a user with `role` has `permission`: false for clients and unknown roles. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}
