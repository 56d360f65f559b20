/**
 * Paging and a debounced text search of a server-paged table: the box's text, the query params it
 * makes, and `refilter`, which wraps a filter's setter so that any change goes back to page 1.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePaging } from './use-paging';

export function usePagedSearch(initialSearch = '') {
  const paging = usePaging();
  const [search, setText] = useState(initialSearch);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const refilter =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      paging.setPage(1);
    };
  /** The search sent to the server: the trimmed text once typing pauses, undefined when empty. */
  const searched = debounced || undefined;
  return {
    paging,
    search,
    setSearch: refilter(setText),
    searched,
    refilter,
    params: { page: paging.page, pageSize: paging.pageSize, search: searched },
  };
}

export type PagedSearch = ReturnType<typeof usePagedSearch>;
