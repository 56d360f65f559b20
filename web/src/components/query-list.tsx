import { Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';

interface QueryListProps<Item> {
  query: Pick<UseQueryResult<Item[]>, 'data' | 'error' | 'refetch'>;
  /** What is read, e.g. "your passkeys", in the error's title. */
  what: string;
  /** The words beside the spinner while it loads ("Loading passkeys…"). */
  loading: string;
  /** The dimmed words when the answer holds no item ("No passkeys yet."). */
  empty: string;
  /** The list's accessible name ("Your passkeys"). */
  label: string;
  /** One item as a list item (its `key` set). */
  children: (item: Item) => ReactNode;
}

/**
 * A short list a panel reads whole (a person's passkeys, their API keys): the error with a Retry
 * when the read failed, a small spinner with `loading` until the answer, `empty` for no item, else
 * a bare `ul` of the items, `children` drawing each.
 */
export function QueryList<Item>({ query, what, loading, empty, label, children }: QueryListProps<Item>) {
  if (query.error) return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{loading}</Text>
      </Group>
    );
  if (query.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label={label}>
      {query.data.map((item) => children(item))}
    </Stack>
  );
}
