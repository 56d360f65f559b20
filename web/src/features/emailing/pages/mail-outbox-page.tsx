import { StatusTablePage, type StatusView } from '../../../components/status-table-page';
import { downloadOutboxCsv, outboxQuery, type OutboxView } from '../api';
import { outboxColumns } from '../components/outbox-columns';

/** Each view's label, the table's name and what the page says when it has no mail. */
const VIEWS: Record<OutboxView, StatusView> = {
  failed: { label: 'Failed', caption: 'Failed mails', empty: 'No mail has failed' },
  queued: { label: 'Queued', caption: 'Queued mails', empty: 'No mail is waiting to be sent' },
  sent: { label: 'Sent', caption: 'Sent mails', empty: 'No mail has been sent yet' },
};

const DESCRIPTION =
  'Every e-mail the site sends, newest first: a mail the mail server refuses is tried again automatically for about 21 minutes, then marked failed, and a failed one can be sent again here; bodies are not shown, as they may hold codes, and a sent mail’s body is removed after a set number of days (30 by default), keeping its recipient, subject and times.';

/**
 * /admin/mail (`emailing.send`): the mail outbox a page at a time from the server, Failed (with
 * Send again), Queued (with the next try) or Sent (with when). Narrow screens scroll the table
 * sideways, as the other back-office tables do.
 */
export function MailOutboxPage() {
  return (
    <StatusTablePage
      title="Mail outbox"
      description={DESCRIPTION}
      views={VIEWS}
      switchLabel="Show mails"
      query={outboxQuery}
      columns={outboxColumns}
      exportCsv={downloadOutboxCsv}
    />
  );
}
