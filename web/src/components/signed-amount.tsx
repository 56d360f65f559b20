import { Text } from '@mantine/core';
import type { PublicTransaction } from '@common/schemas/transactions';
import { formatUsd } from '../lib/format';

/**
 * A history line's amount with its direction: "+$10.00" in teal for a credit, "−$10.00" in red for
 * a debit. A rejected deposit or declined withdrawal moved no money: its amount is plain grey, with
 * no sign (docs/product.md "Decision reasons").
 */
export function SignedAmount({ line }: { line: Pick<PublicTransaction, 'amount' | 'direction' | 'status'> }) {
  if (line.status === 'rejected') {
    return (
      <Text span fw={600} c="gray.7">
        {formatUsd(line.amount)}
      </Text>
    );
  }
  return (
    <Text span fw={600} c={line.direction === 'debit' ? 'red.9' : 'teal.9'}>
      {line.direction === 'debit' ? '−' : '+'}
      {formatUsd(line.amount)}
    </Text>
  );
}
