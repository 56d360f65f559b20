import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../page-title';
import { useClientRoute } from './use-client-route';

/**
 * The h1 of an admin page about the client of its path: "Title — Client name", the name read from
 * the API (`useClientRoute`), a placeholder bar while it loads, and the title alone when it cannot
 * be read; `description` is the dimmed line under it.
 */
export function ClientPageTitle({ title, description }: { title: string; description?: ReactNode }) {
  const { name, loading } = useClientRoute();
  let client: ReactNode = null;
  if (name) client = ` — ${name}`;
  else if (loading) {
    // no text while it loads: the document title follows the h1 (hooks/use-document-title.ts)
    client = (
      <Skeleton
        component="span"
        display="inline-block"
        aria-hidden
        ml="sm"
        w={{ base: 120, sm: 200 }}
        h="0.8em"
        radius="sm"
      />
    );
  }
  return (
    <PageTitle
      title={
        <span style={{ overflowWrap: 'anywhere' }} aria-busy={loading || undefined}>
          {title}
          {client}
        </span>
      }
      description={description}
    />
  );
}

interface ClientPageProps {
  /** The page's h1, followed by " — Client name" (see `ClientPageTitle`). */
  title: string;
  /** The page's largest width in px, centred (full width by default). */
  maw?: number;
  children: ReactNode;
}

/** The frame of a back-office page about one client: its h1, then the content, `md` apart. */
export function ClientPage({ title, maw, children }: ClientPageProps) {
  const centred = maw ? { maw, mx: 'auto', w: '100%' } : {};
  return (
    <Stack gap="md" {...centred}>
      <ClientPageTitle title={title} />
      {children}
    </Stack>
  );
}
