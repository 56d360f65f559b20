import { Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { RequestStatus } from '@common/schemas/deposits';
import type { PublicTransaction } from '@common/schemas/transactions';
import { LoadError } from '../../../components/load-error';
import { Pager, type Column } from '../../../components/paged-table';
import { SignedAmount } from '../../../components/signed-amount';
import type { Paging } from '../../../hooks/use-paging';
import { formatDateTime } from '../../../lib/format';
import { TYPE_LABELS } from '../../../lib/transaction-labels';
import { detailsButtonName, LineDialog, LineStatus } from './line-details';
import classes from './history-items.module.css';

interface HistoryItemsProps {
  /** Names the list for assistive technology (and its error state). */
  caption: string;
  /** The lines of the current page; undefined until the first answer. */
  lines: PublicTransaction[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  emptyText: string;
  paging: Paging;
  total: number;
  statusLabels: Record<RequestStatus, string>;
  /** More columns of the line (a proof mark): after the type, and in the line's dialog. */
  extra?: Column<PublicTransaction>[];
}

/**
 * One line as two: what it was (with the `extra` marks) and its amount, then its date and status;
 * the method is in the dialog.
 * The type is a button named as the table's Details button ("Details of the Deposit of $300.00 on
 * …") that opens the line's dialog; a tap anywhere on the item does the same. Each item owns its
 * dialog, as each table row does: a dialog mounted already open would not know where focus was, so
 * Escape could not give it back to the item.
 */
function HistoryItem({
  line,
  statusLabels,
  extra,
}: {
  line: PublicTransaction;
  statusLabels: Record<RequestStatus, string>;
  extra: Column<PublicTransaction>[];
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <li className={classes.item}>
      <Group justify="space-between" gap="sm" wrap="nowrap" align="baseline">
        <Group gap="xs" miw={0} wrap="wrap" align="baseline">
          <UnstyledButton
            className={classes.open}
            aria-haspopup="dialog"
            aria-label={detailsButtonName(line)}
            onClick={open}
          >
            {TYPE_LABELS[line.type]}
          </UnstyledButton>
          {extra.map((column) => (
            <div key={column.header} className={classes.above}>
              {column.cell(line)}
            </div>
          ))}
        </Group>
        <div style={{ flexShrink: 0 }}>
          <SignedAmount line={line} />
        </div>
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
        <Text size="xs" c="dimmed" miw={0}>
          {formatDateTime(line.date)}
        </Text>
        <div className={classes.above}>
          <LineStatus line={line} labels={statusLabels} />
        </div>
      </Group>
      <LineDialog opened={opened} onClose={close} line={line} labels={statusLabels} extra={extra} />
    </li>
  );
}

/**
 * The history on a phone (under 768 px): a list of two-line items instead of seven-line cards, so
 * a screen shows several lines; each opens the whole line in the dialog the table's Details button
 * opens. Skeleton items while loading, a retry when the read fails, `emptyText` when empty, and the
 * table's pager below.
 */
export function HistoryItems({
  caption,
  lines,
  loading,
  error,
  onRetry,
  emptyText,
  paging,
  total,
  statusLabels,
  extra = [],
}: HistoryItemsProps) {
  if (error && !lines) return <LoadError what={caption.toLowerCase()} error={error} onRetry={onRetry} />;
  return (
    <div>
      {!lines && loading ? (
        <Stack gap="xs" aria-busy="true" aria-label={`Loading ${caption.toLowerCase()}`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} radius="md" />
          ))}
        </Stack>
      ) : !lines?.length ? (
        <Text c="dimmed" ta="center" py="lg">
          {emptyText}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={caption}
          aria-busy={loading}
        >
          {lines.map((line) => (
            <HistoryItem key={line._id} line={line} statusLabels={statusLabels} extra={extra} />
          ))}
        </Stack>
      )}
      <Pager paging={paging} total={total} />
    </div>
  );
}
