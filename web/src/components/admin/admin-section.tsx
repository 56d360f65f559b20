import { Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { BorderedSection } from '../bordered-section';

interface AdminSectionProps {
  /** The section's h2; it names the section for assistive technology. */
  title: ReactNode;
  /** Space under the heading (`sm` by default). */
  headingGap?: 'md' | 'sm' | 0;
  children: ReactNode;
}

/** A bordered card that is a titled `<section>` of a back-office page: an h2, then the content. */
export function AdminSection({ title, headingGap = 'sm', children }: AdminSectionProps) {
  const titleId = useId();
  return (
    <BorderedSection aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb={headingGap} id={titleId}>
        {title}
      </Title>
      {children}
    </BorderedSection>
  );
}
