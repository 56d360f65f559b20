/**
 * Every route of the site. Layouts and pages load lazily, so the public site never
 * downloads account or admin code. Unknown paths show the home page.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { paths } from '../config/paths';
import { RouterProviders } from './providers';

/** A route's `lazy`: its component, loaded from its module on the first visit. */
type LazyComponent = () => Promise<{ Component: ComponentType }>;

/** A route property that loads its component from a module on first visit. */
function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyComponent {
  return async () => ({ Component: pick(await load()) });
}

/**
 * The `lazy` of each page by its name: `loaders` maps a page's name to the loader of the module that
 * exports the page under that very name (TypeScript checks it).
 */
function lazyPages<L extends { [Name in keyof L]: () => Promise<Record<Name, ComponentType>> }>(
  loaders: L,
): { [Name in keyof L]: LazyComponent } {
  const entries = Object.entries<() => Promise<Record<string, ComponentType>>>(loaders);
  return Object.fromEntries(
    entries.map(([name, load]) => [name, lazyComponent(load, (module) => module[name])]),
  ) as { [Name in keyof L]: LazyComponent };
}

const loadPolicyPages = () => import('../features/marketing/pages/policy-page');
/** The crypto withdrawal variants share one module. */
const loadCryptoWithdrawal = () => import('../features/withdrawals/pages/crypto-withdrawal-form-page');
/** An admin's views of a client's deposits and withdrawals share one module. */
const loadClientRequestsPages = () => import('../features/reviews/pages/admin-deposits-withdrawals-pages');

const publicPage = lazyPages({
  HomePage: () => import('../features/marketing/pages/home-page'),
  NotFoundPage: () => import('./pages/not-found-page'),
  AboutPage: () => import('../features/marketing/pages/about-page'),
  AssetsPage: () => import('../features/marketing/pages/assets-page'),
  ContactPage: () => import('../features/marketing/pages/contact-page'),
  FaqPage: () => import('../features/marketing/pages/faq-page'),
  TermsPage: loadPolicyPages,
  PrivacyPolicyPage: loadPolicyPages,
  PaymentPolicyPage: loadPolicyPages,
  SigninPage: () => import('../features/auth/pages/signin-page'),
  SignupPage: () => import('../features/auth/pages/signup-page'),
  EmailVerificationPage: () => import('../features/auth/pages/email-verification-page'),
  ForgotPasswordPage: () => import('../features/auth/pages/forgot-password-page'),
  ResetPasswordPage: () => import('../features/auth/pages/reset-password-page'),
  AdminLoginPage: () => import('../features/auth/pages/admin-login-page'),
  TwoFactorPage: () => import('../features/auth/pages/two-factor-page'),
  InvitationPage: () => import('../features/staff/pages/invitation-page'),
  ThisWasntMePage: () => import('../features/security/pages/this-wasnt-me-page'),
});

const accountPage = lazyPages({
  StatementsPage: () => import('../features/statements/pages/statements-page'),
  TradingPage: () => import('../features/plans/pages/trading-page'),
  TradeActivitiesPage: () => import('../features/trading-activities/pages/trade-activities-page'),
  DepositPage: () => import('../features/deposits/pages/deposit-page'),
  DepositFormPage: () => import('../features/deposits/pages/deposit-form-page'),
  SuccessfulDepositPage: () => import('../features/deposits/pages/successful-deposit-page'),
  WithdrawalPage: () => import('../features/withdrawals/pages/withdrawal-page'),
  WithdrawPage: loadCryptoWithdrawal,
  BankWithdrawalPage: () => import('../features/withdrawals/pages/bank-withdrawal-form-page'),
  UsdtWithdrawalPage: loadCryptoWithdrawal,
  BtcWithdrawalPage: loadCryptoWithdrawal,
  EthWithdrawalPage: loadCryptoWithdrawal,
  UpgradeAccountPage: () => import('../features/profile/pages/upgrade-account-page'),
  NotificationsPage: () => import('../features/notifications/pages/notifications-page'),
  ReferralsPage: () => import('../features/referrals/pages/referrals-page'),
  SupportPage: () => import('../features/support/pages/support-page'),
  WithdrawalAddressesPage: () => import('../features/beneficiaries/pages/withdrawal-addresses-page'),
});

