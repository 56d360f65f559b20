import { Button, Group, NativeSelect, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './load-error';
import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { LIMITS } from '@common/constants';
import { useCan } from '../hooks/use-can';
import type { PageSize, Paging } from '../hooks/use-paging';
import type { Needs } from '../lib/admin-access';
import { pageStatus } from '../lib/announcements';
import { formatDateTime } from '../lib/format';
import { CARD_STYLES, TableCardsContext, useInTableCards, useTableCards } from './table-cards';

/** One column of a `PagedTable`. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligns the column (amounts), unless it is the first: first columns stay left-aligned. */
  numeric?: boolean;
  /** Keeps the cells on one line (dates, amounts, buttons); the table scrolls sideways instead. */
  nowrap?: boolean;
  /** The row's buttons: on a phone's card they stand on their own line at the bottom, unlabelled. */
  actions?: boolean;
  /** Shows the column only to a staff role with this permission (a back office's action column). */
  permission?: Needs;
}

/** A date-time column kept on one line: `date` picks the row's ISO date, shown by formatDateTime. */
export function dateColumn<Row>(header: string, date: (row: Row) => string): Column<Row> {
  return { header, nowrap: true, cell: (row) => formatDateTime(date(row)) };
}

interface CellTextProps {
  children: string;
  /** The narrowest the text's column gets (px); it is at most 320 px wide. */
  miw: number;
  dimmed?: boolean;
  /**
   * Lets the column narrow below the text's longest word (an address, an error without spaces),
   * breaking it anywhere; otherwise whole words wrap and only an over-long one breaks.
   */
  breakAnywhere?: boolean;
}

/** A free text in a table cell (a reason, an address, a subject, an error) at a readable width. */
export function CellText({ children, miw, dimmed = false, breakAnywhere = false }: CellTextProps) {
  // a phone's card gives the text the width left of its label, whatever the column's minimum
  const inCards = useInTableCards();
  return (
    <Text
      size="sm"
      c={dimmed ? 'dimmed' : undefined}
      miw={inCards ? undefined : miw}
      maw={320}
      style={{ overflowWrap: breakAnywhere ? 'anywhere' : 'break-word' }}
    >
      {children}
    </Text>
  );
}

/**
 * A name in bold with its identifier under it in small dimmed monospace, in a table cell (an API
 * key's name and prefix, a webhook delivery's event and id).
 */
