/**
 * The user an admin page is about (`:id`): the query of the user with ledger figures, and the name
 * that titles the page — the loaded user's, or the `?name=` its link carried until then.
 */
import { useQuery } from '@tanstack/react-query';
import { useClientRoute } from '../../components/admin/use-client-route';
import { adminUserQuery } from './api';

export function useClientUser() {
  const { id, name } = useClientRoute();
  const query = useQuery(adminUserQuery(id));
  const user = query.data;
  return { query, name: user ? `${user.firstName} ${user.lastName}` : name };
}
