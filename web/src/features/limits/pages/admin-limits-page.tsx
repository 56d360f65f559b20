import { Button, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NotAllowed } from '../../../components/admin/not-allowed';
import { Can } from '../../../components/can';
import { PageTitle } from '../../../components/page-title';
import { dateColumn, PagedTable, queryStatus, type Column } from '../../../components/paged-table';
import { formatUsd } from '../../../lib/format';
import { levelsQuery, type LevelRow } from '../api';
import { CAP_FIELDS, LevelCapsDialog } from '../components/level-caps-dialog';

const DESCRIPTION =
  'What a client may deposit and withdraw at each verification level, per rolling 24 hours and per rolling 30 days, in US dollars. A request over a cap is refused with a message naming the cap and how to raise it. Every change is audited with its reason; lowering a cap applies at once, a large raise waits until a second owner approves it, and the raises of one cap within 24 hours add up.';

/** The table's columns; `onEdit` opens the dialog of a level. */
function columns(onEdit: (row: LevelRow) => void): Column<LevelRow>[] {
  return [
    {
      header: 'Verification level',
      cell: (row) => (
        <Text size="sm" fw={600}>
          {row.title}
        </Text>
      ),
    },
    ...CAP_FIELDS.map(([field, label]): Column<LevelRow> => ({
      header: label,
      numeric: true,
      nowrap: true,
      cell: (row) => formatUsd(row[field]),
    })),
    dateColumn('Last changed', (row) => row.updatedAt),
    {
      header: 'Actions',
      actions: true,
      cell: (row) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconEdit size={14} aria-hidden />}
          aria-label={`Edit limits: ${row.title}`}
          onClick={() => onEdit(row)}
        >
          Edit
        </Button>
      ),
    },
  ];
}

/** The caps table and its edit dialog. */
function VerificationLimits() {
  const query = useQuery(levelsQuery);
  const [editing, setEditing] = useState<LevelRow | null>(null);
  return (
    <Stack gap="md" w="100%" maw={1100} mx="auto">
      <PageTitle title="Verification limits" description={DESCRIPTION} />
      <PagedTable
        caption="Limits by verification level"
        columns={columns(setEditing)}
        rows={query.data}
        rowKey={(row) => row.level}
        {...queryStatus(query)}
        emptyText="No verification level is set up."
        minWidth={900}
      />
      <LevelCapsDialog row={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/**
 * /admin/verification-limits (owner: `limits.manage`, docs/security.md "Limits by verification
 * level"): each level's deposit and withdrawal caps per 24 hours and per 30 days (USD), with an Edit
 * dialog per level; other roles see why they may not.
 */
export function AdminLimitsPage() {
  return (
    <Can permission="limits.manage" fallback={<NotAllowed />}>
      <VerificationLimits />
    </Can>
  );
}
