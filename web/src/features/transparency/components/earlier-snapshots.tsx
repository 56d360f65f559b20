import '@mantine/core/styles/Table.layer.css';
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { snapshotsQuery } from '../api';

/**
 * The snapshots published before the latest (up to nine), newest first: date, total and accounts;
 * nothing when there is only one (or the list cannot be read: the latest is shown apart).
 */
export function EarlierSnapshots() {
  const earlier = (useQuery(snapshotsQuery).data ?? []).slice(1);
  if (earlier.length === 0) return null;
  return (
    <>
      <Text fw={700} component="h3" size="md">
        Earlier snapshots
      </Text>
      <Table verticalSpacing={4} fz="sm" aria-label="Earlier liabilities snapshots">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Taken at</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Accounts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {earlier.map((snapshot) => (
            <Table.Tr key={snapshot.snapshotId}>
              <Table.Td>{formatDateTime(snapshot.snapshotAt)}</Table.Td>
              <Table.Td ta="right">{formatUsd(snapshot.total)}</Table.Td>
              <Table.Td ta="right">{snapshot.accounts.toLocaleString('en-US')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
