import { StatusTablePage, type StatusView } from '../../../components/status-table-page';
import { approvalsQuery, downloadApprovalsCsv, type ApprovalsView } from '../api';
import { approvalColumns } from '../components/approval-columns';

/** Each view's label, the table's name and what the page says when it has no request. */
const VIEWS: Record<ApprovalsView, StatusView> = {
  pending: {
    label: 'Pending',
    caption: 'Pending approval requests',
    empty: 'Nothing is waiting for approval',
  },
  decided: {
    label: 'Decided',
    caption: 'Decided approval requests',
    empty: 'No request has been decided yet',
  },
};

const DESCRIPTION =
  "Large money actions (alone, or summed with what the same staff member moved on the client in the last 24 hours) wait here until a second staff member approves them; nothing moves before, and nobody approves their own. An owner's block or two-factor reset of another owner, and a large raise of a verification level's caps, wait for a second owner. Pending: oldest first; decided: newest first.";

/** "Approvals", with the number waiting once the pending view has loaded. */
const title = (view: ApprovalsView, total: number | undefined) =>
  view === 'pending' && total !== undefined ? `Approvals (${total})` : 'Approvals';

/**
 * /admin/approvals (`approvals.decide`, docs/security.md "Four-eyes approval"): the approval
 * requests a page at a time from the server, Pending (oldest first, with Approve and Reject) or
 * Decided (newest first, with the status, checker and a rejection's reason). Narrow screens scroll
 * the table sideways, as the other back-office tables do.
 */
export function ApprovalsPage() {
  return (
    <StatusTablePage
      title={title}
      description={DESCRIPTION}
      views={VIEWS}
      switchLabel="Show requests"
      query={approvalsQuery}
      columns={approvalColumns}
      exportCsv={downloadApprovalsCsv}
    />
  );
}
