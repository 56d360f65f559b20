import { Stack, Text, Title, type MantineColor, type StackProps, type TitleProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The h1 sizes of the client area's pages (the back office's are 24/30 px, the default). */
export const CLIENT_TITLE_FZ: TitleProps['fz'] = { base: 26, sm: 32 };

interface PageTitleProps {
  title: ReactNode;
  /** A dimmed line under the heading saying what the page holds. */
  description?: ReactNode;
  /** The heading's level (1, the page's h1, by default). */
  order?: TitleProps['order'];
  /** The heading's font sizes (24/30 px by default). */
  fz?: TitleProps['fz'];
  /** The description's colour (dimmed by default). */
  descriptionColor?: MantineColor;
  /** Space between the heading, the description and the children (4 px by default). */
  gap?: StackProps['gap'];
  /** What stands under the heading besides the description (a menu of shortcuts). */
  children?: ReactNode;
}

/**
 * The top of a page or of a card: its heading (the page's h1 by default) and, under it, a dimmed
 * line saying what it holds; client-area pages pass `fz={CLIENT_TITLE_FZ}`.
 */
export function PageTitle({
  title,
  description,
  order = 1,
  fz = { base: 24, sm: 30 },
  descriptionColor = 'dimmed',
  gap = 4,
  children,
}: PageTitleProps) {
  return (
    <Stack gap={gap}>
      <Title order={order} fz={fz}>
        {title}
      </Title>
      {description && <Text c={descriptionColor}>{description}</Text>}
      {children}
    </Stack>
  );
}
