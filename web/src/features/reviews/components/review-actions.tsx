import { Button, Group, Text } from '@mantine/core';
import type { RequestStatus } from '@common/schemas/deposits';
import { DecisionButtons } from '../../../components/admin/decision-buttons';
import { confirmWithReason } from '../../../components/admin/reason-confirm';
import { confirmAction } from '../../../components/confirm';
import { useCan } from '../../../hooks/use-can';
import { keepFocusAfterRemoval, pendingButtonProps } from '../../../hooks/use-focus-after-removal';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { notifyError, notifyMoneyOutcome, notifySuccess } from '../../../lib/notify';
import { useReviewAction, type ReviewAction } from '../api';
import { REVIEW_KINDS, type ReviewKind } from '../kinds';
import { confirmPayout } from './payout-confirm';
import { ReviewFactsSummary, type ReviewFacts } from './review-facts';

/** The request an admin acts on. */
export interface Reviewable {
  _id: string;
  amount: number;
  /** Pending in the queue; any state on a client's page. */
  status: RequestStatus;
  /** When staff decided it; null while pending. */
  reviewedAt?: string | null;
}

interface ReviewActionsProps {
  kind: ReviewKind;
  request: Reviewable;
  /** The client's name, quoted in the confirmations. */
  clientName?: string;
  /** Adds Delete (a client's page; the queue only approves and rejects). */
  withDelete?: boolean;
  /**
   * The client's identity and a withdrawal's destination, summed up with the amount in the approve
   * and reject confirmations (none while they load).
   */
  facts?: ReviewFacts;
}

/**
 * Approve, Reject/Decline and Delete of a deposit or withdrawal, each after a confirmation (a
 * rejection's with a required reason, a withdrawal approval's with an optional payout reference;
 * an approval's and a rejection's sum up the client's identity, the amount and a withdrawal's
 * destination, `facts`),
 * with the original toasts (an approval held for four-eyes approval says so). A decided request
 * shows its decision and time instead ("Approved Jan 2, 2026 3:04 PM"), with Delete where it may
 * still be deleted. Nothing shows to a role without the kind's permission.
 * The pressed button keeps focus while its request runs; when the row leaves (the queue) or the
 * button is disabled (a client's page), focus goes to the nearest row's action (`keepFocusAfterRemoval`).
 */
export function ReviewActions({ kind, request, clientName, withDelete = false, facts }: ReviewActionsProps) {
  const settings = REVIEW_KINDS[kind];
  const review = useReviewAction();
  const allowed = useCan();
  const what = `${settings.noun} of ${formatUsd(request.amount)}${clientName ? ` from ${clientName}` : ''}`;
  const reviewed = request.status !== 'pending';

  const run = async (action: ReviewAction, trigger: HTMLElement) => {
    if (review.isPending) return;
    if (action !== 'delete') {
      const refusal = settings.refuseReviewed(request.status);
      if (refusal) {
        notifyError(refusal);
        return;
      }
    }
    const verb = { approve: 'Approve', reject: settings.rejectVerb, delete: 'Delete' }[action];
    const confirmation = {
      title: `${verb} ${settings.noun}`,
      message:
        action === 'delete'
          ? `Are you sure you want to delete this ${what}? It is removed from the lists; the ledger keeps its history.`
          : `Are you sure you want to ${verb.toLowerCase()} this ${what}?`,
      confirmLabel: verb,
      danger: action !== 'approve',
      details:
        action !== 'delete' && facts ? (
          <ReviewFactsSummary facts={facts} amount={request.amount} />
        ) : undefined,
    };
    // a rejection asks for the reason the client reads in the history, notice and e-mail
    let reason: string | undefined;
    let payoutReference: string | undefined;
    if (action === 'reject') {
      const given = await confirmWithReason(confirmation);
      if (given === null) return;
      reason = given;
    } else if (action === 'approve' && kind !== 'deposit') {
      // a withdrawal's approval may carry the payout's transaction hash or bank reference
      const given = await confirmPayout(confirmation);
      if (given === null) return;
      payoutReference = given?.payoutReference || undefined;
    } else if (!(await confirmAction(confirmation))) return;
    keepFocusAfterRemoval(trigger);
    review.mutate(
      { kind, id: request._id, action, reason, payoutReference },
      {
        onSuccess: (answer) => {
          const { message } = answer;
          // a large approval (alone or summed over the day) waits for a second staff member (four-eyes)
          if (action === 'approve') notifyMoneyOutcome(answer, settings.approvedMessage);
          else if (action === 'reject') notifySuccess(settings.rejectedMessage);
          else notifySuccess(message);
        },
        onError: (error) => {
          const title =
            action === 'approve'
              ? settings.approveFailed
              : action === 'reject'
                ? settings.rejectFailed
                : undefined;
          notifyError(errorMessage(error, 'Something went wrong'), title);
        },
      },
    );
  };

  if (!allowed(settings.permission)) return null;
  const deleteButton = withDelete && settings.deletable(request.status) && (
    <Button
      size="xs"
      variant="default"
      onClick={(event) => run('delete', event.currentTarget)}
      {...pendingButtonProps(review.isPending)}
    >
      Delete
    </Button>
  );
  if (reviewed) {
    // a decided request shows its decision, not buttons that could only be refused
    const word =
      settings.statusLabels[request.status] ?? (request.status === 'approved' ? 'Approved' : 'Rejected');
    return (
      <Group gap={6} wrap="wrap">
        <Text size="sm" c="dimmed">
          {word}
          {request.reviewedAt ? ` ${formatDateTime(request.reviewedAt)}` : ''}
        </Text>
        {deleteButton}
      </Group>
    );
  }
  return (
    <DecisionButtons
      onApprove={(trigger) => run('approve', trigger)}
      onReject={(trigger) => run('reject', trigger)}
      rejectLabel={settings.rejectVerb}
      busy={review.isPending}
    >
      {deleteButton}
    </DecisionButtons>
  );
}
