import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { RequestStatus } from '@common/schemas/deposits';
import type { PublicTransaction } from '@common/schemas/transactions';
import { Dialog } from '../../../components/dialog';
import type { Column } from '../../../components/paged-table';
import { SignedAmount } from '../../../components/signed-amount';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { lineTypeLabel, methodLabel } from '../../../lib/transaction-labels';

/** Status labels per request status: the client's wording ("Successful") or the back office's. */
type StatusLabels = Record<RequestStatus, string>;

/**
 * A line's status badge in the given wording, with a "Voided" mark once a reversal voided it (both
 * kept whole: a badge never cuts its label).
 */
export function LineStatus({ line, labels }: { line: PublicTransaction; labels: StatusLabels }) {
  return (
    <Group gap={4} wrap="nowrap">
      <StatusBadge status={line.status} labels={labels} />
      {line.voided && (
        <Badge color="gray" variant="outline" miw="max-content">
          Voided
        </Badge>
      )}
    </Group>
  );
}

/**
 * The accessible name of a line's Details button, starting with its visible label (WCAG 2.5.3):
 * "Details of the Deposit of $1,250.00 on Nov 30, 2026 9:30 AM" (the date as its column shows it).
 */
export const detailsButtonName = (line: PublicTransaction) =>
  `Details of the ${lineTypeLabel(line)} of ${formatUsd(line.amount)} on ${formatDateTime(line.date)}`;

/** A fact's row: its label in a narrow first column, its value beside it (a phone's dialog too). */
const FACT = {
  display: 'grid',
  gridTemplateColumns: 'minmax(72px, 30%) minmax(0, 1fr)',
  columnGap: 'var(--mantine-spacing-sm)',
  alignItems: 'baseline',
} as const;

/** One "label  value" row of the dialog. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={FACT}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

interface LineFactsProps {
  line: PublicTransaction;
  labels: StatusLabels;
  /** More of the line's columns (a proof mark), each shown as a fact under its header. */
  extra?: Column<PublicTransaction>[];
}

/**
 * The whole of a history line in a dialog: date, type, method, amount, status, the `extra` columns
 * and the full details (an admin's stated reason, why a deposit was rejected or a withdrawal
 * declined; docs/product.md "Decision reasons"), wrapped over as many lines as it takes, never cut.
 */
function LineFacts({ line, labels, extra = [] }: LineFactsProps) {
  return (
    <Stack gap="sm">
      <Fact label="Date">
        <Text size="sm">{formatDateTime(line.date)}</Text>
      </Fact>
      <Fact label="Type">
        <Text size="sm">{lineTypeLabel(line)}</Text>
      </Fact>
      <Fact label="Method">
        <Text size="sm">{methodLabel(line.method)}</Text>
      </Fact>
      <Fact label="Amount">
        <SignedAmount line={line} />
      </Fact>
      <Fact label="Status">
        <LineStatus line={line} labels={labels} />
      </Fact>
      {extra.map((column) => (
        <Fact key={column.header} label={column.header}>
          {column.cell(line)}
        </Fact>
      ))}
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          Details and reason
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {line.details || '—'}
        </Text>
      </Stack>
    </Stack>
  );
}

/**
 * The Details cell of a history line: the details previewed on two lines, then a "Details" button
 * (named after the line for assistive technology) that opens a dialog with the whole line, its full
 * details and reason included. Keyboard: Tab to the button, Enter opens, Escape closes and focus
 * returns to the button.
 */
export function LineDetailsCell({ line, labels }: { line: PublicTransaction; labels: StatusLabels }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" lineClamp={2} maw={280}>
        {line.details || '—'}
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        aria-haspopup="dialog"
        aria-label={detailsButtonName(line)}
        onClick={open}
      >
        Details
      </Button>
      <LineDialog opened={opened} onClose={close} line={line} labels={labels} />
    </Stack>
  );
}

/**
 * The "Transaction details" dialog of one history line (see LineFacts): the table's Details button
 * and a phone's history item open it. Escape closes it and focus returns to what opened it.
 */
export function LineDialog({
  opened,
  onClose,
  ...facts
}: LineFactsProps & { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Transaction details">
      <LineFacts {...facts} />
    </Dialog>
  );
}
