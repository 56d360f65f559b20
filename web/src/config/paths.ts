/**
 * Every route of the site, in one typed module. Parametrised routes are functions; called
 * with `':id'` they give the router's pattern (e.g. `paths.admin.user(':id')` → `/admin/users/:id`).
 */

type Query = Record<string, string | undefined>;

/** Appends the defined entries of `query` to `path` as a query string. */
function withQuery(path: string, query: Query): string {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return search ? `${path}?${search}` : path;
}

/** Deposit wallets. */
export type DepositWallet = 'bitcoin' | 'ethereum';
/** Crypto withdrawal wallets. */
export type WithdrawalWallet = 'usdt' | 'bitcoin' | 'ethereum';

export const paths = {
  home: '/',
  about: '/about',
  assets: '/assets',
  contact: '/contact',
  faq: '/faq',
  termsAndConditions: '/terms-and-conditions',
  privacyPolicy: '/privacy-policy',
  paymentPolicy: '/payment-policy',
  /** The signed journal head, published liabilities, declared reserves and the statement check. */
  transparency: '/transparency',

  signin: '/signin',
  signup: '/signup',
  /** The referral link: `{host}/signup?referral={referralId}`. */
  signupWithReferral: (referralId: string) => withQuery('/signup', { referral: referralId }),
  emailVerification: '/email-verification',
  /** The second sign-in step (authenticator or backup code), after /signin or /admin/login. */
  twoFactor: '/two-factor',
  forgotPassword: '/forgot-password',
  resetPassword: (email?: string) => withQuery('/reset-password', { email }),
  /** The "This wasn't me" link of a security change's e-mail: asks, then locks the account. */
  thisWasntMe: (token?: string) => withQuery('/this-wasnt-me', { token }),

  account: {
    root: '/account',
    home: '/account/home',
    trading: '/account/trading',
    tradeActivities: '/account/trade-activities',
    /** `success=true` after a deposit; `payment=insufficient` when a trade needs more funds. */
    deposit: (query: { success?: 'true'; payment?: 'insufficient' } = {}) =>
      withQuery('/account/deposit', query),
    depositForm: (wallet?: DepositWallet) => withQuery('/account/deposit/bitcoin', { wallet }),
    successfulDeposit: '/account/deposit/successful-deposit',
    withdrawal: (query: { success?: 'true' } = {}) => withQuery('/account/withdrawal', query),
    withdraw: (wallet?: WithdrawalWallet) => withQuery('/account/withdrawal/withdraw', { wallet }),
    bankWithdrawal: '/account/withdrawal/bank',
    usdtWithdrawal: '/account/withdrawal/usdt',
    btcWithdrawal: '/account/withdrawal/btc',
    ethWithdrawal: '/account/withdrawal/eth',
    transactionHistory: '/account/transaction-history',
    statements: '/account/statements',
    upgradeAccount: '/account/upgrade-account',
    notification: '/account/notification',
    referrals: '/account/referrals',
    profile: '/account/profile',
    /** The profile's identity documents tab (withdrawals need them approved). */
    verification: '/account/profile?tab=verification',
    support: '/account/support',
    /** The withdrawal address book; the e-mailed link adds `confirm=<token>`. */
    withdrawalAddresses: '/account/withdrawal-addresses',
  },

  admin: {
    root: '/admin',
    login: '/admin/login',
    dashboard: '/admin/dashboard',
    users: '/admin/users',
    /** The users list filtered to one identity verification state (`pending`: checks waiting). */
    usersInVerification: (verification: string) => withQuery('/admin/users', { verification }),
    user: (id: string) => `/admin/users/${id}`,
    userAccount: (id: string, name?: string) => withQuery(`/admin/users/account/${id}`, { name }),
    addProfit: (id: string, name?: string) => withQuery(`/admin/users/add-profit/${id}`, { name }),
    editUser: (id: string, name?: string) => withQuery(`/admin/users/edit/${id}`, { name }),
    transactions: (id: string, name?: string) => withQuery(`/admin/transactions/${id}`, { name }),
    addTransaction: '/admin/transactions/add-transactions',
    notifications: (id: string, name?: string) => withQuery(`/admin/notifications/${id}`, { name }),
    deposits: (id: string, name?: string) => withQuery(`/admin/deposits/${id}`, { name }),
    cryptoWithdrawals: (id: string, name?: string) => withQuery(`/admin/crypto-withdrawals/${id}`, { name }),
    bankWithdrawals: (id: string, name?: string) => withQuery(`/admin/bank-withdrawals/${id}`, { name }),
    tradingActivity: (id: string, name?: string) => withQuery(`/admin/trading-activity/${id}`, { name }),
    pendingReviews: '/admin/pending-reviews',
    /** Four-eyes approval: large money actions waiting for a second staff member, and the decided ones. */
    approvals: '/admin/approvals',
    contacts: '/admin/contacts',
    emailing: '/admin/emailing',
    mailOutbox: '/admin/mail',
    supportTickets: '/admin/support-tickets',
    auditLog: '/admin/audit-log',
    /** Staff management (owner only): list, invite, change role, deactivate. */
    staff: '/admin/staff',
    /** The deposit and withdrawal caps of each verification level (owner: `limits.manage`). */
    verificationLimits: '/admin/verification-limits',
    /** API keys for integrations (owner: `apiKeys.manage`). */
    apiKeys: '/admin/api-keys',
    /** Webhook endpoints and their delivery log (owner: `webhooks.manage`). */
    webhooks: '/admin/webhooks',
    /** An invited staff member sets their password with the e-mailed link (public). */
    invitation: (token?: string) => withQuery('/admin/invitation', { token }),
    /** The staff member's own two-factor settings, sessions and sign-in history. */
    security: '/admin/security',
  },
} as const;
