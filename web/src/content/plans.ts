/**
 * How the public site and the client area name the plans' target rate. The rate is
 * `PLAN_CONFIG.ratePercent` (common/constants.ts); its period is the plan's whole term (24 hours to
 * 2 weeks, as the client chooses), never a day, a month or a year. Nothing is computed from it: the
 * trading desk posts each result, gain or loss (docs/product.md "Investment plans").
 */
import { PLAN_CONFIG } from '@common/constants';

/** The period the target rate covers, as the cards and the FAQ word it. */
export const PLAN_RATE_PERIOD = 'over the whole term';

/** The rate with its period, e.g. "2% over the whole term". */
export const planTargetRate = `${PLAN_CONFIG.ratePercent}% ${PLAN_RATE_PERIOD}`;

/** Minimum and maximum of a plan in USD, as the public copy writes them ("$200 to $115,000"). */
export const planAmounts = `$${PLAN_CONFIG.minimumUsd.toLocaleString('en-US')} to $${PLAN_CONFIG.maximumUsd.toLocaleString('en-US')}`;