const adminPage = lazyPages({
  AdminUsersPage: () => import('../features/users/pages/admin-users-page'),
  AdminUserPage: () => import('../features/users/pages/admin-user-page'),
  AdminUserAccountPage: () => import('../features/users/pages/admin-user-account-page'),
  AdminEditUserPage: () => import('../features/users/pages/admin-edit-user-page'),
  AdminTransactionsPage: () => import('../features/transactions/pages/admin-transactions-page'),
  AddTransactionPage: () => import('../features/transactions/pages/add-transaction-page'),
  AdminNotificationsPage: () => import('../features/notifications/pages/admin-notifications-page'),
  ClientDepositsPage: loadClientRequestsPages,
  ClientCryptoWithdrawalsPage: loadClientRequestsPages,
  ClientBankWithdrawalsPage: loadClientRequestsPages,
  AdminTradingActivityPage: () => import('../features/trading-activities/pages/admin-trading-activity-page'),
  PendingReviewsPage: () => import('../features/reviews/pages/pending-reviews-page'),
  ApprovalsPage: () => import('../features/approvals/pages/approvals-page'),
  AdminContactsPage: () => import('../features/contacts/pages/admin-contacts-page'),
  AdminEmailingPage: () => import('../features/emailing/pages/admin-emailing-page'),
  MailOutboxPage: () => import('../features/emailing/pages/mail-outbox-page'),
  AdminSupportTicketsPage: () => import('../features/support/pages/admin-support-tickets-page'),
  AuditLogPage: () => import('../features/audit/pages/audit-log-page'),
  AdminSecurityPage: () => import('../features/security/pages/admin-security-page'),
  AdminStaffPage: () => import('../features/staff/pages/admin-staff-page'),
  AdminLimitsPage: () => import('../features/limits/pages/admin-limits-page'),
  AdminApiKeysPage: () => import('../features/api-keys/pages/admin-api-keys-page'),
  AdminWebhooksPage: () => import('../features/webhooks/pages/admin-webhooks-page'),
});

/**
 * /admin/users/:id: the users feature's page with the beneficiaries feature's read-only address book
 * (features never import each other; the router composes them).
 */
async function adminUserWithDestinations() {
  const [{ AdminUserPage }, { ClientDestinations }] = await Promise.all([
    import('../features/users/pages/admin-user-page'),
    import('../features/beneficiaries/components/client-destinations'),
  ]);
  return { Component: () => <AdminUserPage destinations={ClientDestinations} /> };
}

/**
 * /account/profile: the profile feature's page with the security feature's settings as its Security
 * tab, the api-keys feature's client keys at its foot (features never import each other; the router
 * composes them).
 */
async function profileWithSecurity() {
  const [{ ProfilePage }, { SecuritySettings }, { ClientApiKeysPanel }] = await Promise.all([
    import('../features/profile/pages/profile-page'),
    import('../features/security/components/security-settings'),
    import('../features/api-keys/components/client-api-keys-panel'),
  ]);
  return {
    Component: () => <ProfilePage security={<SecuritySettings more={<ClientApiKeysPanel />} />} />,
  };
}

/** /admin/users/add-profit/:id: the plans feature's page with the client's trading activity at its foot. */
async function addProfitWithActivity() {
  const [{ AdminAddProfitPage }, { ClientActivitySection }] = await Promise.all([
    import('../features/plans/pages/admin-add-profit-page'),
    import('../features/trading-activities/components/client-activity-section'),
  ]);
  return { Component: () => <AdminAddProfitPage activity={<ClientActivitySection />} /> };
}

/** /transparency: the transparency feature's page under the public site's page header. */
async function transparencyWithHeader() {
  const [{ TransparencyPage }, { PageHeader }] = await Promise.all([
    import('../features/transparency/pages/transparency-page'),
    import('../features/marketing/components/page-header'),
  ]);
  const header = (
    <PageHeader
      title="Transparency"
      intro="Check for yourself: the signed journal of every posting, what we owe our clients, and our statements."
    />
  );
  return { Component: () => <TransparencyPage header={header} /> };
}

