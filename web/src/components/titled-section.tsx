import { Stack, Title, type StackProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface TitledSectionProps {
  /** The section's h2; it names the section for assistive technology. */
  title: ReactNode;
  /** Space between the heading and each child (`sm` by default). */
  gap?: StackProps['gap'];
  children: ReactNode;
}

/** A `<section>` of a page without a card around it: an h2, then the content (a table, a list). */
export function TitledSection({ title, gap = 'sm', children }: TitledSectionProps) {
  const titleId = useId();
  return (
    <Stack gap={gap} component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
