import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../load-error';

interface QueryContentProps<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'refetch'>;
  /** What failed to load, e.g. "the user", in the error's title. */
  what: string;
  /** Stands in while the first answer comes (skeletons). */
  loading: ReactNode;
  /** The content made of the answer. */
  children: (data: T) => ReactNode;
}

/**
 * What a page (a back-office one, or a client's list) shows of one read: its error with a Retry when it failed before any
 * answer, `loading` until the first answer, then `children` of the answer (kept on a failed refetch).
 */
export function QueryContent<T>({ query, what, loading, children }: QueryContentProps<T>) {
  if (query.error && query.data === undefined) {
    return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return query.data === undefined ? loading : children(query.data);
}
