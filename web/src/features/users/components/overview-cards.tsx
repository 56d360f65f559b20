import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminOverview, ApprovedFigures } from '@common/schemas/users';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/load-error';
import { useCanOpen } from '../../../hooks/use-can';
import { formatUsd } from '../../../lib/format';
import { adminOverviewQuery } from '../api';

const WINDOWS = [
  { key: '1', label: 'Last 24 hours' },
  { key: '7', label: 'Last 7 days' },
  { key: '30', label: 'Last 30 days' },
] as const;

/** One figure; `to` adds a link to the page that acts on it (`linkLabel`, "Review" by default). */
function Count({
  label,
  value,
  to,
  linkLabel = 'Review',
}: {
  label: string;
  value: number | undefined;
  to?: string;
  linkLabel?: string;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={28} mt={6} width={60} />
      ) : (
        <Group gap="xs" align="baseline">
          <Text fz={28} fw={700}>
            {value}
          </Text>
          {to && (
            <Anchor component={Link} to={to} size="sm" aria-label={`${linkLabel}: ${label}`}>
              {linkLabel}
            </Anchor>
          )}
        </Group>
      )}
    </Card>
  );
}

/** "count · amount", breaking only between the two when the column is narrow (a phone, large sums). */
const cell = (f: ApprovedFigures | undefined) =>
  f ? (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{f.count} ·</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{formatUsd(f.total)}</span>
    </>
  ) : (
    '—'
  );

/** Approved deposits and withdrawals per window: count · USD sum. */
function ApprovedTable({ data }: { data: AdminOverview | undefined }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} fz="md" mb="xs" id="approved-title">
        Approved (count · amount)
      </Title>
      <Table.ScrollContainer
        minWidth={300}
        // a table wider than a phone scrolls sideways: its viewport must be reachable by keyboard
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Approved deposits and withdrawals' },
        }}
      >
        <Table aria-labelledby="approved-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Period</Table.Th>
              <Table.Th ta="right">Deposits</Table.Th>
              <Table.Th ta="right">Withdrawals</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {WINDOWS.map((w) => (
              <Table.Tr key={w.key}>
                <Table.Td>{w.label}</Table.Td>
                <Table.Td ta="right">{data ? cell(data.deposits[w.key]) : <Skeleton height={14} />}</Table.Td>
                <Table.Td ta="right">
                  {data ? cell(data.withdrawals[w.key]) : <Skeleton height={14} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/**
 * The back office's overview: clients, pending reviews (with a link to the queue for a role that
 * may open it), identity checks (with a link to the users list filtered to them), the money actions waiting for a second staff member (four-eyes;
 * only for a role that may approve them, with a link to /admin/approvals), approved deposits and
 * withdrawals.
 */
export function OverviewCards() {
  const query = useQuery(adminOverviewQuery());
  const canOpen = useCanOpen();
  if (query.error && !query.data) {
    return <LoadError what="the overview" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const data = query.data;
  const approvals = canOpen(paths.admin.approvals);
  return (
    <Stack gap="md" component="section" aria-label="Overview">
      <SimpleGrid cols={approvals ? { base: 1, xs: 2, lg: 4 } : { base: 1, xs: 3 }} spacing="md">
        <Count label="Clients" value={data?.clients} />
        <Count
          label="Pending deposits and withdrawals"
          value={data?.pendingReviews}
          to={canOpen(paths.admin.pendingReviews) ? paths.admin.pendingReviews : undefined}
        />
        <Count
          label="Identity checks waiting"
          value={data?.pendingVerifications}
          to={canOpen(paths.admin.users) ? paths.admin.usersInVerification('pending') : undefined}
          linkLabel="Review"
        />
        {approvals && (
          <Count
            label="Waiting for approval"
            value={data?.pendingApprovals}
            to={paths.admin.approvals}
            linkLabel="Decide"
          />
        )}
      </SimpleGrid>
      <ApprovedTable data={data} />
    </Stack>
  );
}
