import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AccountFigures } from '@common/schemas/transactions';
import { formatUsd } from '../lib/format';

/** "Available balance: $1,234.00" from the client's ledger figures ("…" while loading). */
export function AvailableBalance({ figures }: { figures: UseQueryResult<AccountFigures> }) {
  return (
    <Text>
      Available balance:{' '}
      <Text span fw={700}>
        {figures.data ? formatUsd(figures.data.balance) : figures.isError ? 'unavailable' : '…'}
      </Text>
    </Text>
  );
}
