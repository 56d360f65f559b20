import { Anchor, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGING_MSG } from '@common/messages';
import type { PublicSupportTicket, SupportStatus } from '@common/schemas/support';
import { paths } from '../../../config/paths';
import { CardList, queryItems } from '../../../components/card-list';
import { DeleteButton } from '../../../components/delete-button';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { PageTitle } from '../../../components/page-title';
import {
  keepFocusAfterRemoval,
  pendingButtonProps,
  useFocusAfterSend,
} from '../../../hooks/use-focus-after-removal';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminTicketsQuery, downloadTicketsCsv, useDeleteTicket, useUpdateTicket } from '../api';
import { MessageBox } from '../components/message-box';
import { TicketStatus } from '../components/ticket-status';
import { TicketThread } from '../components/ticket-thread';

type Filter = 'all' | SupportStatus;

/**
 * The reply box of one ticket; the reply reaches the client's support page and e-mail. Once sent,
 * focus is back in the emptied box.
 */
function ReplyBox({ ticketId }: { ticketId: string }) {
  const update = useUpdateTicket();
  const focus = useFocusAfterSend();
  const form = useForm({
    initialValues: { reply: '' },
    validate: { reply: (v) => (v.trim() ? null : 'Please write a reply') },
  });
  const submit = form.onSubmit(({ reply }, event) => {
    focus.capture(event);
    update.mutate(
      { id: ticketId, reply: reply.trim() },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          focus.refocus(form.reset);
        },
        onError: (error) => notifyError(errorMessage(error, MESSAGING_MSG.anErrorOccurred)),
      },
    );
  });
  return (
    <MessageBox
      onSubmit={submit}
      label="Reply to the client"
      field={{
        label: 'Reply',
        description: 'Sent to the client in-app and by e-mail.',
        ...form.getInputProps('reply'),
      }}
      send={{ label: 'Send reply' }}
      busy={update.isPending}
    />
  );
}

/** One ticket: message, the client's e-mail linking to their page, replies, reply box, Close/Reopen, Delete. */
function TicketCard({ ticket }: { ticket: PublicSupportTicket }) {
  const update = useUpdateTicket();
  const remove = useDeleteTicket();
  const nextStatus: SupportStatus = ticket.status === 'open' ? 'closed' : 'open';

  // closing a ticket takes it out of the Open view: focus then goes to the next ticket's button
  const setStatus = (trigger: HTMLElement) => {
    if (update.isPending) return;
    keepFocusAfterRemoval(trigger);
    update.mutate(
      { id: ticket._id, status: nextStatus },
      {
        onSuccess: (answer) => notifySuccess(answer.message),
        onError: (error) => notifyError(errorMessage(error, MESSAGING_MSG.anErrorOccurred)),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2} miw={0}>
            <Anchor
              component={Link}
              to={paths.admin.user(ticket.user._id)}
              fw={600}
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {ticket.user.email}
            </Anchor>
            <Text size="xs" c="dimmed">
              <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
              {ticket.closedAt && ` · closed ${formatDateTime(ticket.closedAt)}`}
            </Text>
          </Stack>
          <TicketStatus status={ticket.status} />
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{ticket.message}</Text>
        <TicketThread replies={ticket.replies} clientLabel="Client" />
        <ReplyBox ticketId={ticket._id} />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            {...pendingButtonProps(update.isPending)}
            onClick={(event) => setStatus(event.currentTarget)}
            aria-label={`${ticket.status === 'open' ? 'Close' : 'Reopen'} ticket from ${ticket.user.email}`}
          >
            {ticket.status === 'open' ? 'Close' : 'Reopen'}
          </Button>
          <DeleteButton
            label={`Delete ticket from ${ticket.user.email}`}
            confirmTitle="Delete ticket"
            confirmMessage={MESSAGING_MSG.confirmDeleteTicket}
            busy={remove.isPending}
            onConfirm={() =>
              remove.mutate(ticket._id, {
                onSuccess: (answer) => notifySuccess(answer.message),
                onError: (error) => notifyError(errorMessage(error, MESSAGING_MSG.anErrorOccurred)),
              })
            }
          />
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/support-tickets (docs/product.md): every client's tickets, newest first, with replies. */
export function AdminSupportTicketsPage() {
  const [filter, setFilter] = useState<Filter>('open');
  const query = useQuery(adminTicketsQuery(filter === 'all' ? undefined : filter));

  return (
    <Stack gap="md" w="100%" maw={960} mx="auto">
      <PageTitle
        title="Support Tickets"
        description="Messages from clients, newest first. Replies reach the client’s support page and e-mail."
      />
      <SegmentedControl
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'closed', label: 'Closed' },
          { value: 'all', label: 'All' },
        ]}
        aria-label="Show tickets"
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      <Group>
        <ExportCsvButton
          download={() => downloadTicketsCsv(filter === 'all' ? undefined : filter)}
          failure="The export failed"
        />
      </Group>
      <CardList
        {...queryItems(query)}
        label="Support tickets"
        empty={MESSAGING_MSG.noTickets}
        skeletonHeight={160}
        gap="md"
      >
        {(t) => <TicketCard ticket={t} />}
      </CardList>
    </Stack>
  );
}
