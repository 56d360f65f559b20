/** Approval requests as the API answers them (common/schemas/approvals.ts): USD, ISO times, `_id`. */
import type { ApprovalAction, ApprovalRequest, ApprovalStatus } from '@common/schemas/approvals';
import { centsToUsd } from '../../lib/money';
import type { ApprovalView, Person } from './service';

const person = (p: Person) => ({ _id: p.id, name: p.name, email: p.email });

/** One request with its client, maker and checker. */
export function presentApproval(v: ApprovalView): ApprovalRequest {
  const { row } = v;
  return {
    _id: row.id,
    action: row.action as ApprovalAction,
    summary: v.summary,
    amount: centsToUsd(row.amount),
    status: row.status as ApprovalStatus,
    client: v.client && person(v.client),
    reason: row.reason,
    maker: person(v.maker),
    checker: v.checker ? person(v.checker) : null,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    resultId: (row.result as { id?: string } | null)?.id ?? null,
  };
}
