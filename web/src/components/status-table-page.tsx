import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PagedQueryOptions } from '../lib/queries';
import { ExportCsvButton } from './export-csv-button';
import { PageTitle } from './page-title';
import { usePaging, type Paging } from '../hooks/use-paging';
import { PagedTable, serverPage, type Column } from './paged-table';

/** One status a `StatusTablePage` can show: its switch label, the table's name, its empty text. */
export interface StatusView {
  label: string;
  /** The table's accessible name ("Failed mails"), and its error state's. */
  caption: string;
  /** What the page says when this status has no row. */
  empty: string;
}

interface StatusTablePageProps<Status extends string, Page extends { data: unknown[]; total: number }> {
  /**
   * The page's h1: a text, or made of the status shown and its total (undefined until that
   * status's page has loaded).
   */
  title: string | ((status: Status, total: number | undefined) => string);
  /** The dimmed line under the h1. */
  description: string;
  /** The statuses, in the switch's order; the first is shown first. */
  views: Record<Status, StatusView>;
  /** The switch's accessible name ("Show requests"). */
  switchLabel: string;
  /**
   * The query of one server page of one status, keyed `[root, status, params]` as
   * `pagedQuery([root, status], …)` keys it.
   */
  query: (params: { page: number; pageSize: Paging['pageSize']; status: Status }) => PagedQueryOptions<Page>;
  /** The table's columns for a status. */
  columns: (status: Status) => Column<Page['data'][number]>[];
  /** Narrower screens scroll the table sideways below this width (px; 900 by default). */
  minWidth?: number;
  /** Downloads the status shown as CSV: an "Export CSV" button above the table when given. */
  exportCsv?: (status: Status) => Promise<void>;
}

/**
 * A back-office page listing one status of a server-paged list at a time (the approval requests,
 * the mail outbox): its `PageTitle`, a SegmentedControl of the `views` (full width on a phone), and
 * an "Export CSV" button of the chosen status when `exportCsv` is given, and a `PagedTable` of it with its skeleton, error with Retry and paging. A status with
 * no row at all says its `empty` text in a bordered panel instead of the table, which a phone would
 * scroll sideways past the words. Switching status goes back to page 1 and never shows the other
 * status's rows while loading; when rows leave the last page (approved, sent again) it goes back a
 * page, as the server pulls nothing back.
 */
export function StatusTablePage<Status extends string, Page extends { data: unknown[]; total: number }>({
  title,
  description,
  views,
  switchLabel,
  query,
  columns,
  minWidth = 900,
  exportCsv,
}: StatusTablePageProps<Status, Page>) {
  const [status, setStatus] = useState(Object.keys(views)[0] as Status);
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const answer = useQuery({
    ...query({ page, pageSize, status }),
    // the page on screen stays while the next one loads, but never the other status's rows
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === status ? previous : undefined,
  });
  // the total of this status's page once it has loaded (not a placeholder kept while it loads)
  const total = answer.isPlaceholderData ? undefined : answer.data?.total;
  useEffect(() => {
    const lastPage = Math.max(1, Math.ceil((total ?? 0) / pageSize));
    if (total !== undefined && page > lastPage) setPage(lastPage);
  }, [total, page, pageSize, setPage]);
  const view = views[status];

  return (
    <Stack gap="md">
      <PageTitle title={typeof title === 'string' ? title : title(status, total)} description={description} />
      <SegmentedControl
        value={status}
        onChange={(value) => {
          setStatus(value as Status);
          setPage(1);
        }}
        data={Object.entries<StatusView>(views).map(([value, { label }]) => ({ value, label }))}
        aria-label={switchLabel}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      {exportCsv && (
        <Group>
          <ExportCsvButton download={() => exportCsv(status)} failure="The export failed" />
        </Group>
      )}
      {total === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {view.empty}
          </Text>
        </Paper>
      ) : (
        <PagedTable
          key={status}
          caption={view.caption}
          columns={columns(status)}
          {...serverPage(answer)}
          emptyText={view.empty}
          paging={paging}
          minWidth={minWidth}
        />
      )}
    </Stack>
  );
}
