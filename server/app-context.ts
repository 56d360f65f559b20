/**
 * The app's types, apart from the code that builds it (app.ts), so a route module can name the app
 * it registers on without importing app.ts (which imports every route module): `AppInstance` (Fastify
 * with the zod type provider) and `AppContext`, the config, database and services every route reads
 * from `app.ctx`.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './lib/mail';
import type { OneTimeCodes } from './lib/one-time-codes';
import type { Storage } from './lib/storage';
import type { Auth } from './modules/auth/better-auth';
import type { Guards } from './modules/auth/guard';
import type { AuthService } from './modules/auth/service';
import type { SessionsService } from './modules/auth/sessions';
import type { SignInService } from './modules/auth/sign-in';
import type { AccountThrottle } from './modules/auth/throttle';
import type { TwoFactor } from './modules/auth/two-factor';
import type { ApprovalsService } from './modules/approvals/service';
import type { AuditService } from './modules/audit/service';
import type { ContactsService } from './modules/contacts/service';
import type { EmailingService } from './modules/emailing/service';
import type { DepositsService } from './modules/deposits/service';
import type { KycService } from './modules/kyc/service';
import type { AdjustmentsService } from './modules/ledger/adjustments';
import type { LedgerService } from './modules/ledger/service';
import type { NotificationsService } from './modules/notifications/service';
import type { PlansService } from './modules/plans/service';
import type { ProfileService } from './modules/profile/service';
import type { ReviewsService } from './modules/reviews/service';
import type { StaffService } from './modules/staff/service';
import type { StaffSecurity } from './modules/staff/security';
import type { SecurityHolds } from './modules/security-holds/service';
import type { SupportService } from './modules/support/service';
import type { ProfitPosting } from './modules/trading-activities/profit-posting';
import type { TradingActivitiesService } from './modules/trading-activities/service';
import type { TransactionsService } from './modules/transactions/service';
import type { ClientEraser } from './modules/users/client-eraser';
import type { UsersService } from './modules/users/service';
import type { WithdrawalsService } from './modules/withdrawals/service';
import type { BeneficiariesService } from './modules/beneficiaries/service';
import type { LimitsService } from './modules/limits/service';
import type { ApiKeysService } from './modules/api-keys/service';
import type { WebhooksService } from './modules/webhooks/service';

export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  auth: Auth;
  guards: Guards;
  services: {
    auth: AuthService;
    signIn: SignInService;
    sessions: SessionsService;
    twoFactor: TwoFactor;
    throttle: AccountThrottle;
    storage: Storage;
    codes: OneTimeCodes;
    ledger: LedgerService;
    adjustments: AdjustmentsService;
    notifications: NotificationsService;
    deposits: DepositsService;
    withdrawals: WithdrawalsService;
    beneficiaries: BeneficiariesService;
    limits: LimitsService;
    transactions: TransactionsService;
    reviews: ReviewsService;
    contacts: ContactsService;
    users: UsersService;
    clientEraser: ClientEraser;
    kyc: KycService;
    plans: PlansService;
    tradingActivities: TradingActivitiesService;
    profitPosting: ProfitPosting;
    profile: ProfileService;
    support: SupportService;
    audit: AuditService;
    emailing: EmailingService;
    staff: StaffService;
    staffSecurity: StaffSecurity;
    holds: SecurityHolds;
    approvals: ApprovalsService;
    apiKeys: ApiKeysService;
    webhooks: WebhooksService;
  };
}

export type AppInstance = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
