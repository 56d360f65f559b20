import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDay, formatPeriod, formatUtcDateTime, isOpenPeriod } from '@common/dates';
import type { IssuedStatement, StatementRange } from '@common/schemas/statements';
import { BusyButton } from '../../../components/busy-button';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { LoadError } from '../../../components/load-error';
import { SectionCard } from '../../../components/section-card';
import { DotBadge } from '../../../components/status-badge';
import { errorMessage } from '../../../lib/api-client';
import { downloadStatement, issuedStatementsQuery } from '../api';

/**
 * One issued statement: its period (dates for people: common/dates.ts), when it was issued, whether
 * its period was still open then (its balance is "as of" that time, not a closing balance), and,
 * when superseded, why and by which.
 */
function IssuedItem({
  statement,
  onDownload,
  busy,
}: {
  statement: IssuedStatement;
  onDownload: (range: StatementRange) => void;
  busy: boolean;
}) {
  const { superseded } = statement;
  const period = formatPeriod(statement.from, statement.to);
  const issuedAt = formatUtcDateTime(statement.issuedAt);
  const open = isOpenPeriod(statement.to, new Date(statement.issuedAt));
  return (
    <Paper withBorder radius="sm" p="sm" component="li" aria-label={`Statement ${period}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {period}
          </Text>
          {superseded ? (
            <DotBadge color="orange">Superseded</DotBadge>
          ) : statement.downloaded ? (
            <DotBadge color="teal">Current</DotBadge>
          ) : (
            <DotBadge color="indigo">Corrected, ready to download</DotBadge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {statement.downloaded ? 'Issued' : 'Called for'} {issuedAt}
          {open && ` · period not over: balance as of ${issuedAt}`}
          {statement.treeHeadSize !== null &&
            ` · journal of ${statement.treeHeadSize.toLocaleString('en-US')} entries`}
        </Text>
        {superseded && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} p="xs">
            <Text size="sm">
              Superseded on {formatDay(superseded.at)}: {superseded.reason}.
            </Text>
          </Alert>
        )}
        {(superseded || !statement.downloaded) && (
          <BusyButton
            variant="light"
            size="xs"
            busy={busy}
            leftSection={<IconDownload size={14} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => onDownload({ from: statement.from, to: statement.to })}
          >
            {superseded ? 'Download the corrected statement' : 'Download it'}
          </BusyButton>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * "Issued statements" on /account/statements: every statement we issued to the client, newest first;
 * a superseded one says "Superseded on <date>: <reason>" (the back-dated entry, its amount and dates)
 * and offers the corrected statement of the same period (docs/transparency.md "Signed statements").
 */
export function IssuedStatements() {
  const queryClient = useQueryClient();
  const list = useQuery(issuedStatementsQuery);
  const download = useMutation({
    mutationFn: (range: StatementRange) => downloadStatement(range),
    onSettled: () => queryClient.invalidateQueries({ queryKey: issuedStatementsQuery.queryKey }),
  });
  return (
    <SectionCard
      title="Issued statements"
      description="Every statement we issued to you. If an entry dated inside a statement's period is posted after it was issued, that statement is superseded and a corrected one replaces it."
    >
      {list.isError && (
        <LoadError what="your statements" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <FormErrorAlert
        message={
          download.isError ? errorMessage(download.error, 'The statement could not be downloaded') : null
        }
      />
      {list.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No statement issued yet.
        </Text>
      )}
      {!!list.data?.length && (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.data.map((s) => (
            <IssuedItem
              key={s.id}
              statement={s}
              busy={
                download.isPending && download.variables?.from === s.from && download.variables.to === s.to
              }
              onDownload={(range) => download.mutate(range)}
            />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
