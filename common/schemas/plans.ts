/**
 * Investment plans and trading activity: the client's trading and trade activities screens, the
 * admin's add-profit and trading-activity screens (docs/product.md).
 * Amounts are USD decimals in JSON; the server keeps cents. The plan limits live in `PLAN_CONFIG`
 * (common/constants) and are checked by the server (422), not here, so their message can quote them.
 */
import { z } from 'zod';
import {
  cursorQuery,
  decisionReasonField,
  nextCursorField,
  pagedListSchema,
  pageField,
  pageSizeField,
} from './common';
import { PLAN_CONFIG, PLAN_DURATIONS, PLAN_KINDS, PLAN_STATUSES } from '../constants';
import { ERRORS } from '../errors';
import { MONEY_MSG, PLAN_MSG } from '../messages';
import { parseUsdCents, usdAmountField } from './money';

const DURATION_DAYS: readonly number[] = PLAN_DURATIONS.map((d) => d.days);

/** The plan limits in cents (from the one config, docs/product.md). */
export const PLAN_MIN_CENTS = BigInt(PLAN_CONFIG.minimumUsd) * 100n;
export const PLAN_MAX_CENTS = BigInt(PLAN_CONFIG.maximumUsd) * 100n;

/**
 * The message of an amount outside the plan limits, quoting the config: "… $200 … $115,000 …" (the
 * message of the error code `plan_amount_out_of_range`, common/errors.ts).
 */
export function planLimitsMessage(): string {
  return ERRORS.plan_amount_out_of_range.message;
}

/** How a duration in days reads in the select ("1 week"), or "N days" for any other number. */
export function durationLabel(days: number): string {
  return PLAN_DURATIONS.find((d) => d.days === days)?.label ?? `${days} day${days === 1 ? '' : 's'}`;
}

/** A USD amount of 0 or more as cents; `missing` for an absent value, `invalid` for anything else. */
function usdCentsField(missing: string, invalid: string, allowZero: boolean) {
  return z
    .union([z.number(), z.string()], { error: missing })
    .refine((v) => v !== '', missing)
    .transform((v, ctx) => {
      const cents = parseUsdCents(v);
      if (cents === null || cents < 0n || (!allowZero && cents === 0n)) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return cents;
    });
}

/** A date (ISO date or date-time) from 2000 up to a day ahead of now. */
function dateField(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine((s) => !Number.isNaN(Date.parse(s)), MONEY_MSG.invalidDate)
    .transform((s) => new Date(s))
    .refine(
      (d) => d.getUTCFullYear() >= 2000 && d.getTime() <= Date.now() + 86_400_000,
      MONEY_MSG.invalidDate,
    );
}

/**
 * POST /api/user/active-plan (client) and PUT /api/user/admin/active-plan/:id (admin).
 * `duration` is in days (1, 2, 3, 7 or 14); the client's startDate/endDate are ignored: the server
 * sets them. Missing fields answer "Please fill all fields".
 */
export const openPlanSchema = z.object({
  amount: usdAmountField(PLAN_MSG.fillAllFields),
  duration: z
    .union([z.number(), z.string()], { error: PLAN_MSG.fillAllFields })
    .refine((v) => v !== '', PLAN_MSG.fillAllFields)
    .transform((v) => Number(v))
    .refine((n) => DURATION_DAYS.includes(n), PLAN_MSG.invalidDuration),
  plan: z
    .string({ error: PLAN_MSG.fillAllFields })
    .min(1, PLAN_MSG.fillAllFields)
    .pipe(z.enum(PLAN_KINDS, { error: PLAN_MSG.invalidPlan })),
});
export type OpenPlanInput = z.output<typeof openPlanSchema>;

/**
 * A plan result in USD as signed cents: a gain (`120.50`) or a loss (`-75` or `"-75"`), never 0;
 * "Please add profit amount" for anything else.
 */
const planResultField = z
  .union([z.number(), z.string()], { error: PLAN_MSG.profitRequired })
  .transform((v, ctx) => {
    const text = String(v).trim();
    const loss = text.startsWith('-');
    const cents = parseUsdCents(loss ? text.slice(1) : text);
    if (cents === null || cents === 0n) {
      ctx.addIssue({ code: 'custom', message: PLAN_MSG.profitRequired });
      return z.NEVER;
    }
    return loss ? -cents : cents;
  });

/**
 * POST /api/user/admin/add-profit/:id (finance): a plan result in USD, a gain or a loss (negative;
 * it comes out of the plan's capital), its date, and the reason the client reads with it.
 */
