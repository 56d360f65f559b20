import { Button, Text } from '@mantine/core';
import type { OutboxMail } from '@common/schemas/emailing';
import { confirmAction } from '../../../components/confirm';
import { CellText, type Column } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRetryMail, type OutboxView } from '../api';

/**
 * "Send again" of one failed mail: asks first, then queues it again and toasts the server's answer
 * (or its refusal, e.g. 409 when another staff member already queued it); the outbox refetches.
 */
export function SendAgainButton({ mail }: { mail: OutboxMail }) {
  const retry = useRetryMail();
  const onClick = async () => {
    const confirmed = await confirmAction({
      title: 'Send again',
      message: `Queue the mail “${mail.subject}” to ${mail.to} again? The mail worker sends it in a moment.`,
      confirmLabel: 'Send again',
    });
    if (!confirmed) return;
    retry.mutate(mail._id, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => notifyError(errorMessage(error, 'Something went wrong'), 'Could not send again'),
    });
  };
  return (
    <Button
      size="xs"
      variant="outline"
      onClick={onClick}
      disabled={retry.isPending}
      aria-label={`Send again: ${mail.subject} to ${mail.to}`}
    >
      {retry.isPending ? 'Loading...' : 'Send again'}
    </Button>
  );
}

/** A time, allowed to wrap between the date and the hour; a dash when there is none. */
function Time({ iso }: { iso: string | null }) {
  if (!iso) return <Text size="sm">—</Text>;
  return (
    <Text size="sm" miw={96}>
      <time dateTime={iso}>{formatDateTime(iso)}</time>
    </Text>
  );
}

/** A free text (an address, a subject, an error) that breaks only where it must. */
const words = (text: string, dimmed = false) => (
  <CellText miw={140} breakAnywhere dimmed={dimmed}>
    {text}
  </CellText>
);

const created: Column<OutboxMail> = { header: 'Created', cell: (m) => <Time iso={m.createdAt} /> };
const recipient: Column<OutboxMail> = { header: 'Recipient', cell: (m) => words(m.to) };
const subject: Column<OutboxMail> = { header: 'Subject', cell: (m) => words(m.subject) };
const tries: Column<OutboxMail> = { header: 'Tries', numeric: true, nowrap: true, cell: (m) => m.attempts };
const lastError: Column<OutboxMail> = {
  header: 'Last error',
  cell: (m) => words(m.lastError ?? '—', true),
};

/** Whole days from `from` to `to` (ISO times). */
const daysBetween = (from: string, to: string) =>
  Math.floor((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** A sent mail's body: kept, or removed by housekeeping after MAIL_RETENTION_DAYS (its codes and links). */
const body: Column<OutboxMail> = {
  header: 'Body',
  cell: (m) =>
    m.bodyRemovedAt ? (
      <Text size="sm" miw={96} title={`Removed ${formatDateTime(m.bodyRemovedAt)}`}>
        Body removed after {daysBetween(m.createdAt, m.bodyRemovedAt)} days
      </Text>
    ) : (
      <Text size="sm" c="dimmed">
        Kept
      </Text>
    ),
};

const COLUMNS: Record<OutboxView, Column<OutboxMail>[]> = {
  failed: [
    created,
    recipient,
    subject,
    tries,
    lastError,
    { header: 'Action', nowrap: true, actions: true, cell: (m) => <SendAgainButton mail={m} /> },
  ],
  queued: [
    created,
    recipient,
    subject,
    tries,
    lastError,
    { header: 'Next try', cell: (m) => <Time iso={m.nextAttemptAt} /> },
  ],
  sent: [created, recipient, subject, tries, { header: 'Sent', cell: (m) => <Time iso={m.sentAt} /> }, body],
};

/** The columns of the outbox table for `view`: failed mails have Send again, queued their next try. */
export const outboxColumns = (view: OutboxView) => COLUMNS[view];
