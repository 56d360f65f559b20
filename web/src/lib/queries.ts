/**
 * Builders of the features' TanStack Query options and mutations, so each api.ts states only its
 * routes: a server-paged list, a read of an answer's `data`, a change that refetches what it moved,
 * and the Idempotency-Key header of a money-moving request (docs/architecture.md, "How a request flows").
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { api, type QueryParams } from './api-client';

/**
 * GET `path` with `params`: one page of a server-paged list, cached under `key` and the params. The
 * page on screen stays while the next one loads.
 */
export const pagedQuery = <Page>(key: readonly unknown[], path: string, params: QueryParams) =>
  queryOptions({
    queryKey: [...key, params],
    queryFn: () => api.get<Page>(path, { params }),
    placeholderData: keepPreviousData,
  });

/** The query options `pagedQuery` makes: what a table fed by one server page at a time takes. */
export type PagedQueryOptions<Page> = ReturnType<typeof pagedQuery<Page>>;

/** GET `path` (with optional `params`), cached under `key`: the `data` of the answer. */
export const dataQuery = <T>(key: readonly unknown[], path: string, params?: QueryParams) =>
  queryOptions({
    queryKey: key,
    queryFn: async () => (await api.get<{ data: T }>(path, { params })).data,
  });

/**
 * A mutation that, once it succeeds, refetches the cached queries under `refetch` (a key, or the key
 * made of the variables sent); every query by default, as a change of money moves figures,
 * histories and the audit log together.
 */
export function useRefetchingMutation<V, T>(
  mutationFn: (variables: V) => Promise<T>,
  refetch?: QueryKey | ((variables: V) => QueryKey),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_answer: T, variables: V) => {
      const queryKey = typeof refetch === 'function' ? refetch(variables) : refetch;
      return queryClient.invalidateQueries(queryKey && { queryKey });
    },
  });
}

/** The request options of a money-moving POST: the form's Idempotency-Key. */
export const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });
