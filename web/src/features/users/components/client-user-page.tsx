import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { UserWithFigures } from '@common/schemas/users';
import { ClientPage } from '../../../components/admin/client-page';
import { QueryContent } from '../../../components/admin/query-content';
import { adminUserQuery, useClientRoute } from '../../../components/admin/use-client-route';

interface ClientUserPageProps {
  /** The h1, followed by " — Client name" (see `ClientPageTitle`). */
  title: string;
  /** The page's largest width in px, centred. */
  maw: number;
  /** What failed to load, in the error's title ("the user", "the account"). */
  what: string;
  /** The skeletons standing in until the user loads. */
  loading: ReactNode;
  /** The page's content, made of the loaded user. */
  children: (user: UserWithFigures) => ReactNode;
}

/**
 * An admin page that edits the user of its path (`:id`): titled with the loaded user's name, it shows
 * the content once the user has loaded, `loading` before, or the error with a Retry.
 */
export function ClientUserPage({ title, maw, what, loading, children }: ClientUserPageProps) {
  const { id } = useClientRoute();
  const query = useQuery(adminUserQuery(id));
  return (
    <ClientPage title={title} maw={maw}>
      <QueryContent query={query} what={what} loading={loading}>
        {children}
      </QueryContent>
    </ClientPage>
  );
}
