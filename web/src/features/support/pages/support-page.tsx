import { Card, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MESSAGING_MSG, MSG } from '@common/messages';
import { SUPPORT_MESSAGE_MAX, supportMessageSchema, type PublicSupportTicket } from '@common/schemas/support';
import { LoadingStack } from '../../../components/admin/loading-stack';
import { QueryContent } from '../../../components/admin/query-content';
import { PageTitle } from '../../../components/page-title';
import { PlainForm } from '../../../components/plain-form';
import { useFocusAfterSend } from '../../../hooks/use-focus-after-removal';
import { formatDateTime } from '../../../lib/format';
import { toastOutcome } from '../../../lib/notify';
import { zodForm } from '../../../lib/zod-form';
import { myTicketsQuery, useAddClientReply, useSendSupportMessage } from '../api';
import { MessageBox } from '../components/message-box';
import { TicketStatus } from '../components/ticket-status';
import { TicketThread } from '../components/ticket-thread';

/** A follow-up box under an open ticket; once sent, focus is back in the emptied box. */
function FollowUp({ ticketId }: { ticketId: string }) {
  const add = useAddClientReply();
  const focus = useFocusAfterSend();
  const form = useForm({ initialValues: { message: '' }, ...zodForm(supportMessageSchema) });
  const submit = form.onSubmit(({ message }, event) => {
    focus.capture(event);
    add.mutate(
      { id: ticketId, message },
      toastOutcome(MSG.messageSent, MESSAGING_MSG.anErrorOccurred, () => focus.refocus(form.reset)),
    );
  });
  return (
    <MessageBox
      onSubmit={submit}
      label="Add to this message"
      field={{ label: 'Add to this message', ...form.getInputProps('message') }}
      send={{ label: 'Send', variant: 'light' }}
      busy={add.isPending}
    />
  );
}

/** One of the client's tickets: their message, status, support's replies, and a follow-up box while open. */
function MyTicket({ ticket }: { ticket: PublicSupportTicket }) {
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Sent <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
          </Text>
          <TicketStatus status={ticket.status} />
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{ticket.message}</Text>
        <TicketThread replies={ticket.replies} clientLabel="You" />
        {!ticket.replies.some((r) => r.fromSupport) && (
          <Text size="sm" c="dimmed">
            No reply from support yet.
          </Text>
        )}
        {ticket.status === 'open' && <FollowUp ticketId={ticket._id} />}
      </Stack>
    </Card>
  );
}

/** The client's earlier messages, newest first: skeleton, retry on failure, empty text. */
function MyTickets() {
  const query = useQuery(myTicketsQuery);
  const loading = (
    <LoadingStack label="Loading your messages" gap="sm">
      <Skeleton height={96} radius="md" />
      <Skeleton height={96} radius="md" />
    </LoadingStack>
  );
  return (
    <QueryContent query={query} what="your messages" loading={loading}>
      {(tickets) =>
        tickets.length === 0 ? (
          <Text c="dimmed">You have not sent any message yet.</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your messages">
            {tickets.map((t) => (
              <MyTicket key={t._id} ticket={t} />
            ))}
          </Stack>
        )
      }
    </QueryContent>
  );
}

/**
 * /account/support (docs/product.md): the message box (pre-filled from `?message=`,
 * e.g. by the upgrade page) and below it the client's messages with their status and support's replies.
 * Once a message is sent, focus is back in the emptied box (the send button rests while sending).
 */
export function SupportPage() {
  const [params] = useSearchParams();
  const send = useSendSupportMessage();
  const focus = useFocusAfterSend();
  const form = useForm({
    initialValues: { message: (params.get('message') ?? '').slice(0, SUPPORT_MESSAGE_MAX) },
    ...zodForm(supportMessageSchema),
  });
  const submit = form.onSubmit((values, event) => {
    focus.capture(event);
    send.mutate(
      values,
      toastOutcome(MSG.messageSent, MESSAGING_MSG.anErrorOccurred, () =>
        focus.refocus(() => form.setValues({ message: '' })),
      ),
    );
  });

  return (
    <Stack gap="lg" w="100%" maw={840} mx="auto">
      <PageTitle
        title="Support"
        description="Write to our support team; the answer shows below and is sent to your e-mail."
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <PlainForm
          onSubmit={submit}
          label="Message to support"
          submitLabel="Send message"
          busy={send.isPending}
        >
          <Textarea
            label="Message"
            required
            autosize
            minRows={4}
            maxLength={SUPPORT_MESSAGE_MAX}
            {...form.getInputProps('message')}
          />
        </PlainForm>
      </Paper>
      <Stack gap="sm" component="section" aria-labelledby="my-messages">
        <Title order={2} fz="lg" id="my-messages">
          Your messages
        </Title>
        <MyTickets />
      </Stack>
    </Stack>
  );
}
