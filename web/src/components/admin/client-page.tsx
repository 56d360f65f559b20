import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ClientPageTitle } from '../client-page-title';

interface ClientPageProps {
  /** The page's h1, followed by " — Client name" when the name is known. */
  title: string;
  name?: string | null;
  /** The page's largest width in px, centred (full width by default). */
  maw?: number;
  children: ReactNode;
}

/** The frame of a back-office page about one client: its h1, then the content, `md` apart. */
export function ClientPage({ title, name, maw, children }: ClientPageProps) {
  const centred = maw ? { maw, mx: 'auto', w: '100%' } : {};
  return (
    <Stack gap="md" {...centred}>
      <ClientPageTitle title={title} name={name} />
      {children}
    </Stack>
  );
}
