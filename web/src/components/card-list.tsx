import { Card, SimpleGrid, Skeleton, Stack, Text, type MantineSpacing } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { LoadError } from './load-error';

/** A bare `<ul>` of cards (each child an `<li>`), named `label` for assistive technology. */
export function CardStack({
  label,
  gap = 'sm',
  children,
}: {
  label: string;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Stack component="ul" gap={gap} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

/** The `items`, `error` and `onRetry` of a `CardList` fed by a query of the whole list. */
export function queryItems<T>(query: { data: T[] | undefined; error: unknown; refetch: () => unknown }) {
  return { items: query.data, error: query.error, onRetry: () => void query.refetch() };
}

interface CardListProps<T extends { _id: string }> {
  /** undefined while loading. */
  items: T[] | undefined;
  error: unknown;
  onRetry: () => void;
  /** What failed to load, for LoadError (by default "the " and the label: "the support tickets"). */
  what?: string;
  /** The list's accessible name ("Support tickets"); the skeleton is "Loading support tickets". */
  label: string;
  /** The empty state's text. */
  empty: string;
  /** Height in px of each skeleton card. */
  skeletonHeight: number;
  /** Two columns from the md breakpoint (four skeletons) instead of one stack (three). */
  twoColumns?: boolean;
  /** Space between the cards of a one-column list. */
  gap?: MantineSpacing;
  /** One item's card, rendered as an `<li>` (a Card with component="li"). */
  children: (item: T) => ReactNode;
}

/**
 * A list of cards read from the API: LoadError with retry when the read fails (and nothing is
 * cached), skeletons while loading, a card with `empty` when there are none, else a `<ul>` of the
 * items' cards in the order given.
 */
export function CardList<T extends { _id: string }>({
  items,
  error,
  onRetry,
  label,
  what = `the ${label.toLowerCase()}`,
  empty,
  skeletonHeight,
  twoColumns = false,
  gap = 'sm',
  children,
}: CardListProps<T>) {
  if (error && !items) return <LoadError what={what} error={error} onRetry={onRetry} />;
  if (!items) {
    const skeletons = (twoColumns ? [0, 1, 2, 3] : [0, 1, 2]).map((i) => (
      <Skeleton key={i} height={skeletonHeight} radius="md" />
    ));
    const loading = { 'aria-busy': true, 'aria-label': `Loading ${label.toLowerCase()}` } as const;
    return twoColumns ? (
      <SimpleGrid cols={{ base: 1, md: 2 }} {...loading}>
        {skeletons}
      </SimpleGrid>
    ) : (
      <Stack gap="sm" {...loading}>
        {skeletons}
      </Stack>
    );
  }
  if (items.length === 0) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Text c="dimmed" ta="center">
          {empty}
        </Text>
      </Card>
    );
  }
  const cards = items.map((item) => <Fragment key={item._id}>{children(item)}</Fragment>);
  return twoColumns ? (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, md: 2 }}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {cards}
    </SimpleGrid>
  ) : (
    <CardStack label={label} gap={gap}>
      {cards}
    </CardStack>
  );
}