/**
 * /account/home and /account/transaction-history with the transparency feature's parts: the proof
 * of liabilities card, and the history's "Verified" marks (each line compared with its sealed
 * entry) with the journal's warning and the lines' alert above them.
 */
async function homeWithLiabilities() {
  const [{ AccountHomePage }, { LiabilitiesCard }] = await Promise.all([
    import('../features/account/pages/account-home-page'),
    import('../features/transparency/components/liabilities-card'),
  ]);
  return { Component: () => <AccountHomePage liabilities={<LiabilitiesCard />} /> };
}
async function historyWithSeals() {
  const [{ TransactionHistoryPage }, { sealColumn }, { HistoryNotice }] = await Promise.all([
    import('../features/transactions/pages/transaction-history-page'),
    import('../features/transparency/components/seal-mark'),
    import('../features/transparency/components/history-notice'),
  ]);
  return {
    Component: () => <TransactionHistoryPage proofColumn={sealColumn} notice={<HistoryNotice />} />,
  };
}

/** /admin/dashboard with the transparency feature's proof-of-liabilities card. */
async function dashboardWithLiabilities() {
  const [{ AdminDashboardPage }, { PublishLiabilities }] = await Promise.all([
    import('../features/users/pages/admin-dashboard-page'),
    import('../features/transparency/components/publish-liabilities'),
  ]);
  return { Component: () => <AdminDashboardPage transparency={<PublishLiabilities />} /> };
}

const ID = ':id';

const publicRoutes: RouteObject[] = [
  { path: paths.home, lazy: publicPage.HomePage },
  { path: paths.about, lazy: publicPage.AboutPage },
  { path: paths.assets, lazy: publicPage.AssetsPage },
  { path: paths.transparency, lazy: transparencyWithHeader },
  { path: paths.contact, lazy: publicPage.ContactPage },
  { path: paths.faq, lazy: publicPage.FaqPage },
  { path: paths.termsAndConditions, lazy: publicPage.TermsPage },
  { path: paths.privacyPolicy, lazy: publicPage.PrivacyPolicyPage },
  { path: paths.paymentPolicy, lazy: publicPage.PaymentPolicyPage },
  { path: paths.signin, lazy: publicPage.SigninPage },
  { path: paths.signup, lazy: publicPage.SignupPage },
  { path: paths.emailVerification, lazy: publicPage.EmailVerificationPage },
  { path: paths.forgotPassword, lazy: publicPage.ForgotPasswordPage },
  { path: paths.resetPassword(), lazy: publicPage.ResetPasswordPage },
  { path: paths.thisWasntMe(), lazy: publicPage.ThisWasntMePage },
  { path: '*', lazy: publicPage.NotFoundPage },
];

const accountRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.account.home} replace /> },
  { path: paths.account.home, lazy: homeWithLiabilities },
  { path: paths.account.trading, lazy: accountPage.TradingPage },
  { path: paths.account.tradeActivities, lazy: accountPage.TradeActivitiesPage },
  { path: paths.account.deposit(), lazy: accountPage.DepositPage },
  { path: paths.account.depositForm(), lazy: accountPage.DepositFormPage },
  { path: paths.account.successfulDeposit, lazy: accountPage.SuccessfulDepositPage },
  { path: paths.account.withdrawal(), lazy: accountPage.WithdrawalPage },
  { path: paths.account.withdraw(), lazy: accountPage.WithdrawPage },
  { path: paths.account.bankWithdrawal, lazy: accountPage.BankWithdrawalPage },
  { path: paths.account.usdtWithdrawal, lazy: accountPage.UsdtWithdrawalPage },
  { path: paths.account.btcWithdrawal, lazy: accountPage.BtcWithdrawalPage },
  { path: paths.account.ethWithdrawal, lazy: accountPage.EthWithdrawalPage },
  { path: paths.account.transactionHistory, lazy: historyWithSeals },
  { path: paths.account.statements, lazy: accountPage.StatementsPage },
  { path: paths.account.upgradeAccount, lazy: accountPage.UpgradeAccountPage },
  { path: paths.account.notification, lazy: accountPage.NotificationsPage },
  { path: paths.account.referrals, lazy: accountPage.ReferralsPage },
  { path: paths.account.profile, lazy: profileWithSecurity },
  { path: paths.account.support, lazy: accountPage.SupportPage },
  { path: paths.account.withdrawalAddresses, lazy: accountPage.WithdrawalAddressesPage },
];

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.admin.users} replace /> },
  { path: paths.admin.users, lazy: adminPage.AdminUsersPage },
  { path: paths.admin.dashboard, lazy: dashboardWithLiabilities },
  { path: paths.admin.user(ID), lazy: adminUserWithDestinations },
  { path: paths.admin.userAccount(ID), lazy: adminPage.AdminUserAccountPage },
  { path: paths.admin.addProfit(ID), lazy: addProfitWithActivity },
  { path: paths.admin.editUser(ID), lazy: adminPage.AdminEditUserPage },
  { path: paths.admin.transactions(ID), lazy: adminPage.AdminTransactionsPage },
  { path: paths.admin.addTransaction, lazy: adminPage.AddTransactionPage },
  { path: paths.admin.notifications(ID), lazy: adminPage.AdminNotificationsPage },
  { path: paths.admin.deposits(ID), lazy: adminPage.ClientDepositsPage },
  { path: paths.admin.cryptoWithdrawals(ID), lazy: adminPage.ClientCryptoWithdrawalsPage },
  { path: paths.admin.bankWithdrawals(ID), lazy: adminPage.ClientBankWithdrawalsPage },
  { path: paths.admin.tradingActivity(ID), lazy: adminPage.AdminTradingActivityPage },
  { path: paths.admin.pendingReviews, lazy: adminPage.PendingReviewsPage },
  { path: paths.admin.approvals, lazy: adminPage.ApprovalsPage },
  { path: paths.admin.contacts, lazy: adminPage.AdminContactsPage },
  { path: paths.admin.emailing, lazy: adminPage.AdminEmailingPage },
  { path: paths.admin.mailOutbox, lazy: adminPage.MailOutboxPage },
  { path: paths.admin.supportTickets, lazy: adminPage.AdminSupportTicketsPage },
  { path: paths.admin.auditLog, lazy: adminPage.AuditLogPage },
  { path: paths.admin.security, lazy: adminPage.AdminSecurityPage },
  { path: paths.admin.staff, lazy: adminPage.AdminStaffPage },
  { path: paths.admin.verificationLimits, lazy: adminPage.AdminLimitsPage },
  { path: paths.admin.apiKeys, lazy: adminPage.AdminApiKeysPage },
  { path: paths.admin.webhooks, lazy: adminPage.AdminWebhooksPage },
];

/** Every route; main.tsx makes the browser router of them, web/src/prerender.tsx renders public pages. */
export const routes: RouteObject[] = [
  {
    Component: RouterProviders,
    HydrateFallback: PageLoader,
    errorElement: <RouteError />,
    children: [
      {
        lazy: lazyComponent(
          () => import('./layouts/public-layout'),
          (m) => m.PublicLayout,
        ),
        children: publicRoutes,
      },
      {
        lazy: lazyComponent(
          () => import('./modals-outlet'),
          (m) => m.ModalsOutlet,
        ),
        children: [
          { path: paths.admin.login, lazy: publicPage.AdminLoginPage },
          // an invited staff member sets a password (public, framed like the admin login)
          { path: paths.admin.invitation(), lazy: publicPage.InvitationPage },
          // the second sign-in step of both logins, framed like the admin login
          { path: paths.twoFactor, lazy: publicPage.TwoFactorPage },
          {
            path: paths.account.root,
            lazy: lazyComponent(
              () => import('./layouts/account-layout'),
              (m) => m.AccountLayout,
            ),
            children: accountRoutes,
          },
          {
            path: paths.admin.root,
            lazy: lazyComponent(
              () => import('./layouts/admin-layout'),
              (m) => m.AdminLayout,
            ),
            children: adminRoutes,
          },
        ],
      },
    ],
  },
];

/** The app's browser router; main.tsx creates it once the first page's lazy routes have loaded. */
export const createRouter = () => createBrowserRouter(routes);