export const addProfitSchema = z.object({
  profit: planResultField,
  date: dateField(PLAN_MSG.profitRequired),
  reason: decisionReasonField,
});
export type AddProfitInput = z.output<typeof addProfitSchema>;

const statussField = z.enum(PLAN_STATUSES, { error: PLAN_MSG.invalidStatus });
const planKindField = z.enum(PLAN_KINDS, { error: PLAN_MSG.invalidPlan });

/** POST /api/trading-activity (admin). The original form field really is `statuss`. */
export const createTradingActivitySchema = z.object({
  userId: z.uuid('Invalid id'),
  tradeAmount: usdCentsField(PLAN_MSG.invalidTradeAmount, PLAN_MSG.invalidTradeAmount, true),
  profit: usdCentsField(PLAN_MSG.invalidProfit, PLAN_MSG.invalidProfit, true).default(0n),
  plan: planKindField,
  statuss: statussField,
});
export type CreateTradingActivityInput = z.output<typeof createTradingActivitySchema>;

/** PUT /api/trading-activity/:id (admin): a change of profit posts the difference to the ledger. */
export const updateTradingActivitySchema = z.object({
  tradeAmount: usdCentsField(PLAN_MSG.invalidTradeAmount, PLAN_MSG.invalidTradeAmount, true),
  profit: usdCentsField(PLAN_MSG.invalidProfit, PLAN_MSG.invalidProfit, true),
  plan: planKindField,
  statuss: statussField,
});
export type UpdateTradingActivityInput = z.output<typeof updateTradingActivitySchema>;

const pageSize = pageSizeField;

/** The trading activity's filter: a search in plan and status. */
const activityFilters = z.object({ search: z.string().trim().max(100).optional() });

/**
 * GET /api/trading-activity: page from 1, sizes 10/20/30/40, or a cursor page (`cursor`, `limit`);
 * search in plan and status.
 */
export const tradingActivityQuerySchema = activityFilters.extend({
  page: pageField,
  pageSize: pageSize.default(10),
  ...cursorQuery.shape,
});
export type TradingActivityQuery = z.output<typeof tradingActivityQuerySchema>;

/** GET /api/trading-activity/admin: the same query for one client. */
export const adminTradingActivityQuerySchema = tradingActivityQuerySchema.extend({
  userId: z.uuid('Invalid id'),
});

/** GET /api/trading-activity/admin/export.csv: one client's rows with the list's search, no paging. */
export const adminActivityExportQuerySchema = activityFilters.extend({ userId: z.uuid('Invalid id') });

/** The active plan as GET /api/user/me and /api/user/admin/:id answer it (`activePlan`, or null). */
export const publicActivePlanSchema = z.object({
  _id: z.uuid(),
  plan: z.enum(PLAN_KINDS),
  amount: z.number().describe('Capital in USD'),
  duration: z.number().int().describe('Days'),
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  status: z.enum(PLAN_STATUSES),
});
export type PublicActivePlan = z.infer<typeof publicActivePlanSchema>;

/** Answer of POST /api/user/active-plan (201), PUT and DELETE /api/user/admin/active-plan/:id. */
export const activePlanAnswerSchema = z.object({ message: z.string(), data: publicActivePlanSchema });

/** A trading activity row as the API answers it. */
export const publicTradingActivitySchema = z.object({
  _id: z.uuid(),
  userId: z.uuid(),
  planId: z.uuid().nullable(),
  plan: z.enum(PLAN_KINDS),
  tradeAmount: z.number().describe('USD'),
  profit: z.number().describe('USD, negative for a loss; always the sum of the entries posted for this row'),
  reason: z.string().nullable().describe('Why a plan result was posted (add-profit); null for other rows'),
  status: z.enum(PLAN_STATUSES),
  date: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type PublicTradingActivity = z.infer<typeof publicTradingActivitySchema>;

/** One page of trading activity and how many rows match in all. */
export const tradingActivityPageSchema = pagedListSchema(publicTradingActivitySchema).extend({
  nextCursor: nextCursorField,
});
export type TradingActivityPage = z.infer<typeof tradingActivityPageSchema>;

/** Answer of GET /api/trading-activity/:id. */
export const tradingActivityItemAnswerSchema = z.object({ data: publicTradingActivitySchema });

/** Answer of POST /api/trading-activity (201), PUT …/:id and POST /api/user/admin/add-profit/:id (201). */
export const tradingActivityAnswerSchema = z.object({
  message: z.string(),
  data: publicTradingActivitySchema,
});
