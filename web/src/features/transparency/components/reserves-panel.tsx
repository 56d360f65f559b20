import '@mantine/core/styles/Alert.layer.css';
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { RESERVES_MSG } from '@common/schemas/reserves';
import { reservesQuery } from '../api';
import { DARK_TITLE } from './dark-title';
import { FactsTable } from './facts-table';
import { HashText } from './hash-text';

/**
 * The reserve wallets the operator declares in its settings, marked as declared and not verified;
 * nothing at all when it declares none (or the list cannot be read: it is only a declaration).
 */
export function ReservesPanel({ headingId }: { headingId: string }) {
  const query = useQuery(reservesQuery);
  const reserves = query.data ?? [];
  if (reserves.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Text id={headingId} fw={700} size="lg" component="h3">
        Reserves declared by the operator
      </Text>
      <Alert
        color="yellow"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={RESERVES_MSG.notice}
        vars={DARK_TITLE.yellow}
      >
        We cannot prove who controls these wallets or that their funds are not owed elsewhere.
      </Alert>
      {reserves.map((reserve) => (
        <FactsTable
          key={`${reserve.asset}-${reserve.address}`}
          label={`${reserve.asset} reserve`}
          rows={[
            ['Asset', reserve.asset],
            ['Address', <HashText key="address" value={reserve.address} />],
            ['Amount', `${reserve.amount} ${reserve.asset}`],
            ...(reserve.asOf ? [['Declared for', reserve.asOf] as [string, string]] : []),
          ]}
        />
      ))}
    </Stack>
  );
}
