import { Text } from '@mantine/core';
import type { PublicTransaction } from '@common/schemas/transactions';
import { formatUsd } from '../lib/format';

/** A history line's amount with its direction: "+$10.00" in teal for a credit, "−$10.00" in red for a debit. */
export function SignedAmount({ line }: { line: Pick<PublicTransaction, 'amount' | 'direction'> }) {
  return (
    <Text span fw={600} c={line.direction === 'debit' ? 'red.9' : 'teal.9'}>
      {line.direction === 'debit' ? '−' : '+'}
      {formatUsd(line.amount)}
    </Text>
  );
}
