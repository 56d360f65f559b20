/**
 * The defaults of the settings (server/config.ts reads the environment): money settings and the
 * numbers used when a variable is not set. Amounts in cents.
 */
import type { AccountPlan } from '@common/constants';

/** Money settings: deposit wallets and promotions. Amounts in cents. */
export interface MoneyConfig {
  depositWallets: { bitcoin: string; ethereum: string };
  /** A one-off bonus on a client's first approved deposit of at least `minDeposit`. */
  depositBonus: { minDeposit: bigint; bonus: bigint };
  /** Referral bonus in percent of each approved deposit of a referred client, by the referrer's plan. */
  referralRates: Record<AccountPlan, number>;
}

export const MONEY_DEFAULTS: MoneyConfig = {
  depositWallets: {
    bitcoin: 'bc1qdemo0wallet0address0not0for0real0use0000',
    ethereum: '0xDEMO0000000000000000000000000000000WALLET',
  },
  depositBonus: { minDeposit: 5_000_00n, bonus: 500_00n },
  referralRates: { Basic: 3, Bronze: 3, Silver: 5, Gold: 5, Platinum: 10 },
};

/** Hours a confirmed withdrawal destination waits when BENEFICIARY_DELAY_HOURS is not set. */
export const BENEFICIARY_DELAY_HOURS_DEFAULT = 24;

/** Hours withdrawals wait after a security change when SECURITY_HOLD_HOURS is not set. */
export const SECURITY_HOLD_HOURS_DEFAULT = 24;

/** Minutes a session without "Remember me" lives idle when SESSION_IDLE_MINUTES is not set. */
export const SESSION_IDLE_MINUTES_DEFAULT = 30;

/** Days a sent mail keeps its body when MAIL_RETENTION_DAYS is not set. */
export const MAIL_RETENTION_DAYS_DEFAULT = 30;
