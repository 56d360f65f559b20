import { Title } from '@mantine/core';
import { useSearchParams } from 'react-router';

/**
 * The client's name the links to an admin page about one client carry (`?name=`), so the page can
 * title itself before (or without) loading the client; undefined when absent.
 */
export function useNameParam(): string | undefined {
  const [params] = useSearchParams();
  return params.get('name') ?? undefined;
}

/** The h1 of an admin page about one client: "Title — Client name", or just the title without a name. */
export function ClientPageTitle({ title, name }: { title: string; name?: string | null }) {
  return (
    <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
      {name ? `${title} — ${name}` : title}
    </Title>
  );
}
