import { Anchor, Box, Breadcrumbs, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

interface PageHeaderProps {
  /** The page's h1. */
  title: string;
  /** The page's name in the breadcrumb (the title by default). */
  crumb?: string;
  intro?: string;
}

/** The heading band of an inner public page: its h1 and a Home breadcrumb. */
export function PageHeader({ title, crumb = title, intro }: PageHeaderProps) {
  return (
    <Box
      bg="indigo.0"
      py={{ base: 32, md: 56 }}
      style={{ marginInline: 'calc(var(--mantine-spacing-md) * -1)' }}
    >
      <Container size="lg">
        <Box component="nav" aria-label="Breadcrumb" mb="sm">
          <Breadcrumbs fz="sm">
            <Anchor component={Link} to={paths.home} fz="sm">
              Home
            </Anchor>
            <Text span fz="sm" aria-current="page">
              {crumb}
            </Text>
          </Breadcrumbs>
        </Box>
        <Title order={1} fz={{ base: 30, md: 42 }}>
          {title}
        </Title>
        {intro && (
          <Text c="dimmed" mt="xs" maw={680}>
            {intro}
          </Text>
        )}
      </Container>
    </Box>
  );
}
