import { Card, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CardStack } from '../../../components/card-list';
import { LoadError } from '../../../components/load-error';
import { SectionCard } from '../../../components/section-card';
import { useTableCards } from '../../../components/table-cards';
import { formatDateTime } from '../../../lib/format';
import { clientBeneficiariesQuery } from '../api';
import { DestinationBadge } from '../../../components/destination-badge';
import { DestinationSummary, destinationLine } from './destination-card';

/**
 * A client's withdrawal address book on the staff's client page (read-only; `beneficiaries.read`):
 * every destination ever saved, cancelled and deleted ones included, with its state and times (a
 * table; cards on a phone).
 */
export function ClientDestinations({ clientId }: { clientId: string }) {
  const query = useQuery(clientBeneficiariesQuery(clientId));
  const phone = useTableCards();
  let body;
  if (query.error && !query.data) {
    body = (
      <LoadError what="the withdrawal addresses" error={query.error} onRetry={() => void query.refetch()} />
    );
  } else if (!query.data) {
    body = (
      <Stack aria-busy="true" aria-label="Loading the withdrawal addresses">
        <Skeleton height={48} />
      </Stack>
    );
  } else if (query.data.length === 0) {
    body = <Text c="dimmed">No withdrawal address saved.</Text>;
  } else if (phone) {
    // under 768 px each destination is a card, so nothing hides in a sideways scroll
    body = (
      <CardStack label="Withdrawal addresses">
        {query.data.map((d) => (
          <Card key={d._id} component="li" withBorder radius="md" padding="sm">
            <DestinationSummary d={d} />
            <Text size="sm" c="dimmed">
              Added {formatDateTime(d.createdAt)}
              {d.activeFrom ? ` · usable from ${formatDateTime(d.activeFrom)}` : ''}
            </Text>
          </Card>
        ))}
      </CardStack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label="Withdrawal addresses">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Label</Table.Th>
              <Table.Th>Destination</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Added</Table.Th>
              <Table.Th>Usable from</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((d) => (
              <Table.Tr key={d._id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.label}</Table.Td>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {destinationLine(d)}
                </Table.Td>
                <Table.Td>
                  <DestinationBadge status={d.status} />
                </Table.Td>
                <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
                <Table.Td>{d.activeFrom ? formatDateTime(d.activeFrom) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return <SectionCard title="Withdrawal addresses">{body}</SectionCard>;
}
