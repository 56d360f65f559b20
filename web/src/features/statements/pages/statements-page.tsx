import { Anchor, NativeSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DATE_RANGE_MSG, isCalendarDay } from '@common/schemas/date-range';
import type { StatementRange } from '@common/schemas/statements';
import { paths } from '../../../config/paths';
import { BusyButton } from '../../../components/busy-button';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { CLIENT_TITLE_FZ, PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { downloadStatement, issuedStatementsQuery } from '../api';
import { IssuedStatements } from '../components/issued-statements';
import { recentMonths } from '../months';

type Kind = 'month' | 'range';

const KINDS = [
  { value: 'month', label: 'Monthly' },
  { value: 'range', label: 'Date range' },
];

/** Why the range cannot be asked for yet ('' when it can). */
function rangeProblem(from: string, to: string): string {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return 'Choose the first and the last day';
  return from > to ? DATE_RANGE_MSG.fromAfterTo : '';
}

/**
 * /account/statements: a signed PDF statement for one of the last 12 months or for any range of
 * days (UTC, inclusive), downloaded with the session's token. The figures are the ledger's; the
 * file is signed, and the /transparency page checks it (docs/transparency.md "Signed statements").
 * Below, the statements issued so far, a superseded one with why and its corrected one.
 */
export function StatementsPage() {
  const months = useMemo(() => recentMonths(), []);
  const [kind, setKind] = useState<Kind>('month');
  const [month, setMonth] = useState(months[0]!.value);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: (range: StatementRange) => downloadStatement(range),
    onSettled: () => queryClient.invalidateQueries({ queryKey: issuedStatementsQuery.queryKey }),
  });

  const problem = kind === 'range' ? rangeProblem(from, to) : '';
  const range: StatementRange | null =
    kind === 'month' ? months.find((m) => m.value === month)!.range : problem ? null : { from, to };

  return (
    <Stack gap="md">
      <PageTitle
        title="Statements"
        fz={CLIENT_TITLE_FZ}
        description="Signed PDF statements of your account, with the figures of our ledger."
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={560}>
        <Stack
          gap="md"
          component="form"
          aria-label="Statement"
          onSubmit={(event) => {
            event.preventDefault();
            if (range) download.mutate(range);
          }}
        >
          <FormErrorAlert
            message={
              download.isError ? errorMessage(download.error, 'The statement could not be downloaded') : null
            }
          />
          <SegmentedControl
            data={KINDS}
            value={kind}
            onChange={(value) => {
              setKind(value as Kind);
              download.reset();
            }}
            aria-label="Statement period"
            fullWidth
          />
          {kind === 'month' ? (
            <NativeSelect
              label="Month"
              data={months.map((m) => ({ value: m.value, label: m.label }))}
              value={month}
              onChange={(event) => setMonth(event.currentTarget.value)}
            />
          ) : (
            <DateRangeFilter
              label="Statement"
              from={from}
              to={to}
              onFromChange={setFrom}
              onToChange={setTo}
              error={from && to && from > to ? DATE_RANGE_MSG.fromAfterTo : undefined}
            />
          )}
          <Text size="sm" c="dimmed">
            Days are UTC days, first and last included. The balance on a statement is your total funds with
            us: available, held for pending withdrawals, and invested in plans.
          </Text>
          <BusyButton
            type="submit"
            busy={download.isPending}
            disabled={!range}
            leftSection={<IconDownload size={16} aria-hidden />}
            w={{ base: '100%', xs: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          >
            Download PDF
          </BusyButton>
          {kind === 'range' && problem && (from || to) && problem !== DATE_RANGE_MSG.fromAfterTo && (
            <Text size="sm" c="dimmed">
              {problem}
            </Text>
          )}
        </Stack>
      </Paper>
      <Text size="sm" maw={560}>
        Each statement is signed with our published key: one changed character makes the check fail. You or
        anyone you send it to can check a statement on the{' '}
        <Anchor component={Link} to={paths.transparency}>
          Transparency page
        </Anchor>
        .
      </Text>
      <Stack maw={560}>
        <IssuedStatements />
      </Stack>
    </Stack>
  );
}
