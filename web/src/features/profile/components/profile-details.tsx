import { Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format';
import { useMe } from '../api';
import { GENDER_LABELS } from '../labels';
import { VerificationBadge } from './verification-badge';

/** The profile tab: the client's details, read-only. */
export function ProfileDetails() {
  const me = useMe();
  if (me.error && !me.data) {
    return <LoadError what="your profile" error={me.error} onRetry={() => void me.refetch()} />;
  }
  if (!me.data) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading your profile">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={20} />
        ))}
      </Stack>
    );
  }
  const user = me.data;
  const dimmed = (text: string) => (
    <Text span c="dimmed" size="sm">
      {text}
    </Text>
  );
  const none = dimmed('Not given');
  const rows: Array<[string, ReactNode]> = [
    ['Full name', `${user.firstName} ${user.lastName}`],
    ['Email', user.email],
    ['Phone', user.phone || none],
    ['Gender', user.gender ? GENDER_LABELS[user.gender] : none],
    ['Country', user.country || none],
    ['Address', user.location.address || none],
    ['State', user.location.state || none],
    ['Account plan', user.account.accountPlan],
    ['Identity verification', <VerificationBadge key="status" status={user.verificationStatus} />],
    [
      'Referral ID',
      <Text key="ref" span ff="monospace" size="sm">
        {user.referralId}
      </Text>,
    ],
    [
      'Referred by',
      user.referredBy
        ? `${user.referredBy.firstName} ${user.referredBy.lastName} (${user.referredBy.email})`
        : dimmed('Nobody'),
    ],
    ['Member since', formatDateTime(user.createdAt)],
  ];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Table variant="vertical" layout="fixed" withRowBorders verticalSpacing="sm" aria-label="Your profile">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 120, sm: 200 }} scope="row">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
