import { Paper, Stack, Text } from '@mantine/core';
import type { PublicSupportReply } from '@common/schemas/support';
import { formatDateTime } from '../../../lib/format';

interface TicketThreadProps {
  replies: PublicSupportReply[];
  /** Who the client is called in the thread: "You" on the client's page, "Client" for support. */
  clientLabel: string;
}

/** The messages after a ticket's first, oldest first; support's replies are tinted. Text stays text. */
export function TicketThread({ replies, clientLabel }: TicketThreadProps) {
  if (replies.length === 0) return null;
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Replies">
      {replies.map((r) => (
        <Paper
          key={r._id}
          component="li"
          radius="sm"
          p="sm"
          bg={r.fromSupport ? 'blue.0' : 'gray.0'}
          ml={r.fromSupport ? 0 : { base: 'md', sm: 'xl' }}
          mr={r.fromSupport ? { base: 'md', sm: 'xl' } : 0}
        >
          <Text size="xs" fw={700} c={r.fromSupport ? 'blue.9' : 'gray.8'}>
            {r.fromSupport ? 'Support' : clientLabel} ·{' '}
            <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {r.message}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
