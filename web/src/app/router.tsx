/**
 * Every route of the site. Layouts and pages load lazily, so the public site never
 * downloads account or admin code. Unknown paths show the home page.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { paths } from './paths';
import { RouterProviders } from './providers';

/** A route property that loads its component from a module on first visit. */
function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const homePage = lazyComponent(
  () => import('../features/marketing/pages/home-page'),
  (m) => m.HomePage,
);
const loadPolicyPages = () => import('../features/marketing/pages/policy-page');
const ID = ':id';

const publicRoutes: RouteObject[] = [
  { path: paths.home, lazy: homePage },
  {
    path: paths.about,
    lazy: lazyComponent(
      () => import('../features/marketing/pages/about-page'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: paths.assets,
    lazy: lazyComponent(
      () => import('../features/marketing/pages/assets-page'),
      (m) => m.AssetsPage,
    ),
  },
  {
    path: paths.contact,
    lazy: lazyComponent(
      () => import('../features/marketing/pages/contact-page'),
      (m) => m.ContactPage,
    ),
  },
  {
    path: paths.faq,
    lazy: lazyComponent(
      () => import('../features/marketing/pages/faq-page'),
      (m) => m.FaqPage,
    ),
  },
  { path: paths.termsAndConditions, lazy: lazyComponent(loadPolicyPages, (m) => m.TermsPage) },
  { path: paths.privacyPolicy, lazy: lazyComponent(loadPolicyPages, (m) => m.PrivacyPolicyPage) },
  { path: paths.paymentPolicy, lazy: lazyComponent(loadPolicyPages, (m) => m.PaymentPolicyPage) },
  {
    path: paths.signin,
    lazy: lazyComponent(
      () => import('../features/auth/pages/signin-page'),
      (m) => m.SigninPage,
    ),
  },
  {
    path: paths.signup,
    lazy: lazyComponent(
      () => import('../features/auth/pages/signup-page'),
      (m) => m.SignupPage,
    ),
  },
  {
    path: paths.emailVerification,
    lazy: lazyComponent(
      () => import('../features/auth/pages/email-verification-page'),
      (m) => m.EmailVerificationPage,
    ),
  },
  {
    path: paths.forgotPassword,
    lazy: lazyComponent(
      () => import('../features/auth/pages/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: paths.resetPassword(),
    lazy: lazyComponent(
      () => import('../features/auth/pages/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  { path: '*', lazy: homePage },
];

/**
 * /account/profile: the profile feature's page with the security feature's settings as its Security
 * tab (features never import each other; the router composes them).
 */
async function profileWithSecurity() {
  const [{ ProfilePage }, { SecuritySettings }] = await Promise.all([
    import('../features/profile/pages/profile-page'),
    import('../features/security/components/security-settings'),
  ]);
  return { Component: () => <ProfilePage security={<SecuritySettings />} /> };
}

const loadTwoFactorPage = () => import('../features/auth/pages/two-factor-page');
const loadAdminSecurityPage = () => import('../features/security/pages/admin-security-page');

/** The crypto withdrawal variants share one module. */
const loadCryptoWithdrawal = () => import('../features/funding/pages/crypto-withdrawal-page');
/** An admin's views of a client's deposits and withdrawals share one module. */
const loadClientRequestsPages = () => import('../features/reviews/pages/client-requests-pages');

const accountRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.account.home} replace /> },
  {
    path: paths.account.home,
    lazy: lazyComponent(
      () => import('../features/account/pages/account-home-page'),
      (m) => m.AccountHomePage,
    ),
  },
  {
    path: paths.account.trading,
    lazy: lazyComponent(
      () => import('../features/plans/pages/trading-page'),
      (m) => m.TradingPage,
    ),
  },
  {
    path: paths.account.tradeActivities,
    lazy: lazyComponent(
      () => import('../features/plans/pages/trade-activities-page'),
      (m) => m.TradeActivitiesPage,
    ),
  },
  {
    path: paths.account.deposit(),
    lazy: lazyComponent(
      () => import('../features/funding/pages/deposit-page'),
      (m) => m.DepositPage,
    ),
  },
  {
    path: paths.account.depositForm(),
    lazy: lazyComponent(
      () => import('../features/funding/pages/deposit-form-page'),
      (m) => m.DepositFormPage,
    ),
  },
  {
    path: paths.account.successfulDeposit,
    lazy: lazyComponent(
      () => import('../features/funding/pages/successful-deposit-page'),
      (m) => m.SuccessfulDepositPage,
    ),
  },
  {
    path: paths.account.withdrawal(),
    lazy: lazyComponent(
      () => import('../features/funding/pages/withdrawal-page'),
      (m) => m.WithdrawalPage,
    ),
  },
  { path: paths.account.withdraw(), lazy: lazyComponent(loadCryptoWithdrawal, (m) => m.WithdrawPage) },
  {
    path: paths.account.bankWithdrawal,
    lazy: lazyComponent(
      () => import('../features/funding/pages/bank-withdrawal-page'),
      (m) => m.BankWithdrawalPage,
    ),
  },
  {
    path: paths.account.usdtWithdrawal,
    lazy: lazyComponent(loadCryptoWithdrawal, (m) => m.UsdtWithdrawalPage),
  },
  {
    path: paths.account.btcWithdrawal,
    lazy: lazyComponent(loadCryptoWithdrawal, (m) => m.BtcWithdrawalPage),
  },
  {
    path: paths.account.ethWithdrawal,
    lazy: lazyComponent(loadCryptoWithdrawal, (m) => m.EthWithdrawalPage),
  },
  {
    path: paths.account.transactionHistory,
    lazy: lazyComponent(
      () => import('../features/transactions/pages/transaction-history-page'),
      (m) => m.TransactionHistoryPage,
    ),
  },
  {
    path: paths.account.upgradeAccount,
    lazy: lazyComponent(
      () => import('../features/profile/pages/upgrade-account-page'),
      (m) => m.UpgradeAccountPage,
    ),
  },
  {
    path: paths.account.notification,
    lazy: lazyComponent(
      () => import('../features/notifications/pages/notifications-page'),
      (m) => m.NotificationsPage,
    ),
  },
  {
    path: paths.account.referrals,
    lazy: lazyComponent(
      () => import('../features/referrals/pages/referrals-page'),
      (m) => m.ReferralsPage,
    ),
  },
  { path: paths.account.profile, lazy: profileWithSecurity },
  {
    path: paths.account.support,
    lazy: lazyComponent(
      () => import('../features/support/pages/support-page'),
      (m) => m.SupportPage,
    ),
  },
];

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.admin.users} replace /> },
  {
    path: paths.admin.users,
    lazy: lazyComponent(
      () => import('../features/users/pages/admin-users-page'),
      (m) => m.AdminUsersPage,
    ),
  },
  {
    path: paths.admin.dashboard,
    lazy: lazyComponent(
      () => import('../features/users/pages/admin-dashboard-page'),
      (m) => m.AdminDashboardPage,
    ),
  },
  {
    path: paths.admin.user(ID),
    lazy: lazyComponent(
      () => import('../features/users/pages/admin-user-page'),
      (m) => m.AdminUserPage,
    ),
  },
  {
    path: paths.admin.userAccount(ID),
    lazy: lazyComponent(
      () => import('../features/users/pages/admin-user-account-page'),
      (m) => m.AdminUserAccountPage,
    ),
  },
  {
    path: paths.admin.addProfit(ID),
    lazy: lazyComponent(
      () => import('../features/plans/pages/admin-add-profit-page'),
      (m) => m.AdminAddProfitPage,
    ),
  },
  {
    path: paths.admin.editUser(ID),
    lazy: lazyComponent(
      () => import('../features/users/pages/admin-edit-user-page'),
      (m) => m.AdminEditUserPage,
    ),
  },
  {
    path: paths.admin.transactions(ID),
    lazy: lazyComponent(
      () => import('../features/transactions/pages/admin-transactions-page'),
      (m) => m.AdminTransactionsPage,
    ),
  },
  {
    path: paths.admin.addTransaction,
    lazy: lazyComponent(
      () => import('../features/transactions/pages/add-transaction-page'),
      (m) => m.AddTransactionPage,
    ),
  },
  {
    path: paths.admin.notifications(ID),
    lazy: lazyComponent(
      () => import('../features/notifications/pages/admin-notifications-page'),
      (m) => m.AdminNotificationsPage,
    ),
  },
  {
    path: paths.admin.deposits(ID),
    lazy: lazyComponent(loadClientRequestsPages, (m) => m.ClientDepositsPage),
  },
  {
    path: paths.admin.cryptoWithdrawals(ID),
    lazy: lazyComponent(loadClientRequestsPages, (m) => m.ClientCryptoWithdrawalsPage),
  },
  {
    path: paths.admin.bankWithdrawals(ID),
    lazy: lazyComponent(loadClientRequestsPages, (m) => m.ClientBankWithdrawalsPage),
  },
  {
    path: paths.admin.tradingActivity(ID),
    lazy: lazyComponent(
      () => import('../features/plans/pages/admin-trading-activity-page'),
      (m) => m.AdminTradingActivityPage,
    ),
  },
  {
    path: paths.admin.pendingReviews,
    lazy: lazyComponent(
      () => import('../features/reviews/pages/pending-reviews-page'),
      (m) => m.PendingReviewsPage,
    ),
  },
  {
    path: paths.admin.contacts,
    lazy: lazyComponent(
      () => import('../features/messages/pages/admin-contacts-page'),
      (m) => m.AdminContactsPage,
    ),
  },
  {
    path: paths.admin.emailing,
    lazy: lazyComponent(
      () => import('../features/messages/pages/admin-emailing-page'),
      (m) => m.AdminEmailingPage,
    ),
  },
  {
    path: paths.admin.supportTickets,
    lazy: lazyComponent(
      () => import('../features/support/pages/admin-support-tickets-page'),
      (m) => m.AdminSupportTicketsPage,
    ),
  },
  {
    path: paths.admin.auditLog,
    lazy: lazyComponent(
      () => import('../features/audit/pages/audit-log-page'),
      (m) => m.AuditLogPage,
    ),
  },
  { path: paths.admin.security, lazy: lazyComponent(loadAdminSecurityPage, (m) => m.AdminSecurityPage) },
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
          {
            path: paths.admin.login,
            lazy: lazyComponent(
              () => import('../features/auth/pages/admin-login-page'),
              (m) => m.AdminLoginPage,
            ),
          },
          // the second sign-in step of both logins, framed like the admin login
          { path: paths.twoFactor, lazy: lazyComponent(loadTwoFactorPage, (m) => m.TwoFactorPage) },
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
