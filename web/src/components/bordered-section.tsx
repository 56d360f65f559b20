import { Card, type CardProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface BorderedSectionProps extends CardProps {
  /** The id of the section's heading, which names it for assistive technology. */
  'aria-labelledby'?: string;
  /** The section's name while it has no heading (loading, failed). */
  'aria-label'?: string;
  children: ReactNode;
}

/** A bordered card (radius md, padding lg) that is a named `<section>` of a client page; other Card props pass through. */
export function BorderedSection(props: BorderedSectionProps) {
  return <Card withBorder radius="md" padding="lg" component="section" {...props} />;
}
