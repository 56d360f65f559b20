import { Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

interface LoadingStackProps {
  /** Names what loads for assistive technology ("Loading the user"). */
  label: string;
  gap?: MantineSpacing;
  /** The skeletons, shaped like the content to come. */
  children: ReactNode;
}

/** The skeletons standing in for a page's or section's content while it loads, marked busy. */
export function LoadingStack({ label, gap = 'md', children }: LoadingStackProps) {
  return (
    <Stack gap={gap} aria-busy="true" aria-label={label}>
      {children}
    </Stack>
  );
}