export function NameWithCode({ name, code }: { name: string; code: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {code}
      </Text>
    </Stack>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** The table form's box: a table wider than it scrolls sideways inside it. */
const SCROLL_BOX = { overflowX: 'auto' } as const;
/** The value's box in the table form: no box of its own (the cell lays out its content). */
const CONTENTS = { display: 'contents' } as const;
/**
 * The empty text of a table wider than its box: as wide as the box shows at most (`cqi` of the
 * table's wrapper) and kept in view, so it wraps instead of running out of sight.
 */
const EMPTY_TEXT = {
  position: 'sticky',
  left: 'var(--table-horizontal-spacing, 10px)',
  maxWidth: 'calc(100cqi - 2 * var(--table-horizontal-spacing, 10px))',
} as const;

/** The page to show: `paging.page`, pulled back when rows went away (e.g. the last one was approved). */
function shownPage({ page, pageSize }: Paging, total: number): number {
  return Math.min(page, Math.max(1, Math.ceil(total / pageSize)));
}

/** The current page of a list held whole in the browser. */
export function pageOf<Row>(rows: Row[], paging: Paging): Row[] {
  const start = (shownPage(paging, rows.length) - 1) * paging.pageSize;
  return rows.slice(start, start + paging.pageSize);
}

/**
 * The `loading`, `error` and `onRetry` of a `PagedTable` fed by a query: skeleton rows while it
 * fetches, and its error with a Retry that refetches.
 */
export function queryStatus(query: Pick<UseQueryResult, 'isFetching' | 'error' | 'refetch'>) {
  return { loading: query.isFetching, error: query.error, onRetry: () => void query.refetch() };
}

/**
 * The `rows`, `total`, `loading`, `error` and `onRetry` of a `PagedTable` fed by the query of one
 * server page (`{ data, total }`).
 */
export function serverPage<Row>(query: UseQueryResult<{ data: Row[]; total: number }>) {
  return { rows: query.data?.data, total: query.data?.total ?? 0, ...queryStatus(query) };
}

interface PagedTableProps<Row> {
  /** Names the table for assistive technology (and its error state). */
  caption: string;
  columns: Column<Row>[];
  /** The rows of the current page; undefined until the first answer. */
  rows: Row[] | undefined;
  /** Tells the rows apart; the row's `_id` by default, so rows without one must give it. */
  rowKey?: (row: Row) => string;
  loading: boolean;
  /** A failed load: shown with a Retry button instead of the rows. */
  error: unknown;
  onRetry: () => void;
  emptyText: string;
  /** With paging: the rows-per-page selector, the range shown and Previous/Next. */
  paging?: Paging;
  /** Rows matching in all pages (server-side paging) or in the whole list (browser-side). */
  total?: number;
  /**
   * Wider than a phone, a box narrower than this (px) scrolls the table sideways; a phone shows the
   * rows as cards instead.
   */
  minWidth?: number;
}

/** The key of a row that has an `_id` (every API record): the default `rowKey`. */
const byId = (row: unknown) => String((row as { _id?: string })._id);

/**
 * The tables of the money screens: Mantine Table with a loading skeleton, an error state with
 * retry, an empty text, and optional paging. Pages pass one page of rows (see `pageOf` for lists
 * held in the browser). Columns naming a `permission` show only to a staff role that has it. The
 * first column is left-aligned, numeric ones after it right-aligned. Under 768 px each row is a card
 * of labelled fields with its `actions` at the bottom (table-cards.ts); wider, a table narrower than
 * `minWidth` scrolls sideways in its own box, its empty text kept in view and wrapping.
 */
export function PagedTable<Row>({
  caption,
  columns: allColumns,
  rows,
  rowKey = byId,
  loading,
  error,
  onRetry,
  emptyText,
  paging,
  total = 0,
  minWidth = 640,
}: PagedTableProps<Row>) {
  const allowed = useCan();
  const cards = useTableCards();
  const columns = allColumns.filter(
    (column) => column.permission === undefined || allowed(column.permission),
  );
  if (error && !rows) {
    return <LoadError what={caption.toLowerCase()} error={error} onRetry={onRetry} />;
  }

  const align = (column: Column<Row>, index: number) =>
    column.numeric && index > 0 && !cards ? 'right' : undefined;
  /**
   * A row's cells: plain in the table; a label and its value, or the actions, on a card. Both forms
   * keep one element tree (the label slot, then the value's box, which takes no box of its own in
   * the table), so crossing the breakpoint never remounts a cell's content: a row's buttons keep the
   * mutation they started (its toast) while their confirmation is open.
   */
  const cells = (content: (column: Column<Row>) => ReactNode) =>
    columns.map((column, index) => (
      <Table.Td
        key={column.header}
        ta={cards ? undefined : align(column, index)}
        style={
          cards
            ? column.actions
              ? CARD_STYLES.actions
              : CARD_STYLES.cell
            : column.nowrap
              ? NOWRAP
              : undefined
        }
      >
        {cards && !column.actions ? (
          <span aria-hidden style={CARD_STYLES.label}>
            {column.header}
          </span>
        ) : null}
        <div style={cards ? undefined : CONTENTS}>{content(column)}</div>
      </Table.Td>
    ));
  const rowStyle = cards ? CARD_STYLES.row : undefined;
  const skeleton = !rows && loading;
  // no row to show: the empty text stays within the box (EMPTY_TEXT) instead of scrolling away
  const empty = !skeleton && !rows?.length;
  let body: ReactNode;
  if (skeleton) {
    body = Array.from({ length: cards ? 3 : 5 }, (_, i) => (
      <Table.Tr key={i} style={rowStyle}>
        {cells(() => (
          <Skeleton height={14} radius="sm" />
        ))}
      </Table.Tr>
    ));
  } else if (!rows?.length) {
    body = (
      <Table.Tr style={cards ? CARD_STYLES.plainRow : undefined}>
        <Table.Td colSpan={columns.length} style={cards ? CARD_STYLES.whole : undefined}>
          <Text c="dimmed" ta="center" py="lg" style={cards ? undefined : EMPTY_TEXT}>
            {emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => (
      <Table.Tr key={rowKey(row)} style={rowStyle}>
        {cells((column) => column.cell(row))}
      </Table.Tr>
    ));
  }

  const table = (
    <Table
      striped={!cards}
      highlightOnHover={!cards}
      withRowBorders={!cards}
      verticalSpacing="sm"
      aria-label={caption}
      aria-busy={loading}
      style={cards ? CARD_STYLES.table : { minWidth }}
    >
      <Table.Thead style={cards ? CARD_STYLES.head : undefined}>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={column.header} ta={align(column, index)}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody style={cards ? CARD_STYLES.body : undefined}>{body}</Table.Tbody>
    </Table>
  );

  return (
    <div style={empty && !cards ? { containerType: 'inline-size' } : undefined}>
      {/* one tree in both forms, so crossing the breakpoint never remounts the rows (see `cells`);
          a table wider than its box scrolls sideways in it, and that box is reachable by keyboard */}
      <TableCardsContext.Provider value={cards}>
        <div
          {...(cards ? {} : { tabIndex: 0, role: 'region', 'aria-label': caption })}
          style={cards ? undefined : SCROLL_BOX}
        >
          {table}
        </div>
      </TableCardsContext.Provider>
      {paging && <Pager paging={paging} total={total} />}
    </div>
  );
}

/**
 * The rows-per-page selector, the range shown, and Previous/Next. After the user changes the page
 * or its size, a polite live region says where the table stands ("Page 2 of 5, rows 11–20 of 43";
 * WCAG 2.2 4.1.3). A button that pressing disables (Next on reaching the last page, Previous on
 * reaching the first) hands focus to the other one, so focus never falls to the page's body (2.4.3).
 */
export function Pager({ paging, total }: { paging: Paging; total: number }) {
  const page = shownPage(paging, total);
  const pages = Math.max(1, Math.ceil(total / paging.pageSize));
  const first = total === 0 ? 0 : (page - 1) * paging.pageSize + 1;
  const last = Math.min(total, page * paging.pageSize);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // said only after the user moved: the first load stays quiet
  const [moved, setMoved] = useState(false);
  const go = (to: number) => {
    // rendered at once, so the button this disables is disabled before focus moves on
    flushSync(() => {
      paging.setPage(to);
      setMoved(true);
    });
    if (to >= pages) previous.current?.focus();
    else if (to <= 1) next.current?.focus();
  };
  return (
    <Group justify="space-between" mt="sm" gap="sm">
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          aria-label="Rows per page"
          size="xs"
          data={LIMITS.tablePageSizes.map(String)}
          value={String(paging.pageSize)}
          onChange={(event) => {
            paging.setPageSize(Number(event.currentTarget.value) as PageSize);
            setMoved(true);
          }}
        />
        <Text size="sm" c="dimmed">
          {first}–{last} of {total}
        </Text>
      </Group>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-page-status="">
        {moved ? pageStatus(page, paging.pageSize, total) : ''}
      </VisuallyHidden>
      <Group gap="xs">
        <Button ref={previous} size="xs" variant="default" disabled={page <= 1} onClick={() => go(page - 1)}>
          Previous
        </Button>
        <Button ref={next} size="xs" variant="default" disabled={page >= pages} onClick={() => go(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
