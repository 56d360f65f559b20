/**
 * The one deps object every domain service factory takes (docs/architecture.md, "Services"):
 * `createX(deps: ServiceDeps)`, built once in app.ts, so a module can grow a dependency without
 * touching the others' wiring. Services are built in two stages:
 * 1. the base (`BaseDeps`: db, log, config, mailer, storage) and, from it alone, the building
 *    blocks — `createNotificationsService(base)`, `createOneTimeCodes(base)`, …;
 * 2. `ServiceDeps` = the base plus those building blocks; every other service is `createX(deps)`.
 * A service reads its settings from `deps.config` (e.g. `config.money`, `config.staffTwoFactor`).
 */
import type { Auth } from '../modules/auth/better-auth';
import type { SessionsService } from '../modules/auth/sessions';
import type { AccountThrottle } from '../modules/auth/throttle';
import type { TwoFactor } from '../modules/auth/two-factor';
import type { NotificationsService } from '../modules/notifications/service';
import type { SecurityHolds } from '../modules/security-holds/service';
import type { BaseDeps } from './base-deps';
import type { OneTimeCodes } from './one-time-codes';

export type { BaseDeps } from './base-deps';

export interface ServiceDeps extends BaseDeps {
  notifications: NotificationsService;
  /** One-time codes (withdrawal confirmation). */
  codes: OneTimeCodes;
  /** Per-account limits on sign-in failures and code e-mails (docs/security.md). */
  throttle: AccountThrottle;
  sessions: SessionsService;
  twoFactor: TwoFactor;
  /** better-auth: passwords, sign-up, e-mail verification. */
  auth: Auth;
  /** Holds of withdrawals after security changes (docs/security.md "Holds after security changes"). */
  holds: SecurityHolds;
}
