import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { clientApprovalsQuery } from '../api';

/**
 * What waits for a second staff member about this client (four-eyes, docs/security.md "Four-eyes
 * approval"): each held request's summary, maker, time and reason, so a colleague sees it before
 * posting the same thing again, and a link to the queue where it is decided. Renders nothing while
 * loading, when the read fails (the page's own content does not depend on it) and when none waits.
 * For staff who decide requests (`approvals.decide`: the route's permission).
 */
export function WaitingApprovals({ clientId }: { clientId: string }) {
  const { data } = useQuery(clientApprovalsQuery(clientId));
  if (!data?.total) return null;
  const more = data.total - data.data.length;
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconHourglass aria-hidden />}
      title={data.total === 1 ? 'A request waits for approval' : `${data.total} requests wait for approval`}
    >
      <List size="sm" spacing={4}>
        {data.data.map((r) => (
          <List.Item key={r._id}>
            <Text span size="sm" fw={600}>
              {r.summary}
            </Text>
            , asked by {r.maker.name} on {formatDateTime(r.createdAt)}: {r.reason}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {more > 0 ? `And ${more} more. ` : ''}
        Nothing has moved yet: a second staff member approves or rejects it in the{' '}
        <Anchor component={Link} to={paths.admin.approvals} size="sm">
          approval queue
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
