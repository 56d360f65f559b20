/**
 * The page and page size of a table (web/src/components/paged-table.tsx draws it; the
 * server-paged searches of web/src/hooks/use-paged-search.ts page with it).
 */
import { useState } from 'react';
import { LIMITS } from '@common/constants';

/** The page sizes a table offers (`LIMITS.tablePageSizes`: 10, 20, 30, 40 rows). */
export type PageSize = (typeof LIMITS.tablePageSizes)[number];

/** Page and page size of a table (sizes 10, 20, 30, 40). Changing the size goes to page 1. */
export function usePaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState<PageSize>(10);
  const setPageSize = (size: PageSize) => {
    setSize(size);
    setPage(1);
  };
  return { page, pageSize, setPage, setPageSize };
}

/** A table's paging state and its setters (what `usePaging` gives). */
export type Paging = ReturnType<typeof usePaging>;
