/**
 * What of a plan row leaves the server (`activePlan` of GET /user/me and the plan routes): USD
 * amounts, ISO dates, the field names the web app reads (`_id`, `duration`).
 */
import type { PlanKind, PlanStatus } from '@common/constants';
import type { PublicActivePlan } from '@common/schemas/plans';
import type { PlanRow } from '../../db/rows';
import { centsToUsd } from '../../lib/money';

export function presentActivePlan(row: PlanRow): PublicActivePlan {
  return {
    _id: row.id,
    plan: row.plan as PlanKind,
    amount: centsToUsd(row.amount),
    duration: row.durationDays,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    status: row.status as PlanStatus,
  };
}
