/**
 * The phone form of the shared tables (`PagedTable`): under 768 px (Mantine's `sm` breakpoint) each
 * row stands as a card of "label  value" lines with the row's actions on a line of their own at the
 * bottom, so nothing hides in a sideways scroll. The markup stays a table (rows, cells and the
 * column headers, visually hidden), so assistive technology still reads each value with its
 * column's header; the labels drawn beside the values are hidden from it to be read once.
 */
import { useMediaQuery } from '@mantine/hooks';
import { createContext, useContext, type CSSProperties } from 'react';
import { VISUALLY_HIDDEN } from '../lib/visually-hidden';

/** True under 768 px, where tables show their rows as cards (read at the first render, no flash). */
export function useTableCards(): boolean {
  return useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
}

/** Whether the cells around are drawn as cards: texts drop their table minimum widths there. */
export const TableCardsContext = createContext(false);

/** True inside a table drawn as cards (see `useTableCards`). */
export const useInTableCards = () => useContext(TableCardsContext);

const BORDER = '1px solid var(--mantine-color-default-border)';

/** The inline styles of a table drawn as cards, one entry per part. */
export const CARD_STYLES = {
  table: { display: 'block' },
  /** The header row, kept for assistive technology and hidden from view. */
  head: VISUALLY_HIDDEN,
  body: { display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' },
  row: {
    display: 'block',
    border: BORDER,
    borderRadius: 'var(--mantine-radius-md)',
    padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
  },
  /** A row holding no record (the empty text): no frame. */
  plainRow: { display: 'block' },
  /** A field: its label, then its value, on one line that wraps inside the value. */
  cell: {
    display: 'grid',
    gridTemplateColumns: 'minmax(88px, 38%) minmax(0, 1fr)',
    columnGap: 'var(--mantine-spacing-sm)',
    alignItems: 'baseline',
    padding: '4px 0',
    border: 0,
    overflowWrap: 'anywhere',
  },
  label: { color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-xs)', fontWeight: 500 },
  /** The row's buttons, under its fields, without a label. */
  actions: {
    display: 'block',
    marginTop: 'var(--mantine-spacing-xs)',
    padding: 'var(--mantine-spacing-xs) 0 2px',
    border: 0,
    borderTop: BORDER,
  },
  /** A cell spanning the row (the empty text, wrapping). */
  whole: { display: 'block', padding: 0, border: 0 },
} satisfies Record<string, CSSProperties>;
