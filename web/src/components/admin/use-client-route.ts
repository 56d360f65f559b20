/**
 * The client an admin page is about: the `:id` of its path and the client's name read from the API
 * (GET /user/admin/:id, which every such page's `clients.read` allows), so every page about a client
 * titles itself from the same source, whatever `?name=` its link carried.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { UserWithFigures } from '@common/schemas/users';
import { dataQuery } from '../../lib/queries';

/** GET /user/admin/:id: the user with ledger figures (USD), referrer and active plan. */
export const adminUserQuery = (id: string) =>
  dataQuery<UserWithFigures>(['users', 'admin', 'detail', id], `/user/admin/${id}`);

/** What an admin page knows of the client of its path. */
export interface ClientRoute {
  id: string;
  /** "First Last" once the client has loaded; undefined before, or when the read failed. */
  name: string | undefined;
  /** True until the first answer (or failure) of the client's read. */
  loading: boolean;
}

/** The client of the page's `:id`, read through `adminUserQuery` (shared with the pages that edit them). */
export function useClientRoute(): ClientRoute {
  const { id = '' } = useParams();
  const query = useQuery(adminUserQuery(id));
  const user = query.data;
  return { id, name: user && `${user.firstName} ${user.lastName}`, loading: query.isPending };
}
