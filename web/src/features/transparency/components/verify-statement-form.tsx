import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertTriangle, IconFileCertificate, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useId, useState, type DragEvent } from 'react';
import { formatPeriod, formatUtcDateTime, isOpenPeriod } from '@common/dates';
import type { VerifyStatementAnswer } from '@common/schemas/statements';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { verifyStatement } from '../api';
import { DARK_TITLE } from './dark-title';
import { FactsTable } from './facts-table';
import { shortHash } from './hash-text';

/**
 * The figures of an authentic statement, as the check read them from the signed file; a period not
 * over when it was issued has a balance "as of" its issue time, not a closing balance.
 */
function StatementFacts({ answer }: { answer: VerifyStatementAnswer }) {
  const open = !!answer.to && !!answer.issuedAt && isOpenPeriod(answer.to, new Date(answer.issuedAt));
  const rows: Array<[string, string | undefined]> = [
    ['Client', answer.client],
    ['Period', answer.from && answer.to ? formatPeriod(answer.from, answer.to) : undefined],
    [
      open ? `Balance as of ${formatUtcDateTime(answer.issuedAt!)}` : 'Closing balance',
      answer.closingBalance === undefined ? undefined : formatUsd(answer.closingBalance),
    ],
    ['Issued', answer.issuedAt && formatUtcDateTime(answer.issuedAt)],
    [
      'Journal tree head',
      answer.treeHead
        ? `${answer.treeHead.size.toLocaleString('en-US')} entries, root ${shortHash(answer.treeHead.rootHash)}`
        : undefined,
    ],
  ];
  return (
    <FactsTable label="Statement checked" rows={rows.filter((row): row is [string, string] => !!row[1])} />
  );
}

/** The three outcomes' looks: colour, title, icon and the role screen readers announce. */
const OUTCOME_LOOK = {
  superseded: {
    color: 'yellow',
    title: 'Authentic, but superseded',
    Icon: IconAlertTriangle,
    role: 'status',
  },
  authentic: {
    color: 'teal',
    title: 'Authentic and unaltered',
    Icon: IconRosetteDiscountCheck,
    role: 'status',
  },
  forged: { color: 'red', title: 'Not authentic', Icon: IconAlertTriangle, role: 'alert' },
} as const;

/** The check's outcome: authentic with the statement's figures (and, when superseded, why and by which), or why not. */
function Outcome({ answer }: { answer: VerifyStatementAnswer }) {
  const { superseded } = answer;
  const look = OUTCOME_LOOK[!answer.authentic ? 'forged' : superseded ? 'superseded' : 'authentic'];
  return (
    <Alert
      color={look.color}
      variant="light"
      title={look.title}
      icon={<look.Icon aria-hidden />}
      role={look.role}
      vars={DARK_TITLE[look.color]}
    >
      {answer.authentic ? (
        <Stack gap="xs">
          <Text size="sm">
            {answer.reason}
            {superseded ? '.' : ''}
          </Text>
          {superseded && (
            <Text size="sm">
              Superseded on {formatUtcDateTime(superseded.at)}: {superseded.reason}. It is replaced by the
              corrected statement for {formatPeriod(superseded.correctedBy.from, superseded.correctedBy.to)}
              {superseded.correctedBy.downloaded ? '' : ', which the client has not downloaded yet'}.
            </Text>
          )}
          <StatementFacts answer={answer} />
        </Stack>
      ) : (
        <Text size="sm">{answer.reason}</Text>
      )}
    </Alert>
  );
}

/**
 * "Verify a statement": a PDF dropped on the area or picked with the file input is sent to
 * POST /api/transparency/verify-statement, which checks the signature over the file's exact bytes
 * with our published key; the answer says authentic and unaltered (with the statement's client,
 * period, closing balance and tree head) or why not.
 */
export function VerifyStatementForm() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const check = useMutation({ mutationFn: verifyStatement });

  const choose = (chosen: File | null | undefined) => {
    setFile(chosen ?? null);
    check.reset();
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        radius="md"
        p="lg"
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        style={{
          borderStyle: 'dashed',
          borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
        }}
      >
        <Stack gap="xs" align="center" ta="center">
          <IconFileCertificate size={36} aria-hidden color="var(--mantine-color-indigo-7)" />
          <Text size="sm">Drop a statement PDF here, or choose it:</Text>
          <label htmlFor={inputId}>
            <Text size="sm" fw={600} span>
              Statement PDF
            </Text>
          </label>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => choose(event.currentTarget.files?.[0])}
            style={{ maxWidth: '100%' }}
          />
          {file && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {file.name} ({Math.ceil(file.size / 1024).toLocaleString('en-US')} KB)
            </Text>
          )}
        </Stack>
      </Paper>
      <Button
        onClick={() => file && check.mutate(file)}
        disabled={!file}
        loading={check.isPending}
        style={{ alignSelf: 'flex-start' }}
      >
        Verify statement
      </Button>
      {check.data && <Outcome answer={check.data} />}
      {check.isError && (
        <Alert
          color="red"
          variant="light"
          title="The file could not be checked"
          role="alert"
          vars={DARK_TITLE.red}
        >
          <Text size="sm">{errorMessage(check.error, 'Network Error')}</Text>
        </Alert>
      )}
    </Stack>
  );
}
