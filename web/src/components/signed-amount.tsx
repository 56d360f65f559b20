import { Group, Stack, Text } from '@mantine/core';
import { IconArrowsRightLeft, IconClockHour4 } from '@tabler/icons-react';
import type { PublicTransaction } from '@common/schemas/transactions';
import { formatUsd } from '../lib/format';

/**
 * How a history line's amount reads (docs/product.md "Account value and its three parts"):
 * - `credit` / `debit`: posted money into or out of the account: "+$10.00" teal, "−$10.00" red;
 * - `moved`: a move between the parts of the account value (a plan opened or closed), which changes
 *   no total: neutral, with the arrows icon and where the money went ("Available to Invested");
 * - `pending`: a request not decided yet (a deposit waiting for review, a withdrawal whose amount is
 *   held): neutral, with the clock icon, no sign;
 * - `none`: a rejected deposit or declined withdrawal moved no money: plain grey, no sign
 *   (docs/product.md "Decision reasons").
 */
export type AmountTone = 'credit' | 'debit' | 'moved' | 'pending' | 'none';

type Line = Pick<PublicTransaction, 'amount' | 'direction' | 'status' | 'type'>;

/** Where the money of a move between parts goes, by line type. */
const MOVES: Partial<Record<Line['type'], string>> = {
  plan_open: 'Available to Invested',
  plan_close: 'Invested to Available',
};

/** The tone of `line` (see AmountTone). */
export function amountTone(line: Line): AmountTone {
  if (line.status === 'rejected') return 'none';
  if (MOVES[line.type]) return 'moved';
  if (line.status === 'pending') return 'pending';
  return line.direction === 'debit' ? 'debit' : 'credit';
}

/** The neutral colour of moves and pending lines (dark enough for small text on white and grey rows). */
const NEUTRAL = 'gray.8';

/** A history line's amount in its tone (AmountTone), its root marked `data-tone` with that tone. */
export function SignedAmount({ line }: { line: Line }) {
  const tone = amountTone(line);
  const amount = formatUsd(line.amount);
  switch (tone) {
    case 'none':
      return (
        <Text span fw={600} c="gray.7" data-tone={tone}>
          {amount}
        </Text>
      );
    case 'moved':
      return (
        <Stack gap={0} align="flex-start" data-tone={tone} c={NEUTRAL} display="inline-flex">
          <Group gap={4} wrap="nowrap">
            <IconArrowsRightLeft size={16} aria-hidden />
            <Text span fw={600} c={NEUTRAL}>
              {amount}
            </Text>
          </Group>
          <Text span fz="xs" c={NEUTRAL}>
            {MOVES[line.type]}
          </Text>
        </Stack>
      );
    case 'pending':
      return (
        <Group gap={4} wrap="nowrap" data-tone={tone} c={NEUTRAL} display="inline-flex">
          <IconClockHour4 size={16} aria-hidden />
          <Text span fw={600} c={NEUTRAL}>
            {amount}
          </Text>
        </Group>
      );
    default:
      return (
        <Text span fw={600} c={tone === 'debit' ? 'red.9' : 'teal.9'} data-tone={tone}>
          {tone === 'debit' ? '−' : '+'}
          {amount}
        </Text>
      );
  }
}
