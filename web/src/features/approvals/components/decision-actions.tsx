import { Text } from '@mantine/core';
import type { ApprovalRequest } from '@common/schemas/approvals';
import { DecisionButtons } from '../../../components/admin/decision-buttons';
import { confirmWithReason } from '../../../components/admin/reason-confirm';
import { confirmAction } from '../../../components/confirm';
import { keepFocusAfterRemoval } from '../../../hooks/use-focus-after-removal';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useApproveRequest, useRejectRequest } from '../api';

/**
 * The request in words for the dialogs: who asked it, for which client (every client of a level,
 * for a caps change), and what runs (quoted).
 */
const described = (r: ApprovalRequest) =>
  `this request by ${r.maker.name} for ${r.client?.name ?? 'every client at the level'}? “${r.summary}”`;

/**
 * Approve (asked first) and Reject (with a required reason, 3 to 500 characters) of one pending
 * approval request, toasting the server's answer or its refusal (e.g. 409 "This request is already
 * approved"). The maker is offered neither: the server refuses the maker's decision ("You cannot
 * approve your own request"); another staff member decides. The pressed button keeps focus while
 * its request runs, and focus moves to the nearest row's action once the row leaves.
 */
export function DecisionActions({ request }: { request: ApprovalRequest }) {
  const approve = useApproveRequest();
  const reject = useRejectRequest();
  const ownRequest = useSession().user?._id === request.maker._id;
  const busy = approve.isPending || reject.isPending;

  if (ownRequest) {
    return (
      <Text size="sm" c="dimmed" maw={200} style={{ whiteSpace: 'normal' }}>
        Your request: another staff member approves it
      </Text>
    );
  }

  const onApprove = async (trigger: HTMLElement) => {
    if (busy) return;
    const confirmed = await confirmAction({
      title: 'Approve request',
      message: `Approve ${described(request)} is carried out at once (${formatUsd(request.amount)}).`,
      confirmLabel: 'Approve',
    });
    if (!confirmed) return;
    keepFocusAfterRemoval(trigger);
    approve.mutate(request._id, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => notifyError(errorMessage(error, 'Something went wrong'), 'Could not approve'),
    });
  };

  const onReject = async (trigger: HTMLElement) => {
    if (busy) return;
    const reason = await confirmWithReason({
      title: 'Reject request',
      message: `Reject ${described(request)} is not carried out.`,
      confirmLabel: 'Reject',
      danger: true,
      reasonDescription:
        'The maker reads it in the decided list; the audit log keeps it (3 to 500 characters).',
    });
    if (reason === null) return;
    keepFocusAfterRemoval(trigger);
    reject.mutate(
      { id: request._id, reason },
      {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => notifyError(errorMessage(error, 'Something went wrong'), 'Could not reject'),
      },
    );
  };

  return <DecisionButtons onApprove={onApprove} onReject={onReject} busy={busy} />;
}
