/**
 * The webhook events of four-eyes (docs/integrations.md "Webhooks"): `approval.requested` when a
 * large action is held, `approval.decided` when a checker approves or rejects it. Ids, the action,
 * the amount in USD and the decision's reason; never the held payload.
 */
import type { ApprovalRequestRow } from '../../db/rows';
import { usdDecimal } from '../../lib/money';
import type { WebhookEvent } from '../../lib/webhook-events';

/** `approval.requested` of request `row` (its maker and subject on the row), held for operation `op`. */
export function approvalRequested(row: ApprovalRequestRow, op: string): WebhookEvent {
  return {
    type: 'approval.requested',
    data: {
      approvalId: row.id,
      action: row.action,
      operation: op,
      subjectId: row.clientId,
      amountUsd: usdDecimal(row.amount),
      makerId: row.makerId,
    },
  };
}

/** `approval.decided` of request `row`: `decision` by `checkerId`, with the rejection's reason. */
export function approvalDecided(
  row: ApprovalRequestRow,
  decision: 'approved' | 'rejected',
  checkerId: string,
  reason: string | null,
): WebhookEvent {
  return {
    type: 'approval.decided',
    data: {
      approvalId: row.id,
      action: row.action,
      decision,
      amountUsd: usdDecimal(row.amount),
      makerId: row.makerId,
      checkerId,
      reason,
    },
  };
}
