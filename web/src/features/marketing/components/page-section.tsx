import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** Background of a section: white, light grey, or the dark brand band with white text. */
export type SectionTone = 'white' | 'gray' | 'dark';

interface PageSectionProps {
  /** The section's h2; the section is labelled by it. */
  title?: string;
  intro?: ReactNode;
  tone?: SectionTone;
  children: ReactNode;
}

const BACKGROUNDS: Record<SectionTone, string> = {
  white: 'white',
  gray: 'gray.0',
  dark: 'indigo.9',
};

/**
 * A full-width band of a marketing page (it spans the layout's side padding) with a centred heading
 * and content in the page container.
 */
export function PageSection({ title, intro, tone = 'white', children }: PageSectionProps) {
  const headingId = useId();
  const dark = tone === 'dark';
  return (
    <Box
      component="section"
      aria-labelledby={title ? headingId : undefined}
      bg={BACKGROUNDS[tone]}
      c={dark ? 'white' : undefined}
      // a white focus ring on the dark band (app/focus-ring.css)
      data-surface={dark ? 'dark' : undefined}
      py={{ base: 48, md: 72 }}
      style={{ marginInline: 'calc(var(--mantine-spacing-md) * -1)' }}
    >
      <Container size="lg">
        {title && (
          <Stack gap="xs" ta="center" mb={{ base: 'lg', md: 'xl' }}>
            <Title order={2} id={headingId} fz={{ base: 26, md: 34 }}>
              {title}
            </Title>
            {intro && (
              <Text c={dark ? 'indigo.0' : 'dimmed'} maw={680} mx="auto">
                {intro}
              </Text>
            )}
          </Stack>
        )}
        {children}
      </Container>
    </Box>
  );
}
