/**
 * The account tiers: the home page's Trading Accounts cards and /account/upgrade-account. Every
 * tier opens the same two managed plans; what a card says beyond that is the operator's own claim.
 */
import { planTargetRate } from './plans';

export interface TradingPackage {
  name: string;
  /** The deposit the operator asks for this tier; support checks it before changing a client's tier. */
  minimumDeposit: string;
  /**
   * Trading conditions the operator really offers on this tier, in its own words (a spread, a
   * leverage, a platform's name, a chart service). None by default: the product has no order screen,
   * instrument or platform, so with nothing set here the card claims none. The copy check
   * (honest-offer.test.ts) lets these lines through as the operator's and no other.
   */
  conditions?: readonly string[];
  /** Marks the card to draw attention to. */
  highlighted?: boolean;
}

/** What every tier includes: what the product does. */
export const tierIncludes = [
  'Copy Trading and Investment plans',
  'Results posted by our trading desk, losses included',
  'Every result in your history, with its reason',
] as const;

export const tradingAccounts = {
  title: 'Trading Accounts',
  intro:
    'Every account opens the same two managed plans, Copy Trading and Investment: our trading desk trades ' +
    `the capital and posts each result to your history, a loss as well as a gain. The plans aim at ${planTargetRate}; ` +
    'that is a target, not a promise. Tiers differ by the deposit they ask for.',
  /** The upgrade page's description. */
  upgradeIntro:
    'Your tier is set by our team once it has checked the tier’s deposit. The plans, their target and their ' +
    'risks are the same in every tier.',
  cta: 'Open an Account',
  packages: [
    { name: 'Starter', minimumDeposit: '$1,000' },
    { name: 'Bronze', minimumDeposit: '$5,000' },
    { name: 'Silver', minimumDeposit: '$20,000', highlighted: true },
    { name: 'Gold', minimumDeposit: '$50,000' },
    { name: 'Platinum', minimumDeposit: '1 BTC' },
  ] satisfies TradingPackage[] as TradingPackage[],
};

/** The lines of a tier's card: what every tier includes, then the operator's own conditions. */
export function tierLines(pkg: TradingPackage): string[] {
  return [...tierIncludes, ...(pkg.conditions ?? [])];
}
