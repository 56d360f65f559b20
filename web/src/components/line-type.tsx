import { Group, Text } from '@mantine/core';
import { IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import type { PublicTransaction } from '@common/schemas/transactions';
import { lineTypeLabel } from '../lib/transaction-labels';

/**
 * A history line's type in words, its sign included: a plan result that took money out reads
 * "Loss" with a red down-trend icon, one that paid out reads "Profit" with a green up-trend icon
 * (docs/product.md "Honest words"); other types are their label alone. The icon repeats the word,
 * so it is hidden from screen readers.
 */
export function LineType({ line }: { line: Pick<PublicTransaction, 'type' | 'direction'> }) {
  const label = lineTypeLabel(line);
  if (line.type !== 'profit') return label;
  const loss = line.direction === 'debit';
  const Icon = loss ? IconTrendingDown : IconTrendingUp;
  return (
    <Group component="span" gap={4} wrap="nowrap">
      <Icon size={16} color={`var(--mantine-color-${loss ? 'red-8' : 'teal-8'})`} aria-hidden />
      <Text span inherit>
        {label}
      </Text>
    </Group>
  );
}
